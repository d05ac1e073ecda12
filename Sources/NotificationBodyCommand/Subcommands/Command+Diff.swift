import NotificationBodyPorts
import NotificationBodyProcess

extension Command {
  /// `notification-body diff [options]`: compares the library with the
  /// reference, or with another platform's implementation, over generated
  /// messages, corpus files and fixture cases, and reports each distinct
  /// mismatch shrunk to a small input and a fixture case.
  enum Diff: Subcommand {
    /// The seed when neither `--seed` nor `NOTIFICATION_BODY_SEED` gives one.
    static let defaultSeed: UInt64 = 0x5EED_D1FF
    static let defaultCount = 10_000
    static let defaultTimeout = 5.0

    static let help = Help(
      name: "diff",
      abstract: "Compare the library with the reference or a port.",
      discussion: """
        Makes the body of every input with the library and with the reference, or with the \
        --against command, and compares them scalar by scalar: --count generated messages \
        at --limit (each 8th also at 1000, or twice --limit), every --corpus file read as a \
        fuzzer input, every --fixtures case at its limit. The first \(Comparison.shrinkCap) \
        mismatches are shrunk; each distinct one is printed with both bodies and a fixture \
        case to paste, named by the rule where the bodies part. docs/against-protocol.md \
        has the rest.

        Exits 0 when the two sides agree on every input, 1 when they differ or a file or \
        the --against command fails, 64 for bad arguments.
        """,
      options: InputOptions.options(defaultCount: defaultCount) + [
        Option("--json", "Print the summary, or an error, as one JSON object, for CI."),
        Option("--against <command>", "Compare with this shell command's answers instead."),
        Option("--timeout <seconds>", "How long --against may take per answer. (default: 5)"),
      ])

    /// Runs the comparison; with `--json`, an error that stops it is also
    /// printed on standard output as `DiffOutcome.json(for:)`, for CI.
    static func run<Output, ErrorOutput>(
      _ arguments: ParsedArguments, console: inout Console<Output, ErrorOutput>
    ) throws(CommandError) -> Int32 {
      do {
        return try compare(arguments, console: &console)
      } catch {
        if arguments.flags.contains("--json") { console.print(DiffOutcome.json(for: error)) }
        throw error
      }
    }

    private static func compare<Output, ErrorOutput>(
      _ arguments: ParsedArguments, console: inout Console<Output, ErrorOutput>
    ) throws(CommandError) -> Int32 {
      let timeout = try timeout(arguments.values["--timeout"])
      let command = arguments.values["--against"]
      if command == nil && arguments.values["--timeout"] != nil {
        throw .usage("'--timeout' is for '--against' only", help: help)
      }
      if let command, command.allSatisfy(\.isWhitespace) {
        throw .usage("'--against' needs a command", help: help)
      }

      var inputs = try InputOptions.inputs(
        arguments, defaultCount: defaultCount, filesFirst: false, help: help)
      // SIGINT and SIGTERM kill the command's process group before they end
      // this process, as `stop()` would.
      let children = ChildProcessGroups()
      let watch = command.map { _ in InterruptWatch(killing: children) }
      defer { watch?.cancel() }
      let external = try command.map { (command) throws(CommandError) in
        try step {
          try ExternalImplementation(command: command, timeout: timeout, children: children)
        }
      }
      let other = external.map(OtherSide.external) ?? .reference
      // A failure leaves the command hung or broken: no grace, kill it now.
      defer { external?.stop(grace: .zero) }
      let outcome = try step {
        try DiffRunner.run(&inputs, against: other) { console.printError($0) }
      }
      external?.stop()
      console.print(arguments.flags.contains("--json") ? outcome.json : outcome.text)
      // The report has the failure, shrunk; the error names the input it
      // was found on, as any other error would.
      if let stop = outcome.stoppedBy { console.printError("Error: \(stop)") }
      return outcome.mismatches == 0 && !outcome.stopped ? ExitStatus.success : ExitStatus.failure
    }

    /// The time `--timeout` allows for one answer.
    static func timeout(_ value: String?) throws(CommandError) -> Duration {
      guard let value else { return .seconds(defaultTimeout) }
      guard let seconds = Double(value), seconds.isFinite, seconds > 0, seconds <= 86_400 else {
        throw .usage(
          "'--timeout' must be a number of seconds above 0 and at most 86400; got '\(value)'",
          help: help)
      }
      return .milliseconds(max(1, Int((seconds * 1000).rounded())))
    }
  }
}
