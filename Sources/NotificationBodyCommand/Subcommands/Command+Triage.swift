import NotificationBodyFindings

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

        Exits 0 when nothing new was found, 1 when something new was or a fuzzer, file or \
        session failed, 64 for bad arguments.
        """,
      options: [
        Option("--artifacts <folder>", "The artifacts. (default: Fuzz/artifacts)", path: .folder),
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
      ])

    static func run<Output, ErrorOutput>(
      _ arguments: ParsedArguments, console: inout Console<Output, ErrorOutput>
    ) throws(CommandError) -> Int32 {
      let settings = TriageRun.Settings(
        artifacts: arguments.values["--artifacts"] ?? "Fuzz/artifacts", fuzzers: arguments.fuzzers,
        fuzzerOptions: arguments.repeatedValues["--fuzzer-option"] ?? [],
        failCases: arguments.failCases, fixtures: arguments.fixtures,
        maxPerInvariant: try arguments.number("--max-per-invariant", default: 3, help: help),
        minimizeSeconds: try arguments.number("--minimize-seconds", default: 60, help: help),
        replaySeconds: try arguments.number("--replay-seconds", default: 60, help: help))
      let outcome = try step {
        try NotificationBodyFindings.Triage.run(
          settings, report: arguments.values["--report"] ?? "fuzz-report",
          snapshot: arguments.snapshotFiles
        ) { console.print($0) }
      }
      for error in outcome.errors { console.printError("Error: " + error) }
      return outcome.newFindings == 0 && outcome.errors.isEmpty
        ? ExitStatus.success : ExitStatus.failure
    }
  }
}
