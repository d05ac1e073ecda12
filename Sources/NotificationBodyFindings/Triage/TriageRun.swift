import Foundation
import NotificationBody
import NotificationBodyFixtures
import NotificationBodyHarness
import NotificationBodyProcess
import NotificationBodyText

/// The nightly's second half: every artifact of the sessions is replayed,
/// named, minimized, deduplicated and promoted.
///
///     var run = try TriageRun(settings: settings)
///     for target in FuzzTarget.allCases { try run.process(target, progress: progress) }
///     let causes = run.promoteByCause(progress: progress)
///     run.findings  // one per artifact
///
/// Each artifact is replayed once, by its libFuzzer binary. One that traps
/// on an invariant is named by its trap line and shrunk once, in process
/// through `FuzzTarget`; only the others (sanitizer reports, timeouts,
/// out-of-memory, other crashes) are named from the rest of the binary's
/// output and minimized by libFuzzer. Then `promoteByCause` groups the
/// shrunk findings of every target by their `FindingCause` and promotes
/// each group once, from its smallest member; the others are its
/// duplicates. The known check and the promotion are `Promotion`'s, as for
/// `promote`, with the fixture file read once per run.
package struct TriageRun {
  /// Where everything is and how much to do.
  package struct Settings: Sendable {
    /// `Fuzz/artifacts`: a folder per target, `sessions/`, `logs/`, `minimized/`.
    package var artifacts: String
    /// The folder of the libFuzzer binaries, one per target.
    package var fuzzers: String
    /// libFuzzer flags for every replay and minimization.
    package var fuzzerOptions: [String]
    package var failCases: String
    package var fixtures: String
    /// At most this many artifacts per target and invariant are minimized.
    package var maxPerInvariant = 3
    /// How long libFuzzer may minimize one artifact.
    package var minimizeSeconds = 60
    /// How long one replay may run in all before it is killed.
    package var replaySeconds = 60
    /// Which commits to search for the commit that brought each new cause;
    /// nil for no search.
    package var range: RegressionSearch.Settings?
    /// Whether this is a pull request's run: the range's base is main, a
    /// cause the base shows is "on main too" and does not fail the run, and
    /// nothing is promoted, so the tracked files stay as they were.
    package var pullRequest = false
    /// The last nightly's `fuzz-report.json`, whose causes are rechecked
    /// here to say which are fixed on this revision; nil for none.
    package var previousReport: String?

    /// Settings of the usual bounds; set them after for others.
    package init(
      artifacts: String, fuzzers: String, fuzzerOptions: [String], failCases: String,
      fixtures: String
    ) {
      self.artifacts = artifacts
      self.fuzzers = fuzzers
      self.fuzzerOptions = fuzzerOptions
      self.failCases = failCases
      self.fixtures = fixtures
    }
  }

  /// The names libFuzzer gives artifacts start with one of these.
  package static let kinds = ["crash-", "timeout-", "oom-", "slow-unit-", "leak-"]

  package let settings: Settings
  /// Every artifact's finding so far, in the order processed.
  private(set) var findings: [TriageFinding] = []
  /// The findings shrunk and not known, waiting for `promoteByCause`.
  private var pending: [Pending] = []
  /// Each cause's promoted member, by the cause's key.
  private var promotedMember: [String: Pending] = [:]
  /// The fixture file and the saved failures, as promotions change them.
  private var promotion: Promotion
  /// The fixture file as the run's promotions left it: read once, appended to.
  package var fixtureFile: FixtureFile { promotion.fixtures.file }
  /// Asked about the library: the live one, or a broken stand-in in tests.
  package let library: LibraryProbe
  /// Asked where a `linear-work` input's work goes.
  package let cost: @Sendable (String, NotificationBody.Limit) -> CostCause.Report?
  /// The fuzzers running now, for a signal's cleanup (`InterruptWatch`).
  package let children = ChildProcessGroups()
  /// What went wrong that is no finding: a listed artifact that is missing,
  /// a fuzzer that failed without saying why or trapped on an invariant
  /// that holds here. Each makes the run fail.
  private(set) var problems: [String] = []

  /// - Throws: `FindingsError.failure` naming the fixture file when it cannot
  ///   be read or is not in the shared schema and format, or the artifacts'
  ///   folder when there is none.
  package init(
    settings: Settings, library: LibraryProbe = .live,
    cost: @escaping @Sendable (String, NotificationBody.Limit) -> CostCause.Report? =
      CostCause.analyze
  ) throws(FindingsError) {
    self.settings = settings
    self.library = library
    self.cost = cost
    promotion = try Promotion(
      fixtures: settings.fixtures, failCases: settings.failCases, library: library)
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: settings.artifacts, isDirectory: &isFolder)
    else {
      throw .failure("\(settings.artifacts): no such folder")
    }
    guard isFolder.boolValue else {
      throw .failure("\(settings.artifacts): not a folder")
    }
  }

  /// Processes `target`'s artifacts, smallest first: those of `only` (paths,
  /// as a session lists them) that are in its folder, or all of them. Each
  /// becomes a finding of `findings`; the new ones wait for
  /// `promoteByCause`.
  ///
  /// - Parameters:
  ///   - target: The fuzz target whose artifacts to process.
  ///   - console: Receives a progress line per step.
  /// - Throws: `FindingsError.failure` naming the target's binary when it is
  ///   missing, or a file or folder that cannot be read or written.
  package mutating func process(
    _ target: FuzzTarget, only listed: [String]? = nil,
    progress: (String) -> Void
  ) throws(FindingsError) {
    let folder = settings.artifacts + "/" + target.rawValue
    let listedNames = listed.map { Set($0.map { String($0.split(separator: "/").last ?? "") }) }
    let present = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    let names = present.filter { name in
      Self.kinds.contains { name.hasPrefix($0) } && listedNames?.contains(name) != false
    }
    for name in (listedNames ?? []).subtracting(present).sorted() {
      problems.append(
        "\(settings.artifacts)/sessions/\(target.rawValue).json lists \(name), but "
          + "\(folder)/\(name): no such file")
    }
    let sized = names.map { name in
      var info = stat()
      return (name, stat(folder + "/" + name, &info) == 0 ? Int(info.st_size) : 0)
    }
    .sorted { ($0.1, $0.0) < ($1.1, $1.0) }
    guard !sized.isEmpty else { return }
    try kept { try makeFolders(settings.artifacts + "/logs") }
    try kept { try makeFolders(settings.artifacts + "/minimized/" + target.rawValue) }
    progress(
      "==> \(target.rawValue): \(sized.count) new artifact\(sized.count == 1 ? "" : "s") to process"
    )
    let fuzzer = TriageFuzzer(
      target: target, path: settings.fuzzers + "/" + target.rawValue,
      options: settings.fuzzerOptions, deadline: .seconds(settings.replaySeconds),
      children: children)
    guard FileManager.default.isExecutableFile(atPath: fuzzer.path) else {
      throw .failure(
        "\(fuzzer.path): no libFuzzer binary to replay with; build it with Fuzz/fuzz build")
    }
    var minimizedPerInvariant: [String: Int] = [:]
    for (name, _) in sized {
      let (finding, waiting) = try process(
        name, in: folder, fuzzer: fuzzer, minimizedPerInvariant: &minimizedPerInvariant,
        progress: progress)
      if let (candidate, cause) = waiting {
        pending.append(Pending(index: findings.count, candidate: candidate, cause: cause))
        progress(
          "==> \(target.rawValue)/\(name): \(finding.invariant), \(cause.summary)")
      } else {
        progress(
          "==> \(target.rawValue)/\(name): \(finding.status.rawValue) (\(finding.invariant))"
            + (finding.detail.map { ": " + $0 } ?? ""))
      }
      if finding.status == .fuzzerError || finding.status == .holdsInProcess {
        problems.append("\(target.rawValue)/\(name): " + (finding.detail ?? ""))
      }
      findings.append(finding)
    }
  }

  /// A shrunk finding waiting for its cause's promotion.
  private struct Pending {
    /// Its place in `findings`.
    var index: Int
    var candidate: Promotion.Candidate
    var cause: FindingCause
  }

  /// Groups the findings waiting since `process` by cause, across targets,
  /// and promotes each group once, from its smallest member (by shrunk
  /// size, then target and name); the group's other members become its
  /// duplicates. A group whose smallest member is already known (a fixture
  /// case or saved failure made since it was shrunk) is known.
  ///
  /// - Parameter console: Receives a line per group.
  /// - Returns: The groups, in the order their first member was processed.
  package mutating func promoteByCause(
    progress: (String) -> Void
  ) -> [TriageCause] {
    var order: [String] = []
    var groups: [String: [Pending]] = [:]
    for waiting in pending {
      if groups[waiting.cause.key] == nil { order.append(waiting.cause.key) }
      groups[waiting.cause.key, default: []].append(waiting)
    }
    pending = []
    var causes: [TriageCause] = []
    for key in order {
      let members = groups[key] ?? []
      // The smallest member that pins a body, so that a body bug is a case
      // of the contract even when its smallest input broke an invariant
      // whose bodies agree (window-holds); else the smallest.
      guard
        let first = members.min(by: {
          (
            $0.cause.pinsBody ? 0 : 1, $0.candidate.bytes.count, findings[$0.index].target,
            findings[$0.index].artifact
          )
            < (
              $1.cause.pinsBody ? 0 : 1, $1.candidate.bytes.count, findings[$1.index].target,
              findings[$1.index].artifact
            )
        })
      else { continue }
      let from = findings[first.index]
      let fromName = from.target + "/" + (from.artifact.split(separator: "/").last ?? "")
      for member in members where member.index != first.index {
        findings[member.index].status = .duplicate
        findings[member.index].detail = "same cause as \(fromName): \(key)"
      }
      if let known = promotion.existing(first.candidate) {
        findings[first.index].status = .known
        findings[first.index].detail = known
      } else if !settings.pullRequest {
        promote(first, from: from.minimized ?? from.artifact)
      } else {
        findings[first.index].detail =
          "not promoted (a pull request's run promotes nothing): `Fuzz/fuzz promote "
          + "\(from.minimized ?? from.artifact) --target \(from.target)` makes it a case"
      }
      promotedMember[key] = first
      let promoted = findings[first.index]
      let cause = TriageCause(
        cause: key, rule: first.cause.rule, summary: first.cause.summary,
        invariant: promoted.invariant, artifacts: members.count,
        targets: Array(Set(members.map { findings[$0.index].target })).sorted(),
        from: fromName, status: promoted.status, detail: promoted.detail,
        growth: first.cause.growth, original: promoted.artifact,
        minimized: promoted.minimized ?? promoted.artifact,
        input: TriageCause.hex(first.candidate.bytes))
      progress(
        "==> cause \(key): \(members.count) artifact\(members.count == 1 ? "" : "s"), "
          + "\(promoted.status.rawValue) from \(fromName)"
          + (promoted.detail.map { ": " + $0 } ?? ""))
      causes.append(cause)
    }
    return causes
  }

  /// What a regression range searches for each of `causes`: its promoted
  /// member's target, invariant and smallest input, and whether this
  /// process's library showed it.
  package func searchable(_ causes: [TriageCause]) -> [RegressionSearch.Cause] {
    causes.compactMap { cause in
      guard let member = promotedMember[cause.cause] else { return nil }
      let finding = findings[member.index]
      guard let target = FuzzTarget(rawValue: finding.target) else { return nil }
      let checked = Invariant(rawValue: finding.invariant) != nil && finding.unconfirmed == nil
      return RegressionSearch.Cause(
        key: cause.cause, target: target, invariant: finding.invariant,
        input: finding.minimized ?? finding.artifact, shownHere: checked)
    }
  }

  /// Where the promoted member of the cause `key` was saved as a failure.
  package func saved(_ key: String) -> String? {
    promotedMember[key].flatMap { findings[$0.index].saved }
  }

  /// One artifact, from replay to promotion.
  ///
  /// - Returns: Its finding, and the shrunk candidate and its cause when it
  ///   waits for `promoteByCause` (then its status is `new`).
  private mutating func process(
    _ name: String, in folder: String, fuzzer: TriageFuzzer,
    minimizedPerInvariant: inout [String: Int], progress: (String) -> Void
  ) throws(FindingsError) -> (TriageFinding, (Promotion.Candidate, FindingCause)?) {
    let target = fuzzer.target
    let path = folder + "/" + name
    let kind = String((Self.kinds.first { name.hasPrefix($0) } ?? "crash-").dropLast())
    let original = try kept { try FileBytes.readMessage(atPath: path).bytes }
    let logs = settings.artifacts + "/logs/"
    var finding = TriageFinding(
      target: target.rawValue, artifact: path, kind: kind, size: original.count,
      invariant: kind, trap: "", status: .new)

    let log = logs + "replay-\(target.rawValue)-\(name).log"
    let outcome = fuzzer.replay(path, log: log)
    guard !outcome.passed else {
      finding.status = .notReproduced
      finding.detail = "the input passes when replayed"
      return (finding, nil)
    }
    // An invariant's trap names the failure; anything else could crash or
    // hang this process, so it is never run here and its name comes from
    // the binary's output.
    let failure = outcome.invariantFailure
    let diagnosis = outcome.diagnosis(fallback: kind)
    finding.invariant = failure?.invariant.rawValue ?? diagnosis.name
    finding.trap = failure?.trapMessage ?? diagnosis.line
    // A failure is a finding only when the binary says what it was, and an
    // invariant's only when it breaks here too.
    guard failure != nil || outcome.hasDiagnosis else {
      finding.status = .fuzzerError
      finding.detail =
        outcome.killedAtDeadline
        ? "the fuzzer ran past the \(settings.replaySeconds) s deadline and was killed, with "
          + "no diagnosis: give it a shorter -timeout with --fuzzer-option; see \(log)"
        : "the fuzzer \(outcome.ending) with no diagnosis: rebuild it (stale build, missing "
          + "library, OOM kill?); see \(log)"
      return (finding, nil)
    }
    if let failure {
      switch library.recheck(failure.invariant, target, original) {
      case .fails: break
      case .passes:
        finding.status = .holdsInProcess
        finding.detail =
          "\(target.rawValue) reported \(failure.invariant) on \(path), but it holds in "
          + "process: is the fuzzer build stale?"
        return (finding, nil)
      case .cannotTell(let reason):
        finding.unconfirmed = reason
      }
    }

    // Already a regression case as it is: nothing to minimize.
    let whole = Promotion.Candidate(target: target, bytes: original)
    if let known = promotion.existing(whole) {
      finding.status = .known
      finding.detail = known
      finding.describe(whole)
      return (finding, nil)
    }
    guard minimizedPerInvariant[finding.invariant, default: 0] < settings.maxPerInvariant else {
      finding.status = .skipped
      finding.detail =
        "\(settings.maxPerInvariant) artifacts of \(finding.invariant) already minimized in this run"
      return (finding, nil)
    }
    minimizedPerInvariant[finding.invariant, default: 0] += 1
    return try shrink(
      name, path: path, original: original, failure: failure, fuzzer: fuzzer, finding: finding,
      progress: progress)
  }

  /// An artifact that fails and is no regression case yet, shrunk in
  /// process (an invariant's) or by libFuzzer (anything else), then known,
  /// or waiting for its cause's promotion.
  private func shrink(
    _ name: String, path: String, original: [UInt8], failure: InvariantFailure?,
    fuzzer: TriageFuzzer, finding: TriageFinding, progress: (String) -> Void
  ) throws(FindingsError) -> (TriageFinding, (Promotion.Candidate, FindingCause)?) {
    var finding = finding
    let target = fuzzer.target
    let logs = settings.artifacts + "/logs/"
    let minimizedPath = settings.artifacts + "/minimized/\(target.rawValue)/\(name).min"
    let candidate: Promotion.Candidate
    if let failure {
      progress(
        "==> \(target.rawValue)/\(name): \(finding.invariant), \(original.count) bytes; shrinking")
      // The shrunk message's own bytes, so that artifacts of one bug that
      // shrink to the same message are duplicates, and the saved failure
      // reads as the fixture case does.
      candidate = Promotion.Candidate(
        target: target, bytes: original, failure: failure, savingShrunkBytes: true,
        library: library)
    } else {
      progress(
        "==> \(target.rawValue)/\(name): \(finding.invariant), \(original.count) bytes; "
          + "minimizing (up to \(settings.minimizeSeconds) s)")
      candidate = minimizeWithLibFuzzer(
        path, original: original, fuzzer: fuzzer, output: minimizedPath,
        log: logs + "minimize-\(target.rawValue)-\(name).log", finding: &finding)
    }
    if candidate.bytes != original {
      try kept { try writeAtomically(candidate.bytes, toPath: minimizedPath) }
      finding.minimized = minimizedPath
    } else {
      finding.minimized = path
    }
    finding.minimizedSize = candidate.bytes.count
    finding.describe(candidate)

    if let known = promotion.existing(candidate) {
      finding.status = .known
      finding.detail = known
      return (finding, nil)
    }
    let cause = FindingCause(
      of: candidate, invariant: finding.invariant, trap: finding.trap, library: library,
      cost: cost)
    finding.cause = cause.key
    finding.rule = cause.rule
    finding.summary = cause.summary
    return (finding, (candidate, cause))
  }

  /// libFuzzer's smallest input that still fails, replayed: the original
  /// when it passes, with `originalInvariant` set when it fails otherwise.
  private func minimizeWithLibFuzzer(
    _ path: String, original: [UInt8], fuzzer: TriageFuzzer, output: String, log: String,
    finding: inout TriageFinding
  ) -> Promotion.Candidate {
    let target = fuzzer.target
    guard
      let minimized = fuzzer.minimize(
        path, seconds: settings.minimizeSeconds, output: output, log: log),
      minimized != original
    else {
      return Promotion.Candidate(target: target, bytes: original)
    }
    let outcome = fuzzer.replay(output, log: log + ".replay")
    guard !outcome.passed else {
      return Promotion.Candidate(target: target, bytes: original)
    }
    let diagnosis = outcome.diagnosis(fallback: finding.kind)
    if diagnosis.name != finding.invariant {
      finding.originalInvariant = finding.invariant
      finding.invariant = diagnosis.name
      finding.trap = diagnosis.line
    }
    return Promotion.Candidate(target: target, bytes: minimized)
  }

  /// Promotes a group's member in process, recording where to or why not
  /// in its finding.
  private mutating func promote(_ member: Pending, from source: String) {
    let candidate = member.candidate
    var finding = findings[member.index]
    defer { findings[member.index] = finding }
    let name = candidate.defaultName(problem: finding.invariant, rule: member.cause.rule)
    do {
      let hang = ["timeout", "oom"].contains(finding.kind) ? finding.kind : nil
      let promoted = try promotion.write(
        candidate, name: name, source: source, about: member.cause.summary, hang: hang)
      finding.promoted = true
      finding.saved = promoted.path
      if let reason = promoted.failureOnly {
        finding.savedOnly = true
        finding.detail = reason
      } else {
        finding.detail = "\(promoted.path); fixture case \(Escaped.forDisplay(name))"
      }
    } catch {
      finding.promoted = false
      finding.detail = error.message
    }
  }
}
