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
        name is "R? fuzz <target>: <invariant> <sha1 prefix>", with the invariant the \
        library breaks on the input now, or "regression"; rename the case after the rule \
        it pins when reviewing it.

        Exits 0 when the case was added, 1 when it was refused or a file could not be \
        read or written, 64 for bad arguments.
        """,
      // Wrapped by hand: "USAGE: notification-body promote " and the usage
      // reminder's "Usage: notification-body promote " are both 33 columns.
      usage: """
        promote <artifact> --target <target> [--name <name>]
                                         [--fixtures <file>] [--fail-cases <folder>]
        """,
      arguments: [
        Help.Entry(label: "<artifact>", text: "A fuzzer input, e.g. a crash artifact of libFuzzer.")
      ],
      options: [
        Option(
          names: ["--target"], valueName: "<target>",
          text: """
            The fuzz target that found it: \(targetNames). Required.
            """),
        Option(
          names: ["--name"], valueName: "<name>",
          text: """
            The case's name. (default: "R? fuzz <target>: <invariant> <sha1 prefix>")
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

    /// The contract as the reference spells it out, as an implementation the
    /// invariants can check.
    private static let reference = Implementation(name: "reference") {
      NotificationBodyReference.make(from: $0, limit: $1.utf16Units)
    }

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
      let fixturesPath = arguments.values["--fixtures"] ?? FixtureFile.contractPath
      let failCases = arguments.values["--fail-cases"] ?? defaultFailCases

      let bytes = try readFile(atPath: artifact)
      var input = FuzzInput(bytes: bytes)
      let limit = input.limit == .default ? nil : input.limit.utf16Units
      let hash = InputDigest.hex(of: bytes)
      let problem = target.problem(with: bytes)
      // A fuzzer's artifact is rarely readable; while the library still
      // fails it, the case gets the smallest input that fails the same way.
      if let invariant = problem.flatMap(invariantName) {
        input.message = Shrinker.shrink(input.message, maxEvaluations: 3_000) { candidate in
          let candidateBytes = FuzzInput(message: candidate, limit: input.limit).bytes
          return target.problem(with: candidateBytes).flatMap(invariantName) == invariant
        }
      }
      let broken = Invariants.check(input.message, limit: input.limit, implementation: reference)
      guard broken.isEmpty else {
        throw .failure(
          "\(artifact): the reference breaks invariant "
            + broken.map(\.description).joined(separator: "; invariant ")
            + "; the contract or the reference needs a person first, nothing was written")
      }

      let name = arguments.values["--name"] ?? defaultName(target, problem: problem, hash: hash)
      let appender = try FixtureAppender(path: fixturesPath)
      if let existing = appender.existingCase(input: input.message, limit: limit) {
        throw .failure(
          "\(fixturesPath): case \(escapedForDisplay(existing.name)) already has this input "
            + "at limit \(input.limit.utf16Units); nothing was written")
      }
      if appender.hasCase(named: name) {
        throw .failure(
          "\(fixturesPath): a case is already named \(escapedForDisplay(name)); give another "
            + "with --name; nothing was written")
      }
      let expect = reference.make(input.message, input.limit)
      let fixture = FixtureCase(name: name, input: input.message, expect: expect, limit: limit)
      let line = FixtureLine.json(name: name, input: input.message, expect: expect, limit: limit)
      let updated = try appender.appending(fixture, line: line)

      // The bytes first: if the fixture file then cannot be written, running
      // the command again finds them saved and retries only the case.
      let saved = try save(bytes, in: failCases + "/" + target.rawValue, as: hash)
      try writeAtomically(updated, toPath: fixturesPath)

      console.print("Appended to \(fixturesPath):\n    \(line)")
      console.print(saved)
      console.print(
        problem.map { "The library now fails it: \($0)" } ?? "The library passes it now.")
      console.print("Check the case against docs/contract.md and name it after its rule.")
      return ExitStatus.success
    }

    /// "R? fuzz FuzzInvariants: within-limit 1a2b3c4d", or "… regression …"
    /// when the library passes the input now.
    private static func defaultName(_ target: FuzzTarget, problem: String?, hash: String)
      -> String
    {
      let invariant = problem.flatMap(invariantName) ?? "regression"
      return "R? fuzz \(target.rawValue): \(invariant) \(hash.prefix(8))"
    }

    /// "within-limit" from a trap message "invariant within-limit: …".
    private static func invariantName(_ problem: String) -> String? {
      guard problem.hasPrefix("invariant ") else { return nil }
      return String(problem.dropFirst("invariant ".count).prefix { $0 != ":" })
    }

    /// Saves `bytes` as `folder/name`, creating the folder, unless that file
    /// already holds them.
    ///
    /// - Returns: What was done, to print.
    /// - Throws: `CommandError.failure` naming the file when it holds other
    ///   bytes or cannot be written.
    private static func save(_ bytes: [UInt8], in folder: String, as name: String)
      throws(CommandError) -> String
    {
      let path = folder + "/" + name
      if FileManager.default.fileExists(atPath: path) {
        guard try readFile(atPath: path) == bytes else {
          throw .failure("\(path): exists with other bytes; nothing was written")
        }
        return "Already saved: \(path) (\(bytes.count) bytes)"
      }
      do {
        try FileManager.default.createDirectory(
          atPath: folder, withIntermediateDirectories: true)
      } catch {
        throw .failure("\(folder): cannot be created (\(error.localizedDescription))")
      }
      try writeAtomically(bytes, toPath: path)
      return "Saved \(path) (\(bytes.count) bytes)"
    }
  }
}
