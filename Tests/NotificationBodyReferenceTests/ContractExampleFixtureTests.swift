import Foundation
import NotificationBodyFixtures
import NotificationBodyHarness
import NotificationBodyText
import Testing

/// The contract says each of its examples is also a fixture case, which is
/// where every platform runs it. These tests hold it to that: an example
/// stated as `` `"X"` gives `"Y"` `` in `docs/contract.md` must be a fixture
/// case at the default limit with input X and expect Y, scalar for scalar.
/// Examples in other words (`"***"` leaves `"*"`, the R1 window examples)
/// are not read here; the fixture file names them as the contract's section
/// "The fixture file" says.
@Suite("The contract's examples are fixture cases")
struct ContractExampleFixtureTests {
  /// The repository's `docs/contract.md`, read.
  private static func contract(filePath: String = #filePath) throws -> ContractExampleReader {
    let root = try #require(FixtureFile.repositoryRoot(containing: filePath))
    let text = try String(contentsOfFile: root + "/docs/contract.md", encoding: .utf8)
    return ContractExampleReader(markdown: text)
  }

  /// The contract fixtures at the default limit.
  private static let cases = Result {
    try FixtureFile.loadContract(near: #filePath).cases.filter { $0.limit == nil }
  }

  @Test("The contract's examples are all read")
  func contractIsRead() throws {
    let reader = try Self.contract()
    #expect(!reader.examples.isEmpty, "no example of the form `\"X\"` gives `\"Y\"` was found")
    #expect(
      reader.problems.isEmpty,
      """
      docs/contract.md states an example this test cannot read:
      \(reader.problems.joined(separator: "\n"))
      """)
  }

  @Test("Each stated example", arguments: try contract().examples)
  func example(_ example: ContractExample) throws {
    let cases = try Self.cases.get()
    for input in example.inputs {
      let sameInput = cases.filter { Array($0.input.unicodeScalars) == Array(input.unicodeScalars) }
      let found = sameInput.contains {
        Array($0.expect.unicodeScalars) == Array(example.expect.unicodeScalars)
      }
      let others =
        sameInput.isEmpty
        ? "no case has that input"
        : sameInput.map { "\($0.name): expect \(Escaped.forDisplay($0.expect))" }
          .joined(separator: "; ")
      #expect(
        found,
        """
        docs/contract.md:\(example.line): \(Escaped.forDisplay(input)) gives \
        \(Escaped.forDisplay(example.expect)), but no fixture case at the default limit says so \
        (\(others))
        """)
    }
  }

  @Test("The reader takes the contract's forms and reports others")
  func readerForms() {
    let reader = ContractExampleReader(
      markdown: """
        Code (`"```\\nfoo```"` gives
          `"foo"`); `"a"` and `"b\\n"` give `"c"`; `` "`x`" `` gives `"`"`.
        Literal backslash: `"\\`a`"` gives `"\\a"`;
        escapes `"\\u0301\\uD83D\\uDE00\\t\\""` gives `"y"`.
        The `grep` above gives today's, and `"q"` leaves `"r"`.
        """)
    #expect(reader.examples.map(\.line) == [1, 2, 2, 3, 4])
    let inputs = reader.examples.map { $0.inputs.map { Array($0.unicodeScalars) } }
    let wanted = [["```\nfoo```"], ["a", "b\n"], ["`x`"], ["\\`a`"], ["\u{301}😀\t\""]]
    #expect(inputs == wanted.map { $0.map { Array($0.unicodeScalars) } })
    #expect(reader.examples.map(\.expect) == ["foo", "c", "`", "\\a", "y"])
    #expect(reader.problems.isEmpty)
  }

  @Test(
    "A stated example the reader cannot take is a problem, not skipped",
    arguments: [
      "`\"a\"` gives the empty body", "`\"\\u{301}\"` gives `\"b\"`", "`\"a\"` gives `\"b\n\"`",
      "`\"a\"` gives\n`c`", "`\"a\"` gives: `\"b\"`",
    ])
  func unreadable(_ markdown: String) {
    let reader = ContractExampleReader(markdown: markdown)
    #expect(reader.examples.isEmpty)
    #expect(!reader.problems.isEmpty)
  }
}
