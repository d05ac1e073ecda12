import NotificationBodyFixtures
import NotificationBodyHarness
import NotificationBodyReference
import NotificationBodyText
import NotificationBodyUnicodeData
import Testing

@testable import NotificationBody

private let root = FixtureFile.repositoryRoot(containing: #filePath)

/// The reference's characters, its own transcription of UAX #29, against
/// Unicode's conformance test and the boundary fixture file; and the
/// library's breaker against it on generated text.
@Suite struct ReferenceCharacterTests {
  static let unicodeTests: [UnicodeDataFiles.BreakTest] = {
    guard let root else { return [] }
    let path =
      "\(root)/\(UnicodeDataFiles.folder)/\(GraphemeBreakProperty.unicodeVersion)/"
      + UnicodeDataFiles.graphemeBreakTest
    return (try? UnicodeDataFiles.breakTests(atPath: path)) ?? []
  }()

  @Test func everyContractBoundaryCaseBreaksAsItSays() throws {
    let root = try #require(root)
    let tests = try UnicodeDataFiles.breakTests(
      atPath: "\(root)/\(UnicodeDataFiles.folder)/\(UnicodeDataFiles.contractBoundaries)")
    #expect(!tests.isEmpty)
    for test in tests {
      #expect(
        NotificationBodyReference.characterBreaks(test.scalars) == test.breaks,
        "\(test.place): \(test.written) \(test.comment)")
    }
  }

  /// The library's backward walk and the reference's forward pass agree on
  /// text made of the scalars whose rules need context: marks, ZWJs,
  /// pictographs, regional indicators, conjunct parts, Hangul jamo, Prepend.
  @Test func libraryAndReferenceAgreeOnGeneratedText() throws {
    let pool: [Unicode.Scalar] = [
      "a", " ", "\n", "\r", "\u{0301}", "\u{200D}", "\u{200C}", "\u{1F468}", "\u{1F3FD}",
      "\u{2764}", "\u{FE0F}", "\u{1F1FA}", "\u{1F1F8}", "\u{0915}", "\u{094D}", "\u{0937}",
      "\u{1000}", "\u{1039}", "\u{17D2}", "\u{1780}", "\u{0903}", "\u{0600}", "\u{1100}",
      "\u{1161}", "\u{11A8}", "\u{AC00}", "\u{AC01}", "\u{00A9}", "\u{0000}", "\u{E0020}",
    ]
    let seed = try HarnessEnvironment.seed(default: 0x6772_6170_6865_6d65)
    var generator = SplitMix64(seed: seed)
    for _ in 0..<4000 {
      var scalars: [Unicode.Scalar] = []
      for _ in 0..<Int(generator.next() % 12) + 1 {
        scalars.append(pool[Int(generator.next() % UInt64(pool.count))])
      }
      let text = String(String.UnicodeScalarView(scalars))
      let expected = NotificationBodyReference.characterBreaks(scalars)
      let bytes = Array(text.utf8)
      var offset = 0
      var actual: [Bool] = []
      bytes.withUnsafeBufferPointer { buffer in
        for scalar in scalars {
          actual.append(CharacterBoundary.atOrBefore(offset, in: buffer) == offset)
          offset += UTF8.width(scalar)
        }
        actual.append(true)
      }
      #expect(actual == expected, "\(Escaped.json(text)) (NOTIFICATION_BODY_SEED=\(seed))")
      if actual != expected { break }
    }
  }
}

/// Every line of Unicode's test, cut by R12 and by R1 at each of its
/// scalars: letters before it move the cut, letters after it make the
/// message long enough to be cut. At the cap the library's body is the
/// reference's; at the window, it is the body of the reference's window
/// with "…" (the reference's whole body at 4096 units would make this test
/// ten times slower).
@Suite struct CutOnEveryUnicodeTestLine {
  @Test(arguments: ReferenceCharacterTests.unicodeTests)
  func theLibraryCutsWhereTheReferenceDoes(_ test: UnicodeDataFiles.BreakTest) {
    let text = String(String.UnicodeScalarView(test.scalars))
    let units = text.utf16.count
    let tail = String(repeating: "z", count: 300)
    for before in max(0, 255 - units)...255 {
      let message = String(repeating: "a", count: before) + text + tail
      let body = NotificationBody.make(from: message)
      let expected = NotificationBodyReference.make(from: message)
      #expect(
        Array(body.unicodeScalars) == Array(expected.unicodeScalars),
        "\(test.place) after \(before) letters: \(Escaped.excerpt(body)), the reference \(Escaped.excerpt(expected))"
      )
    }
    let window = NotificationBody.windowUTF16Units
    let limit = NotificationBody.Limit(utf16Units: 10_000)
    for before in max(0, window - units)...window {
      let message = String(repeating: "a", count: before) + text + tail
      let body = NotificationBody.make(from: message, limit: limit)
      let read = NotificationBodyReference.window(of: message)
      #expect(read.leftTextOut)
      let expected = NotificationBody.make(from: read.text, limit: limit) + "…"
      #expect(
        Array(body.unicodeScalars) == Array(expected.unicodeScalars),
        "\(test.place) after \(before) letters: the window ends where the reference's does not"
      )
    }
  }
}

/// A break the reference calls certain whatever precedes it is a break in
/// every line of Unicode's test, and there are such breaks to find.
@Test func aBreakWhateverPrecedesIsABreakInEveryUnicodeTestLine() {
  var certain = 0
  for test in ReferenceCharacterTests.unicodeTests {
    for index in test.scalars.indices.dropFirst()
    where NotificationBodyReference.breaksWhateverPrecedes(
      test.scalars[index - 1], test.scalars[index])
    {
      certain += 1
      #expect(test.breaks[index], "\(test.place): \(test.written) at scalar \(index)")
    }
  }
  #expect(certain > 500)
}
