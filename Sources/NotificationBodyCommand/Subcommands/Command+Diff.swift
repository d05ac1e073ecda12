import NotificationBody
import NotificationBodyFindings
import NotificationBodyHarness
import NotificationBodySnapshot

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
        Makes the body of every input with the library and with the reference \
        (NotificationBodyReference), or with the command given to --against, and compares \
        them scalar by scalar. The inputs are --count messages of MessageGenerator with \
        --seed at --limit, every 8th of them also at a raised limit (1000, or twice --limit \
        when that is more, at most 2^53 - 1); every file under each --corpus folder, read as a fuzzer input \
        (its first byte selects the limit; the same bytes once, names that start with "." \
        skipped, as the gate reads the corpus); and every case input of each --fixtures file at \
        the case's limit.

        The first \(Comparison.shrinkCap) mismatching inputs are shrunk to small inputs \
        that still mismatch, and each distinct one is printed with where it came from, both \
        bodies (invisible characters escaped) and a fixture case to paste into \
        test-fixtures/notification-body.json: its "expect" is the reference's body and \
        its name starts with the rule of docs/contract.md where the body that is not the \
        reference's parts from it ("R?" when none is known). A summary follows: the inputs by \
        source, the mismatches, the distinct ones, the seed and the time taken. A run \
        that takes more than 2 s tells its progress on standard error.

        Exits 0 when the two sides agree on every input, 1 when they differ somewhere or \
        a folder, a file or the --against command fails, 64 for bad arguments.
        """,
      options: InputOptions.options(defaultCount: defaultCount) + [
        Option(
          "--json",
          """
          Print the summary as one JSON object, for CI; an error as {"error": "…", \
          "exit": 1 or 64} (and as text on standard error).
          """),
        Option(
          "--against <command>",
          """
          Compare with this shell command instead of the reference: it is run once with \
          /bin/sh -c and answers JSON request lines on standard input with JSON body \
          lines, as docs/against-protocol.md describes.
          """),
        Option(
          "--timeout <seconds>",
          """
          How long the --against command may take to answer one input; the first answer \
          includes its start. (default: 5)
          """),
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
      if let extra = arguments.positionals.first {
        throw .usage("unexpected argument '\(extra)'", help: help)
      }
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
        try ExternalImplementation(command: command, timeout: timeout, children: children)
      }
      let other = external.map(OtherSide.external) ?? .reference
      // A failure leaves the command hung or broken: no grace, kill it now.
      defer { external?.stop(grace: .zero) }
      let outcome = try DiffRunner.run(&inputs, against: other) { console.printError($0) }
      external?.stop()
      console.print(arguments.flags.contains("--json") ? outcome.json : outcome.text)
      return outcome.mismatches == 0 ? ExitStatus.success : ExitStatus.failure
    }

    /// The time `--timeout` allows for one answer.
    private static func timeout(_ value: String?) throws(CommandError) -> Duration {
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
