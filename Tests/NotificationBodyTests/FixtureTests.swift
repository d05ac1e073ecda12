import Foundation
import NotificationBody
import NotificationBodyFixtures
import NotificationBodyHarness
import NotificationBodyText
import Testing

extension FixtureCase: CustomTestStringConvertible {
  public var testDescription: String { name }
}

/// The contract's cases, read from the repository's own fixture file (never
/// a copy), one test each.
@Suite struct FixtureTests {
  static let contract = Result { try FixtureFile.loadContract(near: #filePath) }

  @Test func fixtureFileLoadsWithEnoughCases() throws {
    let file = try Self.contract.get()
    #expect(file.cases.count >= 150, "the contract needs at least 150 cases")
  }

  @Test(arguments: (try? contract.get().cases) ?? [])
  func contractCase(_ fixture: FixtureCase) {
    let limit = fixture.limit.map(NotificationBody.Limit.init(utf16Units:)) ?? .default
    let actual = NotificationBody.make(from: fixture.input, limit: limit)
    // Scalar by scalar: `==` would accept a canonically equivalent body.
    #expect(
      Array(actual.unicodeScalars) == Array(fixture.expect.unicodeScalars),
      """
      \(fixture.name)
        input:    \(Escaped.forDisplay(fixture.input))
        expected: \(Escaped.forDisplay(fixture.expect)) (\(fixture.expect.utf16.count) units)
        actual:   \(Escaped.forDisplay(actual)) (\(actual.utf16.count) units)
      """)
  }
}

/// The lone-surrogate cases (`test-fixtures/lone-surrogates.json`): every
/// input holds a lone UTF-16 surrogate, written as a `\u` escape, which the
/// contract replaces by U+FFFD before R1; Swift's reader does the same as it
/// reads, so the library sees what a UTF-16 port sees after the rule.
@Suite struct LoneSurrogateFixtureTests {
  static let path = FixtureFile.repositoryRoot(containing: #filePath).map {
    $0 + "/test-fixtures/lone-surrogates.json"
  }
  static let file = Result { try FixtureFile.load(path: try #require(path)) }

  @Test func everyInputHoldsALoneSurrogateThatOnlyTheDeclarationLetsIn() throws {
    let path = try #require(Self.path)
    let text = String(decoding: try FileBytes.read(atPath: path), as: UTF8.self)
    let lines = text.split(separator: "\n").filter { $0.contains("\"input\": ") }
    #expect(lines.count == (try Self.file.get()).cases.count)
    for line in lines {
      let input = line.split(separator: "\"input\": ")[1].split(separator: ", \"expect\"")[0]
      #expect(StrictJSON.replacingLoneSurrogateEscapes(input.utf8).replaced > 0, "\(line)")
    }
    // Without the file's declaration, the strict reader refuses the first one.
    let undeclared = text.replacingOccurrences(of: "\"loneSurrogates\": \"escaped\",", with: "")
    #expect(undeclared != text)
    #expect(throws: FixtureError.self) {
      try FixtureFile.parse(Data(undeclared.utf8), path: path)
    }
  }

  @Test(arguments: (try? file.get().cases) ?? [])
  func loneSurrogateCase(_ fixture: FixtureCase) {
    let limit = fixture.limit.map(NotificationBody.Limit.init(utf16Units:)) ?? .default
    let actual = NotificationBody.make(from: fixture.input, limit: limit)
    #expect(
      Array(actual.unicodeScalars) == Array(fixture.expect.unicodeScalars),
      """
      \(fixture.name)
        expected: \(Escaped.forDisplay(fixture.expect))
        actual:   \(Escaped.forDisplay(actual))
      """)
  }
}
