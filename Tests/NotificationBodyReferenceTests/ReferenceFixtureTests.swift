import NotificationBody
import NotificationBodyFixtures
import NotificationBodyReference
import Testing

/// One case of the shared fixture file, named by its own name in test output.
struct ReferenceFixtureCase: Sendable, CustomTestStringConvertible {
  var fixture: FixtureCase

  var testDescription: String { fixture.name }

  /// Every case of `test-fixtures/notification-body.json`, found from this
  /// file's own path so the test runs from any working directory.
  static func all(filePath: String = #filePath) throws -> [ReferenceFixtureCase] {
    let file = try FixtureFile.load(
      path: repositoryRoot(of: filePath) + "/test-fixtures/notification-body.json")
    return file.cases.map(ReferenceFixtureCase.init(fixture:))
  }

  /// The repository root: three levels up from
  /// `Tests/NotificationBodyReferenceTests/<file>.swift`.
  private static func repositoryRoot(of filePath: String) -> String {
    var components = filePath.split(separator: "/", omittingEmptySubsequences: false)
    components.removeLast(3)
    return components.joined(separator: "/")
  }
}

@Suite("Reference implementation against the shared fixture file")
struct ReferenceFixtureTests {
  @Test("Each fixture case", arguments: try ReferenceFixtureCase.all())
  func fixtureCase(_ testCase: ReferenceFixtureCase) {
    let fixture = testCase.fixture
    let limit = NotificationBody.Limit(utf16Units: fixture.limit ?? 256)
    let actual = NotificationBodyReference.make(from: fixture.input, limit: limit)
    #expect(
      actual == fixture.expect,
      """
      \(fixture.name)
        input:    \(escapedForDisplay(fixture.input))
        expected: \(escapedForDisplay(fixture.expect))
        actual:   \(escapedForDisplay(actual))
      """)
  }
}
