import Foundation
import NotificationBody
import NotificationBodyFindings
import NotificationBodyFixtures
import NotificationBodyHarness
import NotificationBodyReference

extension Command {
  /// `notification-body check <file> ...`: runs fixture files' cases against
  /// the library and reports the ones that fail.
  enum Check: Subcommand {
    static let help = Help(
      name: "check",
      abstract: "Run fixture files' cases against the library.",
      discussion: """
        Makes the body of each case's "input" at its "limit" (256 by default) and compares \
        it, scalar by scalar, with its "expect"; prints each failing case with both bodies \
        and the rule where they part, then "N passed, M failed" over all files. A file that \
        is missing or malformed counts as one failure; "-" is standard input.

        Exits 0 when nothing failed, 1 otherwise, 64 for bad arguments.
        """,
      operands: "<file> ...",
      arguments: [Help.Entry(label: "<file>", text: "A fixture file.")])

    static func run<Output, ErrorOutput>(
      _ arguments: ParsedArguments, console: inout Console<Output, ErrorOutput>
    ) throws(CommandError) -> Int32 {
      guard !arguments.positionals.isEmpty else {
        throw .usage("missing fixture file", help: help)
      }
      var passed = 0
      var failed = 0
      for path in arguments.positionals {
        guard let file = load(path, console: &console) else {
          failed += 1
          continue
        }
        for (index, fixture) in file.cases.enumerated() {
          let limit = fixture.limit.map(NotificationBody.Limit.init(utf16Units:)) ?? .default
          let actual = NotificationBody.make(from: fixture.input, limit: limit)
          // Scalar by scalar: String's == treats canonically equivalent text
          // ("é" and "e\u{301}") as equal, and the contract does not.
          if actual.hasSameScalars(as: fixture.expect) {
            passed += 1
          } else {
            failed += 1
            console.print(report(fixture, index: index, in: file.path, actual: actual))
          }
        }
      }
      console.print("\(passed) passed, \(failed) failed")
      return failed == 0 ? ExitStatus.success : ExitStatus.failure
    }

    /// The fixture file `path`, read from standard input for "-"; nil,
    /// with the error on standard error, when it cannot be read or is not
    /// a fixture file.
    private static func load<Output, ErrorOutput>(
      _ path: String, console: inout Console<Output, ErrorOutput>
    ) -> FixtureFile? {
      do {
        guard path == "-" else { return try FixtureFile.load(path: path) }
        let bytes = try console.readStandardInput(.json)
        return try FixtureFile.parse(Data(bytes), path: "standard input")
      } catch let error as FixtureError {
        console.printError("Error: \(error)")
      } catch {
        console.printError("Error: standard input: cannot be read (\(error))")
      }
      return nil
    }

    /// A failing case as lines that show exactly what differs.
    private static func report(
      _ fixture: FixtureCase, index: Int, in path: String, actual: String
    ) -> String {
      func shown(_ text: String) -> String {
        let units = text.utf16.count
        return "\(Escaped.forDisplay(text)) (\(units) UTF-16 unit\(units == 1 ? "" : "s"))"
      }
      var lines = [
        "FAIL \(path): case \(index) (\(Escaped.forDisplay(fixture.name)))",
        "  input:    \(shown(fixture.input))",
      ]
      if let limit = fixture.limit {
        lines.append("  limit:    \(limit)")
      }
      lines += [
        "  expected: \(shown(fixture.expect))",
        "  actual:   \(shown(actual))",
      ]
      let limit = fixture.limit ?? NotificationBodyReference.defaultLimitUTF16Units
      if NotificationBodyReference.make(from: fixture.input, limit: limit)
        .hasSameScalars(as: fixture.expect),
        let rule = RuleAttribution.rule(
          whereBody: actual, differsFrom: fixture.input, limit: limit)
      {
        lines.append("  rule:     \(rule), where the bodies part")
      }
      return lines.joined(separator: "\n")
    }
  }
}
