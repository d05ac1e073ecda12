import NotificationBodyFixtures
import NotificationBodyHarness
import NotificationBodyReference
import NotificationBodyText
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
    let actual = NotificationBodyReference.make(
      from: fixture.input, limit: fixture.limit ?? NotificationBodyReference.defaultLimitUTF16Units)
    #expect(
      actual == fixture.expect,
      """
      \(fixture.name)
        input:    \(Escaped.forDisplay(fixture.input))
        expected: \(Escaped.forDisplay(fixture.expect))
        actual:   \(Escaped.forDisplay(actual))
      """)
  }

  /// The one contract example a fixture case cannot hold, since a case's
  /// limit is at least 256: Terms, "the Swift API clamps any smaller value up
  /// to 256".
  @Test("A limit below 256 is clamped up to 256")
  func limitBelowTheFloorIsClamped() {
    let message = String(repeating: "a", count: 300)
    let atFloor = String(repeating: "a", count: 255) + "…"
    for limit in [-1, 0, 100, 255] {
      let body = NotificationBodyReference.make(from: message, limit: limit)
      #expect(body == atFloor, "limit \(limit)")
    }
    let raised = NotificationBodyReference.make(from: message, limit: 400)
    #expect(raised == message)
  }
}

/// The lone-surrogate cases, read as every Swift reader reads them: each
/// lone surrogate as U+FFFD.
@Test func theReferencePassesTheLoneSurrogateCases() throws {
  var components = #filePath.split(separator: "/", omittingEmptySubsequences: false)
  components.removeLast(3)
  let file = try FixtureFile.load(
    path: components.joined(separator: "/") + "/test-fixtures/lone-surrogates.json")
  #expect(!file.cases.isEmpty)
  for fixture in file.cases {
    let actual = NotificationBodyReference.make(
      from: fixture.input, limit: fixture.limit ?? NotificationBodyReference.defaultLimitUTF16Units)
    #expect(
      Array(actual.unicodeScalars) == Array(fixture.expect.unicodeScalars), "\(fixture.name)")
  }
}
