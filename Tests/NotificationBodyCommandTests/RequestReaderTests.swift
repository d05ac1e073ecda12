import Foundation
import NotificationBody
import NotificationBodyHarness
import NotificationBodyProcess
import Testing

/// `serve` reads each request as it streams in and keeps only what the
/// body needs; it must answer as reading the whole line would.
@Suite struct RequestReaderTests {
  /// The seed of the chunk splits; `NOTIFICATION_BODY_SEED` moves it.
  static let seed: UInt64 = {
    do { return try HarnessEnvironment.seed(default: 0x5EED_0045) } catch { fatalError("\(error)") }
  }()

  /// `line` read in chunks cut at random places.
  private static func streamed(_ line: [UInt8], random: inout SplitMix64) -> RequestReader {
    var reader = RequestReader()
    var start = 0
    while start < line.count {
      let end = min(line.count, start + Int.random(in: 0...9, using: &random))
      reader.read(line[start..<end])
      start = end
    }
    return reader
  }

  private static func answer(
    _ read: () throws(AgainstProtocol.Problem) -> (String, NotificationBody.Limit)
  ) -> String {
    do {
      let (input, limit) = try read()
      return "\(Array(input.unicodeScalars)) \(limit.utf16Units)"
    } catch {
      return "\(error)"
    }
  }

  static let lines = [
    #"{"input": "Hello **world**", "limit": 256}"#, #"{"limit": 300, "input": "a\u0000b\r\nd"}"#,
    #" { "inp\u0075t" : "x" , "limit":1000 } "#, #"{"input": "a\ud800b\\", "x": [1, {"y": "}"}]}"#,
    #"{"input": "é\ud83d\ude00", "input": "later"}"#, #"{"input": 3}"#, #"{"input": ["a"]}"#,
    #"{"input": "a", "limit": 255}"#, #"{"input": "a", "limit": "300"}"#,
    #"{"input": "a", "limit": 1e3}"#,
    #"{"input": "a", "limit": 99999999999999999999}"#, #"{"input": "a", "limit": true}"#,
    "{}", "not json", "[1, 2]", "\"text\"", "",
    #"{"input": "a"} x"#, #"{"input" "a"}"#, #"{"input": "\u12"}"#,
    #"{"other": [[[]], "input": "a"}"#, #"{"input": "a", "n": -1.5e+3, "t": true}"#,
    "{\"input\": \"\u{FEFF}caf\u{E9} \u{1F1EB}\u{1F1F7}\"}",
  ]

  @Test(arguments: lines)
  func readingAsItStreamsAnswersAsReadingTheWholeLine(_ line: String) {
    var random = SplitMix64(seed: Self.seed)
    for _ in 0..<20 {
      let reader = Self.streamed(Array(line.utf8), random: &random)
      let streamed = Self.answer { () throws(AgainstProtocol.Problem) in try reader.request() }
      let whole = Self.answer { () throws(AgainstProtocol.Problem) in
        try AgainstProtocol.request(in: Array(line.utf8))
      }
      #expect(streamed == whole, "\(line) (NOTIFICATION_BODY_SEED=\(Self.seed))")
    }
  }

  /// A string with a raw control character or an unknown escape, or a
  /// comma before `}`, is not JSON, where `JSONDecoder` calls the first two
  /// an input that is not a string and takes the third.
  @Test(arguments: ["{\"input\": \"a\tb\"}", #"{"input": "\q"}"#, #"{"input": "a",}"#])
  func aBrokenStringIsNotJSON(_ line: String) {
    var reader = RequestReader()
    reader.read(Array(line.utf8)[...])
    #expect(
      Self.answer { () throws(AgainstProtocol.Problem) in try reader.request() } == "is not JSON")
  }

  /// A line far longer than R1 reads gives the whole message's body, from
  /// a kept input of at most `inputTextKept` bytes of JSON text.
  @Test(arguments: ["ab ", #"\u0041"#, "\u{1F1EB}\u{1F1F7}", "e\u{301}", #"\ud83d\ude00"#])
  func aLongInputIsCutWhereTheBodyNoLongerDependsOnIt(_ piece: String) throws {
    let count = RequestReader.inputTextKept / piece.utf8.count + 1_001
    let text = String(repeating: piece, count: count)
    let line = Array(#"{"input": ""#.utf8) + Array(text.utf8) + Array(#"", "limit": 10000}"#.utf8)
    var reader = RequestReader()
    reader.read(line[...])
    let kept = try reader.request()
    let whole = try AgainstProtocol.request(in: line)
    #expect(kept.input.utf8.count < whole.input.utf8.count)
    // 64 KiB of text but for the last escape, far past R1's 12,293 bytes.
    #expect(kept.input.utf8.count >= 65_530)
    let limit = NotificationBody.Limit(utf16Units: 10_000)
    #expect(
      Array(NotificationBody.make(from: kept.input, limit: limit).unicodeScalars)
        == Array(NotificationBody.make(from: whole.input, limit: limit).unicodeScalars))
  }

  /// Values under a key `serve` does not know are checked and forgotten,
  /// however deep.
  @Test func deepValuesOfUnknownKeysAreSkipped() throws {
    let depth = 1_000_000
    var line = Array(#"{"input": "a", "deep": "#.utf8)
    line += [UInt8](repeating: UInt8(ascii: "["), count: depth)
    line += [UInt8](repeating: UInt8(ascii: "]"), count: depth) + [UInt8(ascii: "}")]
    var reader = RequestReader()
    reader.read(line[...])
    #expect(try reader.request().input == "a")
    var open = RequestReader()
    open.read(line.dropLast(2))
    #expect(
      Self.answer { () throws(AgainstProtocol.Problem) in try open.request() } == "is not JSON")
  }
}
