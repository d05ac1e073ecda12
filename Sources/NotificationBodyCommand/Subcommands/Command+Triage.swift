import Foundation
import NotificationBodyFindings
import NotificationBodyFixtures
import NotificationBodyPorts
import NotificationBodyProcess
import NotificationBodySnapshot

extension Command {
  /// `notification-body triage [options]`: the nightly fuzz run's second
  /// half, `Triage.run` (NotificationBodyFindings); Fuzz/README.md, "After a
  /// finding", says what it does to each artifact.
  enum Triage: Subcommand {
    static let help = Help(
      name: "triage",
      abstract: "Name, minimize and promote fuzz findings; write the report.",
      discussion: """
        Replays each artifact of the fuzzers' last sessions with its libFuzzer binary, names \
        it by the invariant it breaks, shrinks it, groups the artifacts by cause (the \
        contract's rule, or the function whose work grows), promotes each cause once as \
        `promote` does, writes <report>.md and <report>.json, and records the bodies of the \
        cases it promoted in --snapshot. Fuzz/README.md, "After a finding", has the rest.

        --range-since <rev> or --range-commits <n> then finds, for each new cause, the first \
        commit whose library shows it: each library state of the range is built once (release, \
        with the work meter, HEAD's harness) and bisected with `recheck`. --base <rev> is a pull \
        request's run: the range starts where HEAD branched from <rev>, a cause the base shows \
        is "on main too" and does not fail the run, and nothing is promoted; with --gates it \
        also runs the body and cost gates against <rev> first, as `gate --baseline` does, \
        counting --gates-build's instructions, and writes their verdict into both reports. \
        --last-report rechecks a report's causes and says which are fixed on this revision.

        --import <path> triages what an engine handed out instead of the sessions' artifacts: \
        ClusterFuzzLite's crash download (<Target>/<sanitizer>/crash-<sha1>, in <path> or a \
        folder below it, or the artifact's zip) or OSS-Fuzz's testcases \
        (clusterfuzz-testcase[-minimized]-<Target>[_<build>]-<id>). Each is laid out in \
        <artifacts>/import as the nightly leaves its own, then triaged the same way; a \
        .summary, log or SARIF file is never read. A path with no testcase, a testcase of an \
        unknown target, an empty or unreadable one, or a zip that is not ClusterFuzzLite's \
        exits 64 with one line naming the file, before anything is written.

        --ports <folder> first checks each port there (a folder with an executable `test` and \
        `serve`): its test, then `diff --against` its serve over --port-count generated \
        messages (seeded by the date in a nightly, with the default seed in a pull request's \
        run), the corpus and the fixture file; a cause on which the port alone is wrong is \
        appended to the fixture file in a nightly. A pull request's run checks the ports only \
        when the change touches ports/, test-fixtures/ or Sources/NotificationBody/. A port \
        that fails its test or differs fails the run.

        Exits 0 when nothing new was found (with --base: no cause main lacks, and the gates \
        passed), 1 when something new was, a gate failed, or a fuzzer, file, session or range \
        search failed, 64 for bad arguments.
        """,
      options: [
        Option("--artifacts <folder>", "The artifacts. (default: Fuzz/artifacts)", path: .folder),
        Option(
          "--import <path>", "Triage an engine's download or testcases instead.", repeatable: true),
        .fuzzers,
        Option("--fuzzer-option <flag>", "A flag for every libFuzzer run.", repeatable: true),
        .keptFixtures, .failCases, .findingsSnapshot,
        Option(
          "--report <path>", "The reports' path without .md or .json. (default: fuzz-report)",
          path: .kept),
        Option(
          "--max-per-invariant <n>", "Artifacts minimized per target and invariant. (default: 3)"),
        Option(
          "--minimize-seconds <s>", "libFuzzer's time to minimize one artifact. (default: 60)"),
        Option("--replay-seconds <s>", "How long one replay may run. (default: 60)"),
        Option("--range-since <rev>", "Search the commits after <rev> for each new cause's."),
        Option("--range-commits <n>", "Search the last <n> commits for each new cause's."),
        Option("--base <rev>", "A pull request's run against <rev>, e.g. origin/main."),
        Option(
          "--last-report <file>", "Say which of this report's causes are fixed now.", path: .file),
        Option("--gates", "With --base: run the body and cost gates against it too."),
        Option("--ports <folder>", "Check each port of <folder> first.", path: .folder),
        Option("--port-count <n>", "Messages generated per port. (default: 1000000)"),
        Option(
          "--gates-build <binary>",
          "With --gates: this revision's plain release build, whose instructions are counted. "
            + "(default: .build/release/notification-body)", path: .file),
      ])

