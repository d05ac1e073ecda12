import Foundation
import NotificationBody
import NotificationBodyFixtures

/// `fuzz-report.json`: the nightly run's sessions and findings.
package struct TriageReport: Codable, Sendable {
  /// One target's session and findings. The session's counters stand in
  /// the target's own JSON object, beside its name and findings.
  package struct Target: Codable, Sendable {
    package var name: String
    /// What the report shows of the session: its counters, without the
    /// artifacts' paths and the log (the findings say what became of those).
    package var session: TriageSession
    package var findings: [TriageFinding]

    private enum CodingKeys: String, CodingKey {
      case name, findings
    }

    package init(name: String, session: TriageSession, findings: [TriageFinding]) {
      self.name = name
      self.session = session
      self.session.newArtifacts = nil
      self.session.log = nil
      self.findings = findings
    }

    package init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      name = try container.decode(String.self, forKey: .name)
      findings = try container.decode([TriageFinding].self, forKey: .findings)
      session = try TriageSession(from: decoder)
    }

    package func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(name, forKey: .name)
      try container.encode(findings, forKey: .findings)
      try session.encode(to: encoder)
    }
  }

  package var version = 1
  /// When it was written, ISO 8601 in UTC.
  package var date: String
  package var commit: String
  package var toolchain: String
  /// The fuzzing budget, split across the targets.
  package var seconds: Int
  package var jobs: Int
  package var newFindings: Int
  /// "new findings", "fuzzer error" or "nothing new".
  package var result: String
  package var targets: [Target]
  /// The findings grouped by cause, across targets: one promotion each.
  package var causes: [TriageCause] = []
  /// What kind of run it was: a nightly, or a pull request's against its base.
  package enum Mode: String, Codable, Sendable {
    case nightly
    case pullRequest = "pull request"
  }
  package var mode: Mode?
  /// The regression range's base as named, when it was given.
  package var rangeBase: String?
  /// What the regression range's search cost, when it ran.
  package var rangeCost: RegressionSearch.Cost?
  /// The last nightly's causes, rechecked on this revision.
  package var lastRun: [PreviousCause]?
  /// A pull request's gates against its base, when the run ran them.
  package var gates: Gates?
  /// The ports, when the run checked them.
  package var ports: [Port]?

  /// A report of `sessions`: its budget is their seconds (saturating, since
  /// a session file is data and may hold any number) and most jobs.
  package init(
    date: String, commit: String, toolchain: String, sessions: [TriageSession],
    newFindings: Int, result: String, targets: [Target], causes: [TriageCause]
  ) {
    self.date = date
    self.commit = commit
    self.toolchain = toolchain
    seconds = sessions.reduce(0) {
      let (sum, overflow) = $0.addingReportingOverflow(max(0, $1.secondsRequested ?? 0))
      return overflow ? .max : sum
    }
    jobs = sessions.compactMap(\.jobs).max() ?? 1
    self.newFindings = newFindings
    self.result = result
    self.targets = targets
    self.causes = causes
  }

  /// The report as pretty-printed JSON, keys sorted, ending with a line break.
  package var json: [UInt8] {
    // Every value is a string, a number, a Boolean or an array of them.
    let data = (try? JSONFormat.pretty.encode(self)) ?? Data()
    return [UInt8](data) + [UInt8(ascii: "\n")]
  }

  /// The report as Markdown, for people and the CI job's summary.
  package var markdown: String {
    let findings = targets.flatMap(\.findings)
    var lines = headerLines
    if !findings.isEmpty {
      lines += causeLines + rangeLines + lastRunLines + ["## Findings", ""]
      for finding in findings { lines += Self.markdown(finding) + [""] }
    } else {
      lines += ["No artifacts to process.", ""] + lastRunLines
    }
    return (lines + (gates?.markdown ?? []) + (ports.map(Self.markdown) ?? []))
      .joined(separator: "\n")
  }

  /// The title, the run, the result and the sessions' table.
  private var headerLines: [String] {
    var lines = [
      mode == .pullRequest
        ? "# Fuzz report: pull request against \(rangeBase ?? "its base")" : "# Fuzz report",
      "",
      "\(date), commit \(commit.isEmpty ? "unknown" : commit), \(toolchain); "
        + "\(seconds) s split across \(targets.count) targets, "
        + "\(jobs) job\(jobs == 1 ? "" : "s") each.",
      "",
      resultLine(onBase: causes.filter { $0.onBase == true }.count),
      "",
      "| Target | Seconds | Executions | Exec/s | cov | ft | Corpus before | Corpus after | Artifacts |",
      "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    ]
    for target in targets {
      let cells = [
        target.session.seconds, target.session.executions, target.session.execsPerSecond,
        target.session.cov, target.session.ft, target.session.corpusBefore,
        target.session.corpusAfter,
      ].map { $0.map(String.init) ?? "-" }
      lines.append(
        "| \(target.name) | " + cells.joined(separator: " | ") + " | \(target.findings.count) |")
    }
    return lines + [""]
  }

  /// "## Causes": a table, then each cause's summary, inputs and range.
  private var causeLines: [String] {
    guard !causes.isEmpty else { return [] }
    var lines = [
      "## Causes", "",
      "Artifacts with one cause are one finding, promoted once from the smallest.", "",
      "| Cause | Artifacts | Targets | Promoted from | Status | Brought by |",
      "| --- | ---: | --- | --- | --- | --- |",
    ]
    for cause in causes {
      lines.append(
        "| \(Self.cell(cause.cause)) | \(cause.artifacts) | \(cause.targets.joined(separator: ", ")) "
          + "| \(Self.cell(cause.from)) | \(cause.status.rawValue) | \(Self.cell(broughtBy(cause))) |"
      )
    }
    lines.append("")
    for cause in causes {
      lines += ["- \(Self.cell(cause.cause)): " + cause.summary]
      if let detail = cause.detail { lines += ["  " + detail] }
      if let original = cause.original, let minimized = cause.minimized {
        lines += ["  original `\(original)`, minimized `\(minimized)`"]
      }
      if let range = cause.regression { lines += ["  regression range: " + range.line] }
    }
    return lines + [""]
  }

  /// The bold line under the heading: what the run found, and in a pull
  /// request's run what main has too, so a pass never hides a finding.
  private func resultLine(onBase: Int) -> String {
    let also =
      onBase == 0
      ? ""
      : " \(onBase) cause\(onBase == 1 ? " is" : "s are") on main too (listed below): "
        + "\(onBase == 1 ? "it does" : "they do") not fail this run."
    if mode == .pullRequest {
      let gatesFailed =
        gates.map { $0.passed ? "" : " The gates against \($0.base) failed: the run fails." } ?? ""
      return newFindings > 0
        ? "**Result: \(newFindings) new cause\(newFindings == 1 ? "" : "s") that the base does "
          + "not have: the run fails.\(also)\(gatesFailed)**"
        : "**Result: \(result).\(also)\(gatesFailed)**"
    }
    return newFindings > 0
      ? "**Result: \(newFindings) new finding\(newFindings == 1 ? "" : "s").**"
      : "**Result: \(result).**"
  }

  /// A cause's "Brought by" cell.
  private func broughtBy(_ cause: TriageCause) -> String {
    if cause.onBase == true { return "on main too" }
    guard let range = cause.regression else { return "-" }
    switch range.verdict {
    case .found: return "`\((range.commit ?? "").prefix(12))` \(range.subject ?? "")"
    case .ambiguous:
      return "one of "
        + (range.candidates ?? []).map { "`\($0.prefix(12))`" }.joined(separator: ", ")
    default: return range.verdict.rawValue
    }
  }

  /// "## Regression range": the range searched and what it cost.
  private var rangeLines: [String] {
    guard let cost = rangeCost, let range = causes.compactMap(\.regression).first else { return [] }
    let minutes = String(format: "%.1f", cost.seconds / 60)
    return [
      "## Regression range", "",
      "\(range.commits) commit\(range.commits == 1 ? "" : "s") after \(range.base.prefix(12))"
        + (rangeBase.flatMap { range.base.hasPrefix($0) ? nil : " (\($0))" } ?? "")
        + ", \(range.libraryChanges) of them changing the "
        + "library; \(cost.builds) release build\(cost.builds == 1 ? "" : "s") "
        + "(\(cost.failedBuilds) failed), \(cost.probes) probe\(cost.probes == 1 ? "" : "s"), "
        + "\(minutes) min. Each build is the revision's library with this revision's harness; "
        + "a revision that does not build is skipped, never counted clean.",
      "",
    ]
  }

  /// "## The last run's causes": which are fixed on this revision.
  private var lastRunLines: [String] {
    guard let lastRun, !lastRun.isEmpty else { return [] }
    var lines = [
      "## The last run's causes", "", "| Cause | Promoted from | That night | Now |",
      "| --- | --- | --- | --- |",
    ]
    for cause in lastRun {
      lines.append(
        "| \(Self.cell(cause.cause)) | \(Self.cell(cause.from)) | \(cause.night) | \(cause.status.rawValue)"
          + (cause.reason.map { ": " + Self.cell($0) } ?? "") + " |")
    }
    return lines + [""]
  }

  /// One finding's heading and list.
  private static func markdown(_ finding: TriageFinding) -> [String] {
    var lines = [
      "### \(finding.target): \(finding.invariant) (\(finding.status.rawValue))", "",
      "- Artifact: `\(finding.artifact)` (\(finding.kind), \(finding.size) bytes)",
    ]
    if !finding.trap.isEmpty {
      lines.append("- Trap: \(code(String(finding.trap.prefix(300))))")
    }
    if let original = finding.originalInvariant {
      lines.append("- Before minimizing it broke \(original)")
    }
    if let minimized = finding.minimized, let size = finding.minimizedSize {
      lines.append(
        "- Minimized: `\(minimized)` (\(size) bytes, limit \(finding.limit ?? NotificationBody.Limit.default.utf16Units), "
          + "\(finding.encoding ?? "UTF-8"))")
    }
    if let escaped = finding.messageEscaped {
      lines.append("- Input: \(code(String(escaped.prefix(2_000))))")
    }
    if let summary = finding.summary {
      lines.append("- Cause: \(summary)")
    }
    if let unconfirmed = finding.unconfirmed {
      lines.append("- Unconfirmed: \(unconfirmed)")
    }
    if let detail = finding.detail, !detail.isEmpty {
      if finding.status == .new, finding.savedOnly != true {
        lines.append("- \(finding.promoted == true ? "Promoted to" : "Not promoted:") \(detail)")
      } else {
        lines.append("- " + detail.prefix(1).uppercased() + detail.dropFirst())
      }
    }
    return lines
  }

  /// `text` for a table's cell: its bars escaped.
  static func cell(_ text: String) -> String {
    text.replacingOccurrences(of: "|", with: "\\|")
  }

  /// `text` as Markdown inline code, with a longer fence when it holds a backtick.
  private static func code(_ text: String) -> String {
    text.contains("`") ? "`` \(text) ``" : "`\(text)`"
  }
}
