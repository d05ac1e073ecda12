import Foundation
import NotificationBodyFixtures
import NotificationBodyHarness
import NotificationBodySnapshot
import Testing

/// A fixture text the reader must refuse, and the whole message it gives.
struct StrictRefusal: Sendable, CustomTestStringConvertible {
  /// Why platforms would disagree about the text.
  var why: String
  var json: String
  /// The message after `f.json: `.
  var message: String

  var testDescription: String { why }

  /// `{"version": 1, "cases": [<cases>]}`, one case a line.
  static func file(_ cases: String...) -> String {
    "{\"version\": 1, \"cases\": [\n" + cases.joined(separator: ",\n") + "\n]}"
  }

  static let all = [
    StrictRefusal(
      why: "a trailing comma in the cases array (JSON.parse and Python refuse it)",
      json: file(#"{"name": "a", "input": "x", "expect": "x"},"#),
      message: "line 2, column 43: trailing comma"),
    StrictRefusal(
      why: "a trailing comma in a case",
      json: file(#"{"name": "a", "input": "x", "expect": "x",}"#),
      message: "line 2, column 42: trailing comma"),
    StrictRefusal(
      why: "a key repeated in a case (Swift keeps the first, JavaScript and Python the last)",
      json: file(
        #"{"name": "R5 a", "input": "x", "expect": "x"}"#,
        #"{"name": "R5 b", "input": "y", "expect": "y", "expect": "z"}"#),
      message: #"line 3, column 47: case 1 ("R5 b"): repeats key "expect""#),
    StrictRefusal(
      why: "a key repeated through an escape",
      json: file(#"{"name": "R5 a", "input": "x", "expect": "x", "\u0065xpect": "z"}"#),
      message: #"line 2, column 47: case 0 ("R5 a"): repeats key "expect""#),
    StrictRefusal(
      why: "a key repeated at the top",
      json: #"{"version": 1, "cases": [], "version": 1}"#,
      message: #"line 1, column 29: repeats key "version""#),
    StrictRefusal(
      why: "a limit above 2^53 - 1, which JavaScript reads as another number",
      json: file(#"{"name": "a", "input": "x", "expect": "x", "limit": 9007199254740993}"#),
      message: #"case 0 ("a"): "limit" must be a whole number from 256 to 9007199254740991"#),
    StrictRefusal(
      why: "a limit above Int.max",
      json: file(#"{"name": "a", "input": "x", "expect": "x", "limit": 99999999999999999999}"#),
      message: #"case 0 ("a"): "limit" must be a whole number from 256 to 9007199254740991"#),
    StrictRefusal(
      why: "a limit with a decimal point",
      json: file(#"{"name": "a", "input": "x", "expect": "x", "limit": 300.0}"#),
      message: #"case 0 ("a"): "limit" must be a whole number from 256 to 9007199254740991"#),
    StrictRefusal(
      why: "a limit with an exponent",
      json: file(#"{"name": "a", "input": "x", "expect": "x", "limit": 1e3}"#),
      message: #"case 0 ("a"): "limit" must be a whole number from 256 to 9007199254740991"#),
    StrictRefusal(
      why: "a limit with a leading zero",
      json: file(#"{"name": "a", "input": "x", "expect": "x", "limit": 0300}"#),
      message: "line 2, column 53: a number has a leading zero"),
    StrictRefusal(
      why: "an empty name",
      json: file(
        #"{"name": "a", "input": "x", "expect": "x"}"#,
        #"{"name": "", "input": "y", "expect": "y"}"#),
      message: "case 1: has an empty name"),
    StrictRefusal(
      why: "a name repeated",
      json: file(
        #"{"name": "a", "input": "x", "expect": "x"}"#,
        #"{"name": "a", "input": "y", "expect": "y"}"#),
      message: #"case 1 ("a"): has the same name as case 0"#),
    StrictRefusal(
      why: "two cases with the same input and limit, as promote refuses them",
      json: file(
        #"{"name": "a", "input": "x", "expect": "x", "limit": 300}"#,
        #"{"name": "b", "input": "y", "expect": "y"}"#,
        #"{"name": "c", "input": "x", "expect": "x", "limit": 300}"#),
      message: #"case 2 ("c"): has the same input and limit as case 0 ("a")"#),
    StrictRefusal(
      why: "no limit and limit 256 are the same limit",
      json: file(
        #"{"name": "a", "input": "x", "expect": "x"}"#,
        #"{"name": "b", "input": "x", "expect": "x", "limit": 256}"#),
      message: #"case 1 ("b"): has the same input and limit as case 0 ("a")"#),
    StrictRefusal(
      why: "a lone high surrogate (Python keeps it, JavaScript keeps a lone unit)",
      json: file(#"{"name": "a", "input": "x\ud800", "expect": "x"}"#),
      message: "line 2, column 26: \\uD800 is half of a UTF-16 surrogate pair without the other "
        + "half; platforms read it differently"),
    StrictRefusal(
      why: "a lone low surrogate",
      json: file(#"{"name": "a", "input": "\udc00x", "expect": "x"}"#),
      message: "line 2, column 25: \\uDC00 is half of a UTF-16 surrogate pair without the other "
        + "half; platforms read it differently"),
    StrictRefusal(
      why: "a high surrogate followed by one that is not low",
      json: file(#"{"name": "a", "input": "\ud800\u0041", "expect": "x"}"#),
      message: "line 2, column 25: \\uD800 is half of a UTF-16 surrogate pair without the other "
        + "half; platforms read it differently"),
    StrictRefusal(
      why: "a byte order mark before the text",
      json: "\u{FEFF}" + file(#"{"name": "a", "input": "x", "expect": "x"}"#),
      message: "line 1, column 1: the file starts with a byte order mark (U+FEFF), which "
        + "JavaScript and Python refuse; save it as UTF-8 without one"),
    StrictRefusal(
      why: "a raw tab in a string",
      json: file("{\"name\": \"a\", \"input\": \"x\ty\", \"expect\": \"x\"}"),
      message: "line 2, column 26: control character U+0009 written raw in a string "
        + "(write it as \\u0009)"),
    StrictRefusal(
      why: "a syntax error names its place in plain words",
      json: "{\"version\": 1,\n \"cases\": [,]}",
      message: "line 2, column 12: expected a value, found ','"),
  ]
}

/// The fixture reader, which every `check`, `promote`, `seeds` and test
/// goes through, refuses what platforms read differently.
@Suite struct StrictFixtureReaderTests {
  @Test(arguments: StrictRefusal.all)
  func aTextPlatformsReadDifferentlyIsRefused(_ refusal: StrictRefusal) {
    #expect {
      try FixtureFile.parse(Data(refusal.json.utf8), path: "f.json")
    } throws: { error in
      String(describing: error) == "f.json: " + refusal.message
    }
  }

  @Test func theLargestLimitIsRead() throws {
    let json = StrictRefusal.file(
      #"{"name": "a", "input": "x", "expect": "x", "limit": 9007199254740991}"#)
    let file = try FixtureFile.parse(Data(json.utf8), path: "f.json")
    #expect(file.cases[0].limit == 9_007_199_254_740_991)
  }

  /// Inputs, names and keys are compared scalar by scalar: "é" and
  /// "e\u{301}" are different, as they are to every platform's `==` on
  /// code points.
  @Test func canonicallyEquivalentTextIsNotARepeat() throws {
    let json = StrictRefusal.file(
      #"{"name": "caf\u00e9", "input": "caf\u00e9", "expect": "x", "\u00e9": 1, "e\u0301": 2}"#,
      #"{"name": "cafe\u0301", "input": "cafe\u0301", "expect": "x"}"#,
      #"{"name": "b", "input": "caf\u00e9", "expect": "x", "limit": 300}"#)
    let file = try FixtureFile.parse(Data(json.utf8), path: "f.json")
    #expect(file.cases.count == 3)
  }

  @Test func stringsArriveExactlyAsWritten() throws {
    // A raw U+FEFF and U+2028, an escaped pair, NUL and every short escape.
    let json = StrictRefusal.file(
      "{\"name\": \"a\", \"input\": \"\u{FEFF}\u{2028}\\ud83d\\ude00\\u0000\\\"\\\\\\/\\b\\f\\n\\r\\t\", \"expect\": \"x\"}"
    )
    let file = try FixtureFile.parse(Data(json.utf8), path: "f.json")
    #expect(
      Array(file.cases[0].input.unicodeScalars)
        == [
          "\u{FEFF}", "\u{2028}", "\u{1F600}", "\0", "\"", "\\", "/", "\u{8}", "\u{C}", "\n", "\r",
          "\t",
        ])
  }

  @Test func bytesThatAreNotUTF8AreRefusedWithTheirPlace() {
    for (bytes, message) in [
      ([0xC3, 0x28], "line 1, column 4: byte 0xC3 starts no UTF-8 sequence here"),
      ([0xED, 0xA0, 0x80], "line 1, column 4: byte 0xED starts no UTF-8 sequence here"),
      ([0xC0, 0x80], "line 1, column 4: byte 0xC0 is not UTF-8"),
      ([0xFF], "line 1, column 4: byte 0xFF is not UTF-8"),
    ] as [([UInt8], String)] {
      let data = Data(Array("[\"a".utf8) + bytes + Array("\"]".utf8))
      #expect(failureText(data) == message, "\(bytes)")
    }
  }

  @Test func nestingStopsAtTheBudget() throws {
    let deepest = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
    _ = try StrictJSON.parse(Data(deepest.utf8))
    let deeper = String(repeating: "[", count: 513) + String(repeating: "]", count: 513)
    #expect(
      failureText(Data(deeper.utf8))
        == "line 1, column 513: arrays and objects nest deeper than 512 levels")
    // A hostile file of a million brackets costs no stack.
    let hostile = Data(repeating: UInt8(ascii: "["), count: 1_000_000)
    #expect(failureText(hostile).hasSuffix("arrays and objects nest deeper than 512 levels"))
  }

  /// The reader examines each byte a bounded number of times and allocates
  /// in proportion to the file, counted exactly on a file of many long
  /// lines, long strings, many keys and deep nesting. Measured: 1.9 bytes
  /// examined and 9 bytes allocated per byte of the file, at both sizes; a
  /// member insertion that copied the object's storage allocated 1,700.
  @Test func readingCostsLinearWorkInTheFilesSize() throws {
    #expect(AllocationMeter.isLive, "CAllocationCounting is not linked into the test bundle")
    for copies in [1, 4] {
      let data = Data(Self.largeFile(copies: copies).utf8)
      let (_, examined) = try StrictJSON.read(data)
      #expect(examined <= 3 * data.count, "\(examined) bytes examined for \(data.count)")
      let reading = AllocationMeter.measure { _ = try? StrictJSON.read(data) }
      #expect(
        reading.allocatedBytes <= 16 * data.count,
        "\(reading.allocatedBytes) bytes allocated for \(data.count)")
    }
  }

  /// `copies` times: a string of 20,000 bytes with escapes, an object of
  /// 2,000 keys, a one-line array of 5,000 numbers, and 400 nested arrays.
  private static func largeFile(copies: Int) -> String {
    var parts: [String] = []
    for copy in 0..<copies {
      let long = String(repeating: "ab\\n\\u00e9\u{FEFF}", count: 2_000)
      let keys = (0..<2_000).map { "\"k\(copy)_\($0)\": \($0)" }.joined(separator: ", ")
      let numbers = (0..<5_000).map { "\($0).5e1" }.joined(separator: ",")
      let nested = String(repeating: "[", count: 400) + String(repeating: "]", count: 400)
      parts.append("[\"\(long)\", {\(keys)}, [\(numbers)], \(nested)]")
    }
    return "[\n" + parts.joined(separator: ",\n") + "\n]"
  }

  /// The snapshot reader goes through the same reader: a repeated key or a
  /// trailing comma is refused with its place, in plain words.
  @Test(arguments: [
    (
      #"{"version": 1, "entries": [{"id": "a", "input": "x", "body": "x", "body": "y"}]}"#,
      #"s.json: line 1, column 67: repeats key "body"; regenerate it with `notification-body gate --accept`"#
    ),
    (
      #"{"version": 1, "entries": [{"id": "a", "input": "x", "body": "x"},]}"#,
      "s.json: line 1, column 66: trailing comma; regenerate it with `notification-body gate --accept`"
    ),
    (
      #"{"version": 1, "entries": [{"id": "a", "input": 1, "body": "x"}]}"#,
      #"s.json: entry 0 ("a") has "input", which is not a string"#
    ),
  ])
  func theSnapshotReaderIsAsStrict(_ json: String, _ message: String) {
    #expect {
      try Snapshot.parse(Data(json.utf8), path: "s.json")
    } throws: { error in
      let text = String(describing: error)
      return text == message && !text.contains("DecodingError") && !text.contains("NSCocoa")
    }
  }
}

/// What `StrictJSON.parse` says about `data`, or "" when it reads it.
private func failureText(_ data: Data) -> String {
  do {
    _ = try StrictJSON.parse(data)
    return ""
  } catch {
    return error.description
  }
}
