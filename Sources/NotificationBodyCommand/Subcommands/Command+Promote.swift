import Foundation
import NotificationBody
import NotificationBodyFixtures
import NotificationBodyHarness
import NotificationBodyReference
import NotificationBodySnapshot

extension Command {
  /// `notification-body promote <artifact> --target <target> [options]`: turns
  /// an input a fuzz target failed on into a permanent regression: a case of
  /// the shared fixture file and a saved copy of its bytes that the tests
  /// replay.
  enum Promote: Subcommand {
    static let defaultFailCases = "Fuzz/FailCases"

    static let help = Help(
      name: "promote",
      abstract: "Turn a fuzzer's finding into a fixture case.",
      discussion: """
        Reads <artifact>, the bytes of a fuzzer input, as FuzzInput(bytes:) reads them: \
        the first byte selects the limit and the encoding, the rest is the message. The \
        case's "expect" is the reference's body (NotificationBodyReference) for that \
        message and limit. While the library still fails the input, the message is first \
        shrunk to the smallest one that fails the same invariant, so the case is readable; \
        the artifact's own bytes are what is saved. The reference must keep every \
        invariant on the case's input; if it breaks one, nothing is written: the contract \
        or the reference needs a person first.

        Appends the case as one line after the last case of the fixture file, keeping \
        every other byte, and writes the file atomically. Saves the artifact's bytes as \
        <folder>/<target>/<sha1>, where the tests replay them. Refuses, writing nothing, \
        when a case already has the same input and limit, or the same name. The default \
        name is "<rule> fuzz <target>: <invariant> <sha1 prefix>", with the rule of \
        docs/contract.md where the library's body parts from the reference's ("R?" when \
        the bodies agree) and the invariant the library breaks on the input now, or \
        "regression"; put the rule's words in the name when reviewing it.

        A case is added only when it pins a body. While the library fails the input, \
        the limit is first lowered to the default (256) when the input breaks the same \
        invariant there, or from a limit above 2^53 - 1 (the largest the fixture file \
        holds) to 2^53 - 1 when it breaks it there. Then the input is saved as a failure \
        only, with a line saying why and no case, when the broken invariant is a cost \
        invariant (no-leak, linear-work: "saved as a cost failure: ...; no contract case, \
        since a cost finding changes no body"; the metered test run replays it), when the \
        library's body is the reference's at the input and limit, or when the limit is \
        still above 2^53 - 1. An input the library passes now is added as a case.

        Exits 0 when the case was added or the input saved as a failure only, 1 when it \
        was refused or a file could not be \
        read or written, 64 for bad arguments.
        """,
      operands: "<artifact>",
      arguments: [
        Help.Entry(label: "<artifact>", text: "A fuzzer input, e.g. a crash artifact of libFuzzer.")
      ],
      options: [
        Option(
          names: ["--target"], valueName: "<target>",
          text: """
            The fuzz target that found it: \(targetNames). Required.
            """, required: true),
        Option(
          names: ["--name"], valueName: "<name>",
          text: """
            The case's name. (default: "<rule> fuzz <target>: <invariant> <sha1 prefix>")
            """),
        Option(
          names: ["--fixtures"], valueName: "<file>",
          text: "The fixture file to append to. (default: \(FixtureFile.contractPath))"),
        Option(
          names: ["--fail-cases"], valueName: "<folder>",
          text: """
            Where inputs are saved, in a folder per target. (default: \(defaultFailCases))
            """),
      ])

    private static var targetNames: String {
      FuzzTarget.allCases.map(\.rawValue).joined(separator: " or ")
    }

    static func run<Output, ErrorOutput>(
      _ arguments: ParsedArguments, console: inout Console<Output, ErrorOutput>
    ) throws(CommandError) -> Int32 {
      guard let artifact = arguments.positionals.first else {
        throw .usage("missing artifact", help: help)
      }
      if let extra = arguments.positionals.dropFirst().first {
        throw .usage("unexpected argument '\(extra)'", help: help)
      }
      guard let targetName = arguments.values["--target"] else {
        throw .usage("missing '--target <target>'", help: help)
      }
      guard let target = FuzzTarget(rawValue: targetName) else {
        throw .usage("'--target' must be \(targetNames); got '\(targetName)'", help: help)
      }
      if arguments.values["--name"]?.isEmpty == true {
        throw .usage("'--name' must not be empty", help: help)
      }
      let fixtures = arguments.values["--fixtures"] ?? FixtureFile.contractPath
      var promotion = try Promotion(
        fixtures: fixtures, failCases: arguments.values["--fail-cases"] ?? defaultFailCases)
      let bytes = try readArtifact(atPath: artifact)
      let candidate = Promotion.Candidate(
        target: target, bytes: bytes, failure: target.problem(with: bytes))
      // What the input shows, when the library fails it now: its rule
      // names the case, and the line is saved beside the input.
      let cause = candidate.failure.map {
        FindingCause(
          of: candidate, invariant: $0.invariant.rawValue, trap: "", library: .live,
          cost: CostCause.analyze)
      }
      let promoted = try promotion.write(
        candidate,
        name: arguments.values["--name"]
          ?? candidate.defaultName(rule: cause?.rule),
        source: artifact, about: cause?.summary)
      if let cause { console.print("Cause: \(cause.summary)") }
      if let line = promoted.line {
        console.print("Appended to \(fixtures):\n    \(line)")
      }
      console.print(promoted.saved)
      console.print(
        candidate.failure.map { "The library now fails it: \($0.trapMessage)" }
          ?? "The library passes it now.")
      if let reason = promoted.failureOnly {
        console.print("Nothing appended to \(fixtures): " + reason + ".")
      } else {
        console.print(
          "Check the case against docs/contract.md, and its rule and words in its name.")
      }
      return ExitStatus.success
    }
  }
}
