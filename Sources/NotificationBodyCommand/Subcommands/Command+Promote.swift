import NotificationBodyFindings
import NotificationBodyHarness

extension Command {
  /// `notification-body promote <artifact> --target <target> [options]`: one
  /// fuzz finding made a regression case (`Promotion.promote`, in
  /// NotificationBodyFindings); Fuzz/README.md, "After a finding", has the rules.
  enum Promote: Subcommand {
    static let help = Help(
      name: "promote",
      abstract: "Turn a fuzzer's finding into a fixture case.",
      discussion: """
        Reads <artifact> as FuzzInput(bytes:) does and, while the library fails it, shrinks \
        the message at the lowest limit that still fails. Appends a case whose "expect" is \
        the reference's body, named "<rule> fuzz <target>: <invariant> <sha1 prefix>", and \
        saves the bytes as <fail-cases>/<target>/<sha1>; a cost finding, or one whose body \
        is the reference's, is saved as a failure only. Then records the case's bodies in \
        --snapshot. Refuses, writing nothing, a case whose input and limit or name the file \
        has, or on which the reference breaks an invariant.

        Exits 0 when the case was added or the input saved, 1 when it was refused or a file \
        failed, 64 for bad arguments.
        """,
      operands: "<artifact>",
      arguments: [Help.Entry(label: "<artifact>", text: "A fuzzer input, e.g. a crash artifact.")],
      options: [
        Option("--target <target>", "The fuzz target that found it: \(targets).", required: true),
        Option("--name <name>", "The case's name. (default: \"<rule> fuzz <target>: …\")"),
        .keptFixtures, .failCases, .findingsSnapshot,
      ])

    private static var targets: String {
      FuzzTarget.allCases.map(\.rawValue).joined(separator: " or ")
    }

    static func run<Output, ErrorOutput>(
      _ arguments: ParsedArguments, console: inout Console<Output, ErrorOutput>
    ) throws(CommandError) -> Int32 {
      guard let artifact = arguments.positionals.first else {
        throw .usage("missing artifact", help: help)
      }
      let name = arguments.values["--target"] ?? ""
      guard let target = FuzzTarget(rawValue: name) else {
        throw .usage("'--target' must be \(targets); got '\(name)'", help: help)
      }
      if arguments.values["--name"]?.isEmpty == true {
        throw .usage("'--name' must not be empty", help: help)
      }
      var promotion = try step {
        try Promotion(fixtures: arguments.fixtures, failCases: arguments.failCases)
      }
      let lines = try step {
        try promotion.promote(artifact: artifact, of: target, name: arguments.values["--name"])
      }
      for line in lines { console.print(line) }
      if let snapshot = arguments.snapshot,
        let problem = NotificationBodyFindings.Triage.record(
          snapshot, fixtures: promotion.fixtures.file, progress: { console.print($0) })
      {
        console.printError("Error: " + problem)
        return ExitStatus.failure
      }
      return ExitStatus.success
    }
  }
}
