import NotificationBodyFindings
import NotificationBodyFixtures

extension Command {
  /// `notification-body replay [options]`: every saved failure through its
  /// fuzz target (`FailCases.replay`), what `Fuzz/fuzz smoke` runs last.
  enum Replay: Subcommand {
    static let help = Help(
      name: "replay",
      abstract: "Replay every saved failure through its fuzz target.",
      discussion: """
        Runs each input of <fail-cases>/<target>/ (a name with a dot is a note, not an \
        input) through that target's libFuzzer binary in --fuzzers, once, killed with its \
        process group after 60 s. Exits 0 when every one passes, 1 when one fails again or \
        a binary is missing, 64 for bad arguments.
        """,
      options: [
        .fuzzers, .failCases,
        Option(
          "--fuzzer-option <flag>", "A flag for every replay, e.g. -timeout=2.", repeatable: true),
        Option(
          "--logs <folder>", "Where each replay's output goes. (default: Fuzz/artifacts/logs)"),
      ])

    static func run<Output, ErrorOutput>(
      _ arguments: ParsedArguments, console: inout Console<Output, ErrorOutput>
    ) throws(CommandError) -> Int32 {
      let problems = try step {
        try FailCases(arguments.failCases).replay(
          fuzzers: arguments.fuzzers,
          options: arguments.repeatedValues["--fuzzer-option"] ?? [],
          logs: arguments.values["--logs"] ?? "Fuzz/artifacts/logs"
        ) { console.print($0) }
      }
      for problem in problems { console.printError("Error: " + problem) }
      return problems.isEmpty ? ExitStatus.success : ExitStatus.failure
    }
  }
}
