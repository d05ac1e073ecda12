import Foundation
import NotificationBodyFixtures
import NotificationBodyHarness

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
    var lines = [
      "# Fuzz report", "",
      "\(date), commit \(commit.isEmpty ? "unknown" : commit), \(toolchain); "
        + "\(seconds) s split across \(targets.count) targets, "
        + "\(jobs) job\(jobs == 1 ? "" : "s") each.",
      "",
      newFindings > 0
        ? "**Result: \(newFindings) new finding\(newFindings == 1 ? "" : "s").**"
        : "**Result: \(result).**",
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
    lines.append("")
    guard !findings.isEmpty else {
      return (lines + ["No artifacts to process.", ""]).joined(separator: "\n")
    }
    if !causes.isEmpty {
      lines += [
        "## Causes", "",
        "Artifacts with one cause are one finding, promoted once from the smallest.", "",
        "| Cause | Artifacts | Targets | Promoted from | Status |",
        "| --- | ---: | --- | --- | --- |",
      ]
      for cause in causes {
        lines.append(
          "| \(cell(cause.cause)) | \(cause.artifacts) | \(cause.targets.joined(separator: ", ")) "
            + "| \(cell(cause.from)) | \(cause.status.rawValue) |")
      }
      lines.append("")
      for cause in causes {
        lines += ["- \(cell(cause.cause)): " + cause.summary]
        if let detail = cause.detail { lines += ["  " + detail] }
      }
      lines.append("")
    }
    lines += ["## Findings", ""]
    for finding in findings {
      lines += Self.markdown(finding) + [""]
    }
    return lines.joined(separator: "\n")
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
        "- Minimized: `\(minimized)` (\(size) bytes, limit \(finding.limit ?? 256), "
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
  private func cell(_ text: String) -> String {
    text.replacingOccurrences(of: "|", with: "\\|")
  }

  /// `text` as Markdown inline code, with a longer fence when it holds a backtick.
  private static func code(_ text: String) -> String {
    text.contains("`") ? "`` \(text) ``" : "`\(text)`"
  }
}
