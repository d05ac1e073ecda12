import Foundation
import NotificationBody
import NotificationBodyFindings
import NotificationBodyFixtures
import NotificationBodyHarness
import NotificationBodyReference
import NotificationBodySnapshot
import Testing

@testable import NotificationBodyCommand

/// A fixture file in the shared format with one case (PortCheckTests
/// reads it too).
let oneCaseFixtureFile = """
  {
    "version": 1,
    "cases": [
      {"name": "R8 plain", "input": "plain words", "expect": "plain words"}
    ]
  }

  """

/// A fixture file and a fail-cases folder in a temporary folder.
private struct Files: ~Copyable {
  let directory: TemporaryDirectory
  let fixtures: String
  let failCases: String

  init() throws {
    let directory = try TemporaryDirectory()
    self.fixtures = try directory.file("fixtures.json", Array(oneCaseFixtureFile.utf8))
    failCases = directory.url.appendingPathComponent("FailCases").path
    self.directory = directory
  }

  func fixtureText() throws -> String {
    String(decoding: try Data(contentsOf: URL(fileURLWithPath: fixtures)), as: UTF8.self)
  }

  func saved(_ path: String) -> [UInt8]? {
    FileManager.default.contents(atPath: path).map { [UInt8]($0) }
  }
}

/// A library that gets a body wrong wherever `wrong` says, and is the
/// library elsewhere; FuzzDifferential's check with it in the library's place.
private func brokenLibrary(
  wrong: @escaping @Sendable (String, NotificationBody.Limit) -> Bool
) -> LibraryProbe {
  let implementation = Implementation(name: "broken") { message, limit in
    wrong(message, limit) ? "BROKEN" : NotificationBody.make(from: message, limit: limit)
  }
  return .comparing(implementation)
}

// A cost bug changes no body: its finding is pinned as a saved failure,
// which the metered tests replay, and adds no case to the contract.
@Test func aCostFindingIsSavedAsAFailureWithNoCase() throws {
  let files = try Files()
  var promotion = try Promotion(fixtures: files.fixtures, failCases: files.failCases)
  let bytes: [UInt8] = [0x05] + Array("a [b](c) d".utf8)
  let candidate = Promotion.Candidate(
    target: .differential, bytes: bytes,
    failure: InvariantFailure(.linearWork, "work 9,999 > bound 5,376"), savingShrunkBytes: true)
  let promoted = try promotion.write(candidate, name: nil, source: "crash-1")
  let path = "\(files.failCases)/FuzzDifferential/\(InputDigest.hex(of: bytes))"
  #expect(promoted.line == nil)
  #expect(
    promoted.failureOnly
      == "saved as a cost failure: \(path); no contract case, since a cost finding "
      + "changes no body")
  #expect(files.saved(path) == bytes)
  #expect(try files.fixtureText() == oneCaseFixtureFile)
  // Known from now on, by its bytes.
  #expect(promotion.existing(candidate) == "already saved as \(path)")
}

// A finding on which the library's body is the reference's pins no body.
@Test func aFindingWithTheReferenceBodyIsSavedAsAFailureWithNoCase() throws {
  let files = try Files()
  var promotion = try Promotion(fixtures: files.fixtures, failCases: files.failCases)
  let bytes: [UInt8] = [0x00] + Array("some **bold** words".utf8)
  let candidate = Promotion.Candidate(
    target: .differential, bytes: bytes, failure: InvariantFailure(.windowHolds, "simulated"))
  let promoted = try promotion.write(candidate, name: nil, source: "crash-2")
  let path = "\(files.failCases)/FuzzDifferential/\(InputDigest.hex(of: bytes))"
  #expect(promoted.line == nil)
  #expect(
    promoted.failureOnly
      == "saved as a failure only: \(path); no contract case, since the library's body is "
      + "the reference's at this input and limit, so a case would pin no body "
      + "(window-holds is pinned by the saved failure)")
  #expect(files.saved(path) == bytes)
  #expect(try files.fixtureText() == oneCaseFixtureFile)
}

