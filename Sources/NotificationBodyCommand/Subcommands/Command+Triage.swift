import Foundation
import NotificationBodyFixtures
import NotificationBodyHarness

extension Command {
  /// `notification-body triage [options]`: the nightly fuzz run's second
  /// half. Names, minimizes, deduplicates and promotes the artifacts the
  /// fuzzers saved, and writes the report.
  enum Triage: Subcommand {
    static let defaultArtifacts = "Fuzz/artifacts"
    static let defaultFuzzers = "Fuzz/.build/release"
    static let defaultReport = "fuzz-report"

    static let help = Help(
      name: "triage",
      abstract: "Name, minimize and promote fuzz findings; write the report.",
      discussion: """
        For each target, takes the artifacts (crash-, timeout-, oom-, slow-unit-, leak-) \
        its last session left, as <artifacts>/sessions/<target>.json lists them, or every \
        one in <artifacts>/<target>/ when there is no session, smallest first, and \
        replays it, once, with the target's libFuzzer binary. One that passes is "not \
        reproduced". One that traps on an invariant is named by its trap line; any other \
        failure is named from the rest of the binary's output (asan-<kind>, timeout, oom, \
        fatal-error). A failure the output does not explain (no sanitizer report, libFuzzer \
        error or trap: a stale build, a missing library, an OOM kill) is a "fuzzer error", \
        and an invariant the library keeps on the input in this process is "holds in \
        process" (a stale build): neither is promoted. linear-work is checked again only \
        when this command has the work meter (NOTIFICATION_BODY_WORK_METER=1); else the \
        finding is kept and marked unconfirmed.

        Every run of a binary gets -timeout=\(TriageFuzzer.defaultTimeout) unless \
        --fuzzer-option gives a -timeout, and is killed with its process group at \
        --replay-seconds; SIGINT and SIGTERM kill the running binary's group too.

        An artifact whose input already is a fixture case or a saved failure is "known". \
        Otherwise, at most --max-per-invariant artifacts per target and invariant are \
        minimized ("skipped" beyond): an invariant's input is shrunk in process while it \
        breaks the same invariant (at the default limit when it breaks there), anything \
        else by libFuzzer (-minimize_crash=1). Minimized bytes that `promote` would find \
        covered are "known". The rest are grouped by cause, across targets: a body \
        finding by the rule of docs/contract.md that kept or dropped the text where the \
        library's body parts from the reference's, whichever target, invariant and limit \
        caught it (by its shrunk message and limit when the bodies agree); a linear-work finding by the library function whose work grows most, \
        with its shape (prefix + unit × k + suffix, or every repeat × k when that grows \
        faster) and the work at k, 2k and 4k, k where it grows fastest; anything \
        else by its name and trap line. Each cause is promoted once, from its smallest \
        member whose body is not the reference's, else its smallest ("new"), as `promote` does, named "<rule> fuzz <target>: <invariant> <sha1 \
        prefix>" ("R?" when no rule is known); the other members are its "duplicate"s. A \
        cost finding (linear-work, no-leak, a timeout, an out-of-memory) is saved as a \
        failure only, never a fixture case; beside every saved \
        failure, <sha1>.txt says its cause in a line.

        Writes <report>.md and <report>.json with each target's session (read from \
        <artifacts>/sessions/<target>.json, which Fuzz/fuzz writes: the report's budget is \
        the sessions' seconds and jobs) and findings, the commit (`git rev-parse --short \
        HEAD`), the toolchain (`swift --version`) and the causes, each once, with how many \
        artifacts it groups. Fuzz/fuzz nightly runs it with the \
        fuzzing flags of Fuzz/fuzz-settings.sh.

        Exits 0 when nothing new was found, 1 when something new was, a fuzzer failed \
        without leaving an artifact or without a diagnosis, a finding holds in process, a \
        session lists an artifact that is missing, --artifacts is no folder, or a file \
        could not be read or written, 64 for bad arguments.
        """,
      options: [
        Option(
          names: ["--artifacts"], valueName: "<folder>",
          text: "The fuzzers' artifacts, a folder per target. (default: \(defaultArtifacts))"),
        Option(
          names: ["--fuzzers"], valueName: "<folder>",
          text: "The libFuzzer binaries, one per target. (default: \(defaultFuzzers))"),
        Option(
          names: ["--fuzzer-option"], valueName: "<flag>",
          text: "A libFuzzer flag for every replay and minimization, e.g. -timeout=2. Repeatable.",
          repeatable: true),
        Option(
          names: ["--fixtures"], valueName: "<file>",
          text: "The fixture file to check and append to. (default: \(FixtureFile.contractPath))"),
        Option(
          names: ["--fail-cases"], valueName: "<folder>",
          text: "The saved failures, a folder per target. (default: \(Promote.defaultFailCases))"),
        Option(
          names: ["--report"], valueName: "<path>",
          text: "The reports' path without .md or .json. (default: \(defaultReport))"),
        Option(
          names: ["--max-per-invariant"], valueName: "<n>",
          text: "Artifacts minimized per target and invariant. (default: 3)"),
        Option(
          names: ["--minimize-seconds"], valueName: "<s>",
          text: "libFuzzer's time to minimize one artifact. (default: 60)"),
        Option(
          names: ["--replay-seconds"], valueName: "<s>",
          text: """
            How long one replay may run before it is killed with its process group; a \
            minimization may run this much longer than --minimize-seconds. (default: 60)
            """),
      ])

