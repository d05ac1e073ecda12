import NotificationBodyFixtures
import NotificationBodyHarness
import NotificationBodyUnicodeData
import Testing

@testable import NotificationBody

private let root = FixtureFile.repositoryRoot(containing: #filePath)

extension UnicodeDataFiles.BreakTest: CustomTestStringConvertible {
  public var testDescription: String { "\(place): \(written)" }
}

extension BoundaryCase: CustomTestStringConvertible {
  public var testDescription: String { name }
}

/// The library's breaker, the only one R1 and R12 cut with, against
/// Unicode's own conformance test for the data's version and against the
/// boundary fixture file every port runs.
@Suite struct GraphemeBreakTests {
  static let unicodeTests: [UnicodeDataFiles.BreakTest] = {
    guard let root else { return [] }
    let path =
      "\(root)/\(UnicodeDataFiles.folder)/\(GraphemeBreakProperty.unicodeVersion)/"
      + UnicodeDataFiles.graphemeBreakTest
    return (try? UnicodeDataFiles.breakTests(atPath: path)) ?? []
  }()

  static let boundaryCases: [BoundaryCase] = {
    guard let root else { return [] }
    return (try? BoundaryFile.load(path: root + "/" + BoundaryFile.path).cases) ?? []
  }()

  @Test func unicodesTestAndTheBoundaryFileAreRead() throws {
    // GraphemeBreakTest-17.0.0.txt holds 766 tests; the boundary file holds
    // them and the contract's own.
    #expect(Self.unicodeTests.count >= 700, "read \(Self.unicodeTests.count) tests")
    #expect(Self.boundaryCases.count > Self.unicodeTests.count)
    let root = try #require(root)
    let file = try BoundaryFile.load(path: root + "/" + BoundaryFile.path)
    #expect(file.unicodeVersion == GraphemeBreakProperty.unicodeVersion)
  }

  @Test(arguments: unicodeTests)
  func libraryBreaksAsUnicodesTestSays(_ test: UnicodeDataFiles.BreakTest) {
    let text = String(String.UnicodeScalarView(test.scalars))
    #expect(
      Self.libraryBreaks(text) == test.breaks,
      "\(test.place): \(test.written) \(test.comment)")
  }

  @Test(arguments: boundaryCases)
  func libraryCutsTheBoundaryFilesCharacters(_ boundaryCase: BoundaryCase) {
    let breaks = Self.libraryBreaks(boundaryCase.input)
    var characters: [String] = []
    var current = String.UnicodeScalarView()
    for (index, scalar) in boundaryCase.input.unicodeScalars.enumerated() {
      if breaks[index], !current.isEmpty {
        characters.append(String(current))
        current = String.UnicodeScalarView()
      }
      current.append(scalar)
    }
    characters.append(String(current))
    #expect(
      characters.map(Escaped.json) == boundaryCase.characters.map(Escaped.json),
      "\(boundaryCase.name)")
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