// A body bug found at 4096 that breaks the same invariant at 256 is a case
// at the default limit, and the same bug found at 1000 is that case.
@Test func aBodyFindingIsPromotedAtTheDefaultLimitWhenItBreaksThere() throws {
  let files = try Files()
  let library = brokenLibrary { message, _ in message.contains("~~") }
  var promotion = try Promotion(
    fixtures: files.fixtures, failCases: files.failCases, library: library)
  // Bit 0 and bits 1-2 = 2: the raised limit 4096.
  let bytes: [UInt8] = [0x05] + Array("a ~~b~~ c".utf8)
  let candidate = Promotion.Candidate(
    target: .differential, bytes: bytes, failure: library.problem(.differential, bytes),
    savingShrunkBytes: true, library: library)
  #expect(candidate.failure?.invariant == .matchesReference)
  #expect(candidate.limit == nil)
  #expect(candidate.input == "~~")
  let promoted = try promotion.write(candidate, name: "R7 strike", source: "crash-3")
  #expect(promoted.failureOnly == nil)
  let line = try #require(promoted.line)
  #expect(!line.contains("\"limit\""), "\(line)")
  #expect(try files.fixtureText().contains(line))

  // Bits 1-2 = 1: 1000.
  let again: [UInt8] = [0x03] + Array("a ~~b~~ c".utf8)
  let second = Promotion.Candidate(
    target: .differential, bytes: again, failure: library.problem(.differential, again),
    savingShrunkBytes: true, library: library)
  #expect(promotion.existing(second) == "already the fixture case \"R7 strike\"")
}

// A limit the fixture file cannot hold is lowered to the largest it can
// when the input breaks the same invariant there; else it is saved only.
@Test func aLimitAboveTheFixtureFilesLargestIsLoweredOrSavedOnly() throws {
  let files = try Files()
  let largest = (1 << 53) - 1
  // Bit 4, bit 0 and bits 1-2 = 3: the limit Int.max.
  let bytes: [UInt8] = [0x17] + Array("a ~~b~~ c".utf8)
  let atLargest = brokenLibrary { _, limit in limit.utf16Units >= largest }
  let lowered = Promotion.Candidate(
    target: .differential, bytes: bytes, failure: atLargest.problem(.differential, bytes),
    library: atLargest)
  #expect(lowered.limit == largest)

  let aboveLargest = brokenLibrary { _, limit in limit.utf16Units > largest }
  var promotion = try Promotion(
    fixtures: files.fixtures, failCases: files.failCases, library: aboveLargest)
  let kept = Promotion.Candidate(
    target: .differential, bytes: bytes, failure: aboveLargest.problem(.differential, bytes),
    library: aboveLargest)
  #expect(kept.limit == Int.max)
  let promoted = try promotion.write(kept, name: nil, source: "crash-4")
  #expect(promoted.line == nil)
  #expect(
    promoted.failureOnly?.contains(
      "no contract case, since the fixture file cannot hold its limit \(Int.max)") == true)
  #expect(try files.fixtureText() == oneCaseFixtureFile)
}

// A bug that the whole message shows only past the default limit, and the
// shrunk one within it, is one case at the default, not one per limit.
@Test func aShrunkFindingThatBreaksAtTheDefaultIsPromotedThere() throws {
  let library = brokenLibrary { message, limit in
    message.contains("**") && (limit.utf16Units > 256 || message.utf8.count < 10)
  }
  // Bits 1-2 = 2: the raised limit 4096.
  let bytes: [UInt8] = [0x05] + Array(("**" + String(repeating: "a", count: 40)).utf8)
  let candidate = Promotion.Candidate(
    target: .differential, bytes: bytes, failure: library.problem(.differential, bytes),
    savingShrunkBytes: true, library: library)
  #expect(candidate.failure?.invariant == .matchesReference)
  #expect(candidate.input == "**")
  #expect(candidate.limit == nil)
  #expect(candidate.bytes == [0x00] + Array("**".utf8))
}
