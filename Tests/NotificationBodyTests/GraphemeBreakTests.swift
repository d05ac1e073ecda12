import NotificationBodyFixtures
import NotificationBodyHarness
import NotificationBodyText
import NotificationBodyUnicodeData
import Testing

@testable import NotificationBody

private let root = FixtureFile.repositoryRoot(containing: #filePath)

extension UnicodeDataFiles.BreakTest: CustomTestStringConvertible {
  public var testDescription: String { "\(place): \(written)" }
}

/// The library's breaker, the only one R1 and R12 cut with, against
/// Unicode's own conformance test for the data's version and the contract's
/// own boundary cases: the sources of the boundary fixture file every port
/// runs (`UnicodeTablesTests` holds the file to them).
@Suite struct GraphemeBreakTests {
  /// Every line of the version's GraphemeBreakTest.txt, then of
  /// unicode/contract-boundaries.txt.
  static let tests: [UnicodeDataFiles.BreakTest] = {
    guard let root else { return [] }
    let folder = "\(root)/\(UnicodeDataFiles.folder)/"
    return [
      folder + GraphemeBreakProperty.unicodeVersion + "/" + UnicodeDataFiles.graphemeBreakTest,
      folder + UnicodeDataFiles.contractBoundaries,
    ].flatMap { (try? UnicodeDataFiles.breakTests(atPath: $0)) ?? [] }
  }()

  @Test func unicodesTestAndTheContractsCasesAreRead() {
    // GraphemeBreakTest-17.0.0.txt holds 766 tests.
    let unicode = Self.tests.filter { $0.place.hasPrefix("GraphemeBreakTest.txt") }
    #expect(unicode.count >= 700, "read \(unicode.count) of Unicode's tests")
    #expect(Self.tests.count > unicode.count, "read none of the contract's own")
  }

  @Test(arguments: tests)
  func libraryBreaksAsTheTestSays(_ test: UnicodeDataFiles.BreakTest) {
    let text = String(String.UnicodeScalarView(test.scalars))
    #expect(
      Self.libraryBreaks(text) == test.breaks,
      "\(test.place): \(test.written) \(test.comment)")
  }

  /// Whether the library finds a boundary before each scalar of `text` and
  /// at its end: where `CharacterBoundary.atOrBefore` keeps the offset. At
  /// every other offset it must step back to the last boundary before it.
  static func libraryBreaks(_ text: String) -> [Bool] {
    let bytes = Array(text.utf8)
    var offsets: [Int] = []
    var offset = 0
    for scalar in text.unicodeScalars {
      offsets.append(offset)
      offset += UTF8.width(scalar)
    }
    offsets.append(offset)
    return bytes.withUnsafeBufferPointer { buffer in
      var breaks: [Bool] = []
      var last = 0
      for offset in offsets {
        let found = CharacterBoundary.atOrBefore(offset, in: buffer)
        breaks.append(found == offset)
        if found == offset { last = offset }
        // A cut that is no boundary goes back to the one before it.
        #expect(found == last, "at byte \(offset) of \(Escaped.json(text))")
      }
      return breaks
    }
  }
}
