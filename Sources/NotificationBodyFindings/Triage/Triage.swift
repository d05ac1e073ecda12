import Foundation
import NotificationBodyFixtures
import NotificationBodyHarness
import NotificationBodyProcess
import NotificationBodySnapshot

/// The nightly fuzz run's second half, one straight line: each target's
/// session read, its artifacts replayed, named, minimized and promoted
/// (`TriageRun`), the causes promoted once each, the report written, and the
/// regression gate's snapshot given the bodies of the cases promoted.
///
///     let outcome = try Triage.run(
///       settings, report: "fuzz-report", snapshot: SnapshotPaths.snapshot) { print($0) }
///     outcome.newFindings  // 0 on a quiet night
package enum Triage {
  /// What a run found and wrote.
  package struct Outcome: Sendable {
    /// "nothing new", "new findings" or "fuzzer error".
    package var result: String
    package var newFindings: Int
    /// What went wrong that is no finding, each making the run fail.
    package var errors: [String]
  }

  /// Runs the whole of triage.
  ///
  /// - Parameters:
  ///   - settings: Where the artifacts, fuzzers and kept files are.
  ///   - report: The reports' path without `.md` or `.json`.
  ///   - snapshot: The snapshot file to record new inputs' bodies in (those
  ///     of `SnapshotPaths.corpus` and the fixture file); nil for none.
  ///   - gates: A pull request's gates, run before, for the report.
  ///   - ports: The ports, checked before, for the report: a port that
  ///     fails its test or differs from the library fails the run.
  ///   - progress: Receives a line per step.
  /// - Throws: `FindingsError` naming a file, folder or fuzzer that failed.
  package static func run(
    _ settings: TriageRun.Settings, report: String, snapshot: String?,
    library: LibraryProbe = .live, gates: TriageReport.Gates? = nil,
    ports: [TriageReport.Port]? = nil, progress: (String) -> Void
  ) throws(FindingsError) -> Outcome {
    var run = try TriageRun(settings: settings, library: library)
    let search = settings.range.map {
      RegressionSearch(settings: $0, logs: settings.artifacts + "/logs", children: run.children)
    }
    // SIGINT and SIGTERM kill the fuzzer or probe running then, and its
    // group, and take the range's worktree away.
    let watch = InterruptWatch(killing: run.children) { _ in search?.remove() }
    defer {
      watch.cancel()
      search?.remove()
    }
    var (sessions, errors) = try processSessions(&run, progress: progress)
    // One promotion per cause, across the targets.
    var causes = run.promoteByCause(progress: progress)
    errors += run.problems
    var searched: RegressionSearch.Cost?
    if let search {
      do {
        causes = try place(
          causes, run: run, search: search, pullRequest: settings.pullRequest,
          progress: progress)
      } catch {
        errors.append("the regression range was not searched: " + error.message)
      }
      searched = search.cost
    }
    // A pull request's run fails on the causes main does not have.
    let portFindings = ports?.reduce(0) { $0 + $1.findings.count } ?? 0
    let newCount =
      portFindings
      + (settings.pullRequest
        ? causes.filter { $0.status == .new && $0.onBase != true }.count
        : run.findings.filter { $0.status == .new }.count)
    errors += (ports ?? []).compactMap(\.problem)
    var contents = TriageReport(
      date: Date().formatted(.iso8601), commit: commit, toolchain: toolchain,
      sessions: sessions, newFindings: newCount,
      result: newCount > 0 ? "new findings" : errors.isEmpty ? "nothing new" : "fuzzer error",
      targets: zip(FuzzTarget.allCases, sessions).map { target, session in
        TriageReport.Target(
          name: target.rawValue, session: session,
          findings: run.findings.filter { $0.target == target.rawValue })
      },
      causes: causes)
    contents.mode = settings.pullRequest ? .pullRequest : .nightly
    (contents.rangeBase, contents.rangeCost, contents.gates, contents.ports) = (
      settings.range?.base, searched, gates, ports
    )
    contents.lastRun = settings.previousReport.map { PreviousCause.recheck($0, library: library) }
    try kept { try writeAtomically(Array(contents.markdown.utf8), toPath: report + ".md") }
    try kept { try writeAtomically(contents.json, toPath: report + ".json") }
    progress("==> wrote \(report).md and \(report).json: \(contents.result)")
    if !settings.pullRequest, let snapshot,
      let problem = record(snapshot, fixtures: run.fixtureFile, progress: progress)
    {
      errors.append(problem)
    }
    return Outcome(result: contents.result, newFindings: newCount, errors: errors)
  }

  /// Each target's last session read and its new artifacts processed.
  ///
  /// - Returns: The sessions in target order, and a line for each session
  ///   that failed without leaving an artifact.
  private static func processSessions(
    _ run: inout TriageRun, progress: (String) -> Void
  ) throws(FindingsError) -> (sessions: [TriageSession], errors: [String]) {
    var sessions: [TriageSession] = []
    var errors: [String] = []
    for target in FuzzTarget.allCases {
      let session = try TriageSession.read(run.settings.artifacts, target)
      try run.process(target, only: session.newArtifacts, progress: progress)
      if session.failedWithoutArtifact {
        errors.append(
          "\(target.rawValue) exited \(session.exitCode ?? 0) without an artifact; "
            + "see \(session.log ?? run.settings.artifacts + "/logs")")
      }
      sessions.append(session)
    }
    return (sessions, errors)
  }

  /// Searches the regression range of each new cause, and says which
  /// commit brought it in the cause and in its saved failure's note.
  private static func place(
    _ causes: [TriageCause], run: TriageRun, search: RegressionSearch, pullRequest: Bool,
    progress: (String) -> Void
  ) throws(FindingsError) -> [TriageCause] {
    let open = causes.filter { $0.status == .new }
    guard !open.isEmpty else { return causes }
    let ranges = try search.run(run.searchable(open), progress: progress)
    return try causes.map { cause throws(FindingsError) in
      var cause = cause
      guard let range = ranges[cause.cause] else { return cause }
      cause.regression = range
      if pullRequest { cause.onBase = range.verdict == .older }
      if range.verdict == .found, let saved = run.saved(cause.cause) {
        let line = "brought by \(range.commit ?? "") \(range.subject ?? "")"
        try kept { try FailCases(run.settings.failCases).addToNote(line, for: saved) }
      }
      return cause
    }
  }

  /// Records the bodies of inputs new to the corpus (`SnapshotPaths.corpus`)
  /// and the fixture file in the snapshot, so `swift test` passes after a
  /// promotion.
  ///
  /// - Parameters:
  ///   - snapshot: The snapshot file.
  ///   - fixtures: The fixture file as promotion left it, read once in the
  ///     run.
  /// - Returns: Why nothing could be recorded, when a person must look.
  package static func record(
    _ snapshot: String, fixtures: FixtureFile, progress: (String) -> Void
  ) -> String? {
    do {
      let inputs = try SnapshotInput.load(corpus: SnapshotPaths.corpus, fixtures: fixtures)
      let recording = try Snapshot.recordAdded(inputs, path: snapshot)
      if case .refused = recording { return recording.line(snapshot) }
      progress(recording.line(snapshot))
      return nil
    } catch {
      return "the snapshot was not updated: \(error); see docs/gate.md"
    }
  }

  /// The commit checked out, short; empty outside a repository.
  private static var commit: String {
    let git = runToEnd(["git", "rev-parse", "--short", "HEAD"], separateErrors: true)
    return git.status == 0 ? git.output.trimmingCharacters(in: .whitespacesAndNewlines) : ""
  }

  /// "Swift version 6.3.1", as `swift --version` names it; "Swift" when
  /// it names none.
  private static var toolchain: String {
    let swift = runToEnd(["swift", "--version"], separateErrors: true).output
    guard let start = swift.range(of: "Swift version ")?.upperBound else { return "Swift" }
    return "Swift version " + swift[start...].prefix { !$0.isWhitespace }
  }
}
