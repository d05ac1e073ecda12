import NotificationBodyFindings
import NotificationBodyFixtures
import NotificationBodyHarness

extension Command {
  /// `notification-body recheck --target <t> --invariant <i> <input> ...`:
  /// whether this build's library still breaks a finding's invariant on
  /// its inputs (`FailureCheck`), in its exit status. A regression range builds each
  /// revision's library with this command and asks it this.
  enum Recheck: Subcommand {
    static let help = Help(
      name: "recheck",
      abstract: "Whether this build's library still breaks an invariant on fuzzer inputs.",
      discussion: """
        Reads each <input> as --target's fuzzer reads it (first byte the limit and \
        encoding, then the message) and checks --invariant on it in this process, with the \
        reference when the target uses it. Prints a line per input: "<input>: fails \
        <invariant>", "<input>: passes", or "<input>: cannot tell: <why>" (linear-work needs \
        a build with NOTIFICATION_BODY_WORK_METER=1; no-leak is never checked here). The exit \
        status is the answer, for the inputs together (FailureCheck): a regression range's \
        probe reads it, never the lines.

        Exits 0 when every input passes, 1 when the invariant fails on one, 2 when it fails \
        on none but cannot be told on one (or an input cannot be read), 64 for bad arguments.
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
      var answers: [FailureCheck] = []
      for path in arguments.positionals {
        let answer: FailureCheck
        do {
          answer = FailureCheck(
            invariant, target: target, bytes: try FileBytes.readMessage(atPath: path).bytes)
        } catch {
          console.printError("Error: \(error)")
          answer = .cannotTell("\(error)")
        }
        switch answer {
        case .fails: console.print("\(path): fails \(invariant.rawValue)")
        case .passes: console.print("\(path): passes")
        case .cannotTell(let why): console.print("\(path): cannot tell: \(why)")
        }
        answers.append(answer)
      }
      return FailureCheck.combined(answers).exitStatus
    }
  }
}