    static func run<Output, ErrorOutput>(
      _ arguments: ParsedArguments, console: inout Console<Output, ErrorOutput>
    ) throws(CommandError) -> Int32 {
      if let extra = arguments.positionals.first {
        throw .usage("unexpected argument '\(extra)'", help: help)
      }
      let values = arguments.values
      let settings = TriageRun.Settings(
        artifacts: values["--artifacts"] ?? defaultArtifacts,
        fuzzers: values["--fuzzers"] ?? defaultFuzzers,
        fuzzerOptions: arguments.repeatedValues["--fuzzer-option"] ?? [],
        failCases: values["--fail-cases"] ?? Promote.defaultFailCases,
        fixtures: values["--fixtures"] ?? FixtureFile.contractPath,
        maxPerInvariant: try number(values, "--max-per-invariant", default: 3, least: 1),
        minimizeSeconds: try number(values, "--minimize-seconds", default: 60, least: 1),
        replaySeconds: try number(values, "--replay-seconds", default: 60, least: 1))
      let report = values["--report"] ?? defaultReport
      // Two files are written from it, so "-" cannot stand for standard output.
      if report == "-" {
        throw .usage("'--report' is a path for two files, not standard output ('-')", help: help)
      }
      // Reads the fixture file, so it must be readable before anything is
      // replayed.
      var run = try TriageRun(settings: settings)
      // SIGINT and SIGTERM kill the fuzzer running then, and its group.
      let watch = InterruptWatch(killing: run.children)
      defer { watch.cancel() }
      var sessions: [TriageSession] = []
      var errors: [String] = []
      for target in FuzzTarget.allCases {
        let session = try readSession(settings.artifacts, target)
        try run.process(target, only: session.newArtifacts, console: &console)
        if session.failedWithoutArtifact {
          errors.append(
            "\(target.rawValue) exited \(session.exitCode ?? 0) without an artifact; "
              + "see \(session.log ?? settings.artifacts + "/logs")")
        }
        sessions.append(session)
      }
      // One promotion per cause, across the targets.
      let causes = run.promoteByCause(console: &console)
      let targets = zip(FuzzTarget.allCases, sessions).map { target, session in
        TriageReport.Target(
          name: target.rawValue, session: session,
          findings: run.findings.filter { $0.target == target.rawValue })
      }

      errors += run.problems
      let newCount = run.findings.filter { $0.status == .new }.count
      let contents = TriageReport(
        date: Date().formatted(.iso8601), commit: commit, toolchain: toolchain,
        // Saturating: the session files are data, and may hold any number.
        seconds: sessions.reduce(0) {
          let (sum, overflow) = $0.addingReportingOverflow(max(0, $1.secondsRequested ?? 0))
          return overflow ? .max : sum
        },
        jobs: sessions.compactMap(\.jobs).max() ?? 1,
        newFindings: newCount,
        result: newCount > 0 ? "new findings" : errors.isEmpty ? "nothing new" : "fuzzer error",
        targets: targets, causes: causes)
      try writeAtomically(Array(contents.markdown.utf8), toPath: report + ".md")
      try writeAtomically(contents.json, toPath: report + ".json")
      console.print("==> wrote \(report).md and \(report).json: \(contents.result)")
      for error in errors { console.printError("Error: " + error) }
      return newCount == 0 && errors.isEmpty ? ExitStatus.success : ExitStatus.failure
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

    /// `target`'s last session, or an empty one when there is none.
    private static func readSession(_ artifacts: String, _ target: FuzzTarget)
      throws(CommandError) -> TriageSession
    {
      let path = "\(artifacts)/sessions/\(target.rawValue).json"
      guard FileManager.default.fileExists(atPath: path) else { return TriageSession() }
      return try TriageSession.read(
        try readFile(atPath: path, limit: FileBytes.jsonLimit), path: path)
    }

    /// A whole-number option's value, at least `least`.
    private static func number(
      _ values: [String: String], _ option: String, default fallback: Int, least: Int
    ) throws(CommandError) -> Int {
      guard let text = values[option] else { return fallback }
      guard let value = Int(text), value >= least else {
        throw .usage(
          "'\(option)' must be a whole number of at least \(least); got '\(text)'", help: help)
      }
      return value
    }
  }
}