    static func run<Output, ErrorOutput>(
      _ arguments: ParsedArguments, console: inout Console<Output, ErrorOutput>
    ) throws(CommandError) -> Int32 {
      var settings = try settings(arguments)
      let imported = try imported(arguments)
      let base = arguments.values["--base"]
      if arguments.flags.contains("--gates") && base == nil {
        throw .usage("'--gates' goes with '--base'", help: help)
      }
      for (option, needs) in [("--gates-build", "--gates"), ("--port-count", "--ports")]
      where arguments.values[option] != nil && arguments.values[needs] == nil
        && !arguments.flags.contains(needs)
      {
        throw .usage("'\(option)' goes with '\(needs)'", help: help)
      }
      let portCount = try arguments.number("--port-count", default: 1_000_000, help: help)
      let gates = base.flatMap { base in
        arguments.flags.contains("--gates")
          ? pullRequestGates(
            base: base,
            thisBuild: arguments.values["--gates-build"] ?? ".build/release/notification-body"
          ) { console.printError($0) } : nil
      }
      let ports = arguments.values["--ports"].flatMap { folder in
        checkPorts(in: folder, count: portCount, base: base, settings: settings) {
          console.printError($0)
        }
      }
      if let imported {
        settings.artifacts += "/import"
        try step { try EngineTestcases.lay(imported, into: settings.artifacts) }
        console.print(
          "==> imported \(imported.count) testcase\(imported.count == 1 ? "" : "s") into "
            + settings.artifacts)
      }
      let outcome = try step {
        try NotificationBodyFindings.Triage.run(
          settings, report: arguments.values["--report"] ?? "fuzz-report",
          snapshot: arguments.snapshot, gates: gates, ports: ports
        ) { console.print($0) }
      }
      for error in outcome.errors { console.printError("Error: " + error) }
      if let gates, !gates.passed {
        console.printError("Error: the gates against \(gates.base) failed; see the report")
      }
      return outcome.newFindings == 0 && outcome.errors.isEmpty && gates?.passed != false
        ? ExitStatus.success : ExitStatus.failure
    }

    /// The testcases of `--import`, every one read and checked; nil
    /// without it.
    private static func imported(_ arguments: ParsedArguments) throws(CommandError)
      -> [EngineTestcases.Testcase]?
    {
      guard let paths = arguments.repeatedValues["--import"] else { return nil }
      do {
        return try EngineTestcases.read(paths)
      } catch {
        throw .badInput(error.message)
      }
    }

    /// The run's settings from the options, each number and range checked.
    private static func settings(_ arguments: ParsedArguments) throws(CommandError)
      -> TriageRun.Settings
    {
      var settings = TriageRun.Settings(
        artifacts: arguments.values["--artifacts"] ?? "Fuzz/artifacts", fuzzers: arguments.fuzzers,
        fuzzerOptions: arguments.repeatedValues["--fuzzer-option"] ?? [],
        failCases: arguments.failCases, fixtures: arguments.fixtures)
      settings.maxPerInvariant = try arguments.number(
        "--max-per-invariant", default: settings.maxPerInvariant, help: help)
      settings.minimizeSeconds = try arguments.number(
        "--minimize-seconds", default: settings.minimizeSeconds, help: help)
      settings.replaySeconds = try arguments.number(
        "--replay-seconds", default: settings.replaySeconds, help: help)
      let bases = ["--range-since", "--range-commits", "--base"].filter {
        arguments.values[$0] != nil
      }
      guard bases.count <= 1 else {
        throw .usage(
          bases.map { "'\($0)'" }.joined(separator: " and ") + " exclude each other", help: help)
      }
      if let base = arguments.values["--base"] ?? arguments.values["--range-since"] {
        settings.range = .init(base: base)
      } else if arguments.values["--range-commits"] != nil {
        settings.range = .init(
          commits: try arguments.number("--range-commits", default: 16, help: help))
      }
      settings.pullRequest = arguments.values["--base"] != nil
      settings.previousReport = arguments.values["--last-report"]
      return settings
    }

    /// The ports of `folder` checked, or nil in a pull request's run whose
    /// change touches none of ports/, test-fixtures/ or the library.
    static func checkPorts(
      in folder: String, count: Int, base: String?, settings: TriageRun.Settings,
      progress: (String) -> Void
    ) -> [TriageReport.Port]? {
      let watched = ["ports/", "test-fixtures/", "Sources/NotificationBody/"]
      if let base {
        let changed = runToEnd(
          ["git", "diff", "--name-only", "\(base)...HEAD"], separateErrors: true)
        let touched = changed.output.split(separator: "\n").contains { path in
          watched.contains { path.hasPrefix($0) }
        }
        guard touched || changed.status != 0 else {
          progress("==> ports: not checked: the change touches none of \(watched)")
          return nil
        }
      }
      // A nightly's messages are new each day; a pull request's, the default seed's.
      let day = UInt64(Date().timeIntervalSince1970 / 86_400)
      let checks = PortCheck.Settings(
        folder: folder, count: count,
        seed: base == nil ? Diff.defaultSeed &+ day : Diff.defaultSeed,
        corpora: [SnapshotPaths.corpus], fixtures: settings.fixtures, promote: base == nil,
        failCases: settings.failCases, logs: settings.artifacts + "/logs")
      let children = ChildProcessGroups()
      let watch = InterruptWatch(killing: children)
      defer { watch.cancel() }
      return PortCheck.run(checks, children: children, progress: progress)
    }

    /// A pull request's gates against `base`: `gate --baseline`'s bodies and
    /// counts over the corpus and the fixture file, as a verdict for the
    /// report, never a thrown error.
    static func pullRequestGates(
      base: String, thisBuild: String, progress: (String) -> Void
    ) -> TriageReport.Gates {
      do throws(CommandError) {
        let inputs = try step {
          try SnapshotInput.load(corpus: SnapshotPaths.corpus, fixtures: SnapshotPaths.fixtures)
        }
        let outcome = try GateBaseline.run(
          revision: base, seed: Diff.defaultSeed, count: GateBaseline.defaultCount, inputs: inputs,
          listed: SnapshotComparison.listedMembers, countingCost: true, thisBuild: thisBuild,
          progress: progress)
        return .init(
          base: base, passed: !outcome.changed, costTable: outcome.markdown, report: outcome.report)
      } catch {
        return .init(base: base, passed: false, failure: error.message, report: "")
      }
    }
  }
}
