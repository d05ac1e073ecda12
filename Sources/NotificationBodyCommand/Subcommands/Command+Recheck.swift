import NotificationBodyFindings
import NotificationBodyFixtures
import NotificationBodyHarness

extension Command {
  /// `notification-body recheck --target <t> --invariant <i> <input> ...`:
  /// whether this build's library still breaks a finding's invariant on
  /// its inputs (`InvariantRecheck`). A regression range builds each
  /// revision's library with this command and asks it this.
  enum Recheck: Subcommand {
    static let help = Help(
      name: "recheck",
      abstract: "Whether this build's library still breaks an invariant on fuzzer inputs.",
      discussion: """
        Reads each <input> as --target's fuzzer reads it (first byte the limit and \
        encoding, then the message) and checks --invariant on it in this process, with the \
        reference when the target uses it. Prints a line per input: "<input>: breaks \
        <invariant>", "<input>: holds", or "<input>: unchecked: <why>" (linear-work needs a \
        build with NOTIFICATION_BODY_WORK_METER=1; no-leak is never checked here).

        Exits 0 when the invariant holds on every input, 1 when it breaks on one or could \
        not be checked or an input cannot be read, 64 for bad arguments.
        """,
      operands: "<input> ...",
      arguments: [Help.Entry(label: "<input>", text: "A fuzzer input, e.g. a minimized artifact.")],
      options: [
        Option(
          "--target <target>",
          "The fuzz target that found it: "
            + FuzzTarget.allCases.map(\.rawValue).joined(separator: " or ") + ".",
          required: true),
        Option(
          "--invariant <name>", "The invariant it broke, e.g. matches-reference.", required: true),
      ])

    /// What `run` prints after "<input>: " for each outcome.
    static let breaks = "breaks "
    static let holds = "holds"
    static let unchecked = "unchecked: "

    static func run<Output, ErrorOutput>(
      _ arguments: ParsedArguments, console: inout Console<Output, ErrorOutput>
    ) throws(CommandError) -> Int32 {
      let targetName = arguments.values["--target"] ?? ""
      guard let target = FuzzTarget(rawValue: targetName) else {
        throw .usage(
          "unknown target '\(targetName)' (targets: "
            + FuzzTarget.allCases.map(\.rawValue).joined(separator: ", ") + ")", help: help)
      }
      let invariantName = arguments.values["--invariant"] ?? ""
      guard let invariant = Invariant(rawValue: invariantName) else {
        throw .usage(
          "unknown invariant '\(invariantName)' (invariants: "
            + Invariant.allCases.map(\.rawValue).joined(separator: ", ") + ")", help: help)
      }
      guard !arguments.positionals.isEmpty else {
        throw .usage("missing <input>", help: help)
      }
      var allHold = true
      for path in arguments.positionals {
        let bytes: [UInt8]
        do {
          bytes = try FileBytes.readMessage(atPath: path).bytes
        } catch {
          console.printError("Error: \(error)")
          allHold = false
          continue
        }
        switch InvariantRecheck(invariant, target: target, bytes: bytes) {
        case .confirmed:
          console.print(path + ": " + breaks + invariant.rawValue)
          allHold = false
        case .holds:
          console.print(path + ": " + holds)
        case .unconfirmed(let reason):
          console.print(path + ": " + unchecked + reason)
          allHold = false
        }
      }
      return allHold ? ExitStatus.success : ExitStatus.failure
    }
  }
}
