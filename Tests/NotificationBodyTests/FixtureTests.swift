import NotificationBody
import NotificationBodyFixtures
import NotificationBodyHarness
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
