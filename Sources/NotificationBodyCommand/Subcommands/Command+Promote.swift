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
      let candidate = Candidate(target: target, bytes: try readFile(atPath: artifact))
      let promoted = try write(
        candidate, name: arguments.values["--name"], source: artifact,
        fixtures: arguments.values["--fixtures"] ?? FixtureFile.contractPath,
        failCases: arguments.values["--fail-cases"] ?? defaultFailCases)
      console.print("Appended to \(promoted.fixtures):\n    \(promoted.line)")
      console.print(promoted.saved)
      console.print(
        candidate.failure.map { "The library now fails it: \($0.trapMessage)" }
          ?? "The library passes it now.")
      console.print("Check the case against docs/contract.md and name it after its rule.")
      return ExitStatus.success
    }

    /// The fixture case an input of a fuzz target would become, before
    /// anything is written: what `promote` writes and what
    /// `notification-body triage` compares with the cases already there.
    struct Candidate {
      var target: FuzzTarget
      /// The input's bytes, as saved in the fail-cases folder.
      var bytes: [UInt8]
      /// Their SHA-1, the saved file's name.
      var hash: String
      /// The invariant the library breaks on the input now, if it was asked.
      var failure: InvariantFailure?
      /// The case's input: the message of `bytes`, shrunk while `failure`
      /// stays the same.
      var input: String
      /// The case's limit; nil for the default.
      var limit: Int?

      /// Reads `bytes` as `FuzzInput(bytes:)` does and, when `replaying`,
      /// runs `target` on them in process: while it fails, the message is
      /// shrunk to the smallest one that fails the same invariant, so the case
      /// is readable.
      ///
      /// - Parameters:
      ///   - target: The fuzz target the input is for.
      ///   - bytes: A fuzzer input.
      ///   - replaying: Whether to run the target on the input; false for an
      ///     input that crashes or hangs the library rather than breaking an
      ///     invariant.
      init(target: FuzzTarget, bytes: [UInt8], replaying: Bool = true) {
        self.target = target
        self.bytes = bytes
        hash = InputDigest.hex(of: bytes)
        let fuzzInput = FuzzInput(bytes: bytes)
        limit = fuzzInput.limit == .default ? nil : fuzzInput.limit.utf16Units
        failure = replaying ? target.problem(with: bytes) : nil
        input = fuzzInput.message
        if let invariant = failure?.invariant {
          input = Shrinker.shrink(input, maxEvaluations: 3_000) { candidate in
            let candidateBytes = FuzzInput(message: candidate, limit: fuzzInput.limit).bytes
            return target.problem(with: candidateBytes)?.invariant == invariant
          }
        }
      }

      /// "R? fuzz FuzzInvariants: within-limit 1a2b3c4d"; `problem` names
      /// what broke when the library was not replayed, and "regression"
      /// stands in when nothing did.
      func defaultName(problem: String? = nil) -> String {
        let what = failure.map { $0.invariant.rawValue } ?? problem ?? "regression"
        return "R? fuzz \(target.rawValue): \(what) \(hash.prefix(8))"
      }

      /// Where this input already is a regression case, if it is: a case
      /// of `fixtures` with the same input and limit, or a file of
      /// `failCases/<target>/` with the same bytes.
      ///
      /// - Returns: A phrase for a report, e.g. `already the fixture case "R5 x"`.
      func existing(in fixtures: FixtureAppender, failCases: String) -> String? {
        if let existing = fixtures.existingCase(input: input, limit: limit) {
          return "already the fixture case \(Escaped.forDisplay(existing.name))"
        }
        let folder = failCases + "/" + target.rawValue
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        for name in names.sorted() where !name.hasPrefix(".") {
          let path = folder + "/" + name
          if FileManager.default.contents(atPath: path).map([UInt8].init) == bytes {
            return "already saved as \(path)"
          }
        }
        return nil
      }
    }

    /// What `write` did, to print.
    struct Promoted {
      var fixtures: String
      /// The case's line, as appended.
      var line: String
      /// What happened to the bytes: "Saved <path> (<n> bytes)" or "Already saved: …".
      var saved: String
      /// The saved file.
      var path: String
    }

    /// Appends `candidate` to the fixture file and saves its bytes: the
    /// whole of `promote` after reading its arguments.
    ///
    /// - Parameters:
    ///   - candidate: The input to promote.
    ///   - name: The case's name; `candidate.defaultName()` when nil.
    ///   - source: The input's file, for messages.
    ///   - fixtures: The fixture file to append to.
    ///   - failCases: The folder with a folder per target to save into.
    /// - Returns: What was written.
    /// - Throws: `CommandError.failure`, writing nothing, when the reference
    ///   breaks an invariant on the input, a case already has its input and
    ///   limit or its name, or a file cannot be read or written.
    static func write(
      _ candidate: Candidate, name: String?, source: String, fixtures: String, failCases: String
    ) throws(CommandError) -> Promoted {
      let limit = NotificationBody.Limit(utf16Units: candidate.limit ?? 256)
      let broken = Invariants.check(candidate.input, limit: limit, implementation: reference)
      guard broken.isEmpty else {
        throw .failure(
          "\(source): the reference breaks invariant "
            + broken.map(\.description).joined(separator: "; invariant ")
            + "; the contract or the reference needs a person first, nothing was written")
      }
      let name = name ?? candidate.defaultName()
      let appender = try FixtureAppender(path: fixtures)
      if let existing = appender.existingCase(input: candidate.input, limit: candidate.limit) {
        throw .failure(
          "\(fixtures): case \(Escaped.forDisplay(existing.name)) already has this input "
            + "at limit \(limit.utf16Units); nothing was written")
      }
      if appender.hasCase(named: name) {
        throw .failure(
          "\(fixtures): a case is already named \(Escaped.forDisplay(name)); give another "
            + "with --name; nothing was written")
      }
      let expect = reference.make(candidate.input, limit)
      let fixture = FixtureCase(
        name: name, input: candidate.input, expect: expect, limit: candidate.limit)
      let line = FixtureLine.json(
        name: name, input: candidate.input, expect: expect, limit: candidate.limit)
      let updated = try appender.appending(fixture, line: line)

      // The bytes first: if the fixture file then cannot be written, running
      // the command again finds them saved and retries only the case.
      let folder = failCases + "/" + candidate.target.rawValue
      let saved = try save(candidate.bytes, in: folder, as: candidate.hash)
      try writeAtomically(updated, toPath: fixtures)
      return Promoted(
        fixtures: fixtures, line: line, saved: saved, path: folder + "/" + candidate.hash)
    }

    /// Saves `bytes` as `folder/name` (`saveNew`) and says what was done.
    private static func save(_ bytes: [UInt8], in folder: String, as name: String)
      throws(CommandError) -> String
    {
      let path = folder + "/" + name
      return try saveNew(bytes, in: folder, as: name)
        ? "Saved \(path) (\(bytes.count) bytes)"
        : "Already saved: \(path) (\(bytes.count) bytes)"
    }
  }
}
