/// One subcommand of `notification-body`: its help, which also declares the
/// options it accepts, and what it does.
///
/// A new subcommand is a type in its own `Subcommands/Command+Name.swift`
/// file, added to `Command.subcommands`. The module's other folders hold the
/// command line (`CLI/`) and the gate's baseline (`Gate/`). The comparison
/// `diff` and `gate` share, the ports and their line protocol are
/// `NotificationBodyPorts`'s; every child process (a port, a baseline's
/// build and `serve`, a fuzzer, valgrind) is `NotificationBodyProcess`'s;
/// what a finding is (triage, promotion, replay) is
/// `NotificationBodyFindings`'s; the cost gate's counting is
/// `NotificationBodyCost`'s; the subcommands only read arguments and print.
protocol Subcommand {
  /// The subcommand's help; `help.name` is what selects it and `help.options`
  /// are the options `ParsedArguments` accepts for it.
  static var help: Help { get }

  /// Runs the subcommand on arguments already checked against `help.options`.
  ///
  /// - Parameters:
  ///   - arguments: The parsed arguments; `wantsHelp` is false.
  ///   - console: Where to read standard input and write results and errors.
  /// - Returns: The exit status, one of `ExitStatus`'s.
  /// - Throws: `CommandError.usage` for arguments the subcommand refuses,
  ///   `CommandError.failure` for a run-time failure that ends the run.
  static func run<Output, ErrorOutput>(
    _ arguments: ParsedArguments, console: inout Console<Output, ErrorOutput>
  ) throws(CommandError) -> Int32
}
