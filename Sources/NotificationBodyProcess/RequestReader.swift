import NotificationBody
import NotificationBodyFixtures

/// One request line of the line protocol, read as it streams in and kept
/// only as far as a body needs it, so `serve`'s memory is bounded by what
/// it keeps, never by the line's length.
///
///     var reader = RequestReader()
///     reader.read(Array(#"{"input": "a**b**", "unknown": [1, 2]}"#.utf8)[...])
///     try reader.request()  // ("ab", 256 UTF-16 units)
///
/// It keeps the JSON text of `"input"` up to `inputTextKept` bytes, the
/// token of `"limit"` up to 64, a key's first 64 bytes and, for a line that
/// is not an object, its first 4 KiB. Everything else is checked as it
/// passes and forgotten: strings whole (escapes, no raw control
/// characters), nesting by a count (brackets of a value under an unknown
/// key are not matched by kind), other scalars loosely. For a key given
/// twice, the first value counts, as with `JSONDecoder`.
package struct RequestReader {
  /// The most bytes of `"input"`'s JSON text that are kept: even when every
  /// character is a six-byte `\uXXXX` escape, 64 KiB of text, past the
  /// 12,293 bytes R1 can read, so the body is the whole message's.
  package static let inputTextKept = FileBytes.messageBytesKept * 6
  private static let tokenKept = 64
  private static let notObjectKept = 4096

  /// What the bytes so far are part of.
  private enum Place {
    case beforeObject
    case beforeKey(first: Bool)
    case key, beforeColon, beforeValue
    case string, nested, scalar, afterValue, afterObject
    /// A line that does not start with `{`, kept for the decoder to judge.
    case notObject
    case malformed

    var isKey: Bool {
      if case .key = self { return true }
      return false
    }
  }

  /// Where a string's lexing is: in text, after `\`, or in a `\u`'s digits.
  private enum Escape {
    case none, started
    case hexDigits(left: Int)
  }

  /// Which top-level key the value being read belongs to.
  private enum Field {
    case input, limit, other
  }

  private var place = Place.beforeObject
  private var escape = Escape.none
  private var field = Field.other
  /// How many arrays and objects the value of a key is inside.
  private var depth = 0
  /// The bytes of the string, key or token being kept.
  private var kept: [UInt8] = []
  /// How many bytes of `kept` end on a whole character or escape.
  private var keptWhole = 0
  private var keptAll = true
  private var input: [UInt8]?
  private var limit: [UInt8]?
  /// Whether any byte has been read.
  package private(set) var isEmpty = true

  package init() {}

  /// Reads the next bytes of the line, none of them `"\n"`.
  package mutating func read(_ bytes: ArraySlice<UInt8>) {
    isEmpty = isEmpty && bytes.isEmpty
    var index = bytes.startIndex
    while index < bytes.endIndex {
      // Plain text inside a string, most of a long line, goes in one run.
      if case .string = place, case .none = escape {
        var end = index
        while end < bytes.endIndex, bytes[end] != UInt8(ascii: "\""),
          bytes[end] != UInt8(ascii: "\\"), bytes[end] >= 0x20
        {
          end += 1
        }
        if field == .input && depth == 0 { keep(bytes[index..<end]) }
        index = end
        if index == bytes.endIndex { break }
      }
      step(bytes[index])
      index += 1
    }
  }

  /// Keeps a run of plain string text while fewer than `inputTextKept`
  /// bytes are kept, ending the kept part on a whole character.
  private mutating func keep(_ run: ArraySlice<UInt8>) {
    guard keptAll, !run.isEmpty else { return }
    let room = Self.inputTextKept - kept.count
    let taken = run.prefix(room)
    if let last = taken.lastIndex(where: { $0 & 0xC0 != 0x80 }) {
      keptWhole = kept.count + (last - taken.startIndex)
    }
    kept += taken
    if run.count > room {
      if run[run.startIndex + room] & 0xC0 != 0x80 { keptWhole = kept.count }
      keptAll = false
    }
  }

  /// The request the whole line holds.
  ///
  /// - Throws: `AgainstProtocol.Problem`, in the words `request(in:)` uses.
  package func request() throws(AgainstProtocol.Problem) -> (
    input: String, limit: NotificationBody.Limit
  ) {
    switch place {
    case .afterObject:
      var object: [UInt8] = Array("{".utf8)
      if let input { object += Array(#""input":"#.utf8) + input + [UInt8(ascii: ",")] }
      if let limit { object += Array(#""limit":"#.utf8) + limit + [UInt8(ascii: ",")] }
      object[object.count - 1] = UInt8(ascii: "}")
      return try AgainstProtocol.request(in: object.count == 1 ? Array("{}".utf8) : object)
    case .notObject where keptAll: return try AgainstProtocol.request(in: kept)
    case .notObject: throw AgainstProtocol.Problem("is not a JSON object")
    default: throw AgainstProtocol.Problem("is not JSON")
    }
  }

  private static func isSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0D || byte == 0x0A
  }

  private mutating func step(_ byte: UInt8) {
    switch place {
    case .beforeObject where Self.isSpace(byte), .beforeKey where Self.isSpace(byte),
      .beforeColon where Self.isSpace(byte), .beforeValue where Self.isSpace(byte),
      .afterValue where Self.isSpace(byte), .afterObject where Self.isSpace(byte),
      .malformed:
      return
    case .beforeObject:
      place = byte == UInt8(ascii: "{") ? .beforeKey(first: true) : .notObject
      if case .notObject = place { keep(byte, upTo: Self.notObjectKept, startsCharacter: true) }
    case .notObject:
      keep(byte, upTo: Self.notObjectKept, startsCharacter: true)
    case .beforeKey(let first):
      if byte == UInt8(ascii: "\"") {
        start(.key, field: .other)
        keep(byte, upTo: Self.tokenKept, startsCharacter: true)
      } else {
        place = first && byte == UInt8(ascii: "}") ? .afterObject : .malformed
      }
    case .key, .string:
      lex(byte)
    case .beforeColon:
      place = byte == UInt8(ascii: ":") ? .beforeValue : .malformed
    case .beforeValue:
      value(startingWith: byte)
    case .nested:
      if byte == UInt8(ascii: "\"") {
        place = .string
        escape = .none
      } else if byte == UInt8(ascii: "[") || byte == UInt8(ascii: "{") {
        depth += 1
      } else if byte == UInt8(ascii: "]") || byte == UInt8(ascii: "}") {
        depth -= 1
        if depth == 0 { place = .afterValue }
      }
    case .scalar:
      if Self.isSpace(byte) || byte == UInt8(ascii: ",") || byte == UInt8(ascii: "}") {
        if field == .limit && keptAll { limit = kept } else if field != .other { setNonString() }
        place = .afterValue
        step(byte)
      } else if byte < 0x80,
        byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+")
          || byte == UInt8(ascii: ".") || Character(Unicode.Scalar(byte)).isLetter
          || Character(Unicode.Scalar(byte)).isNumber
      {
        if field == .limit { keep(byte, upTo: Self.tokenKept, startsCharacter: true) }
      } else {
        place = .malformed
      }
    case .afterValue:
      if byte == UInt8(ascii: ",") {
        place = .beforeKey(first: false)
      } else {
        place = byte == UInt8(ascii: "}") ? .afterObject : .malformed
      }
    case .afterObject:
      place = .malformed
    }
  }

  /// The first byte of a value: a string, an array or object, or a scalar.
  private mutating func value(startingWith byte: UInt8) {
    if byte == UInt8(ascii: "\"") {
      start(.string, field: field)
      if field == .input { keep(byte, upTo: Self.inputTextKept, startsCharacter: true) }
    } else if byte == UInt8(ascii: "[") || byte == UInt8(ascii: "{") {
      place = .nested
      depth = 1
      if field != .other { setNonString() }
    } else {
      start(.scalar, field: field)
      step(byte)
    }
  }

  /// A value of `"input"` or `"limit"` that the decoder is to refuse.
  private mutating func setNonString() {
    if field == .input { input = Array("null".utf8) } else { limit = Array("null".utf8) }
  }

  private mutating func start(_ next: Place, field: Field) {
    place = next
    self.field = field
    escape = .none
    kept.removeAll(keepingCapacity: true)
    keptWhole = 0
    keptAll = true
  }

  /// One byte of a key or string: its end, its escapes, and what is kept.
  private mutating func lex(_ byte: UInt8) {
    let keeping = place.isKey || field == .input && depth == 0
    let bound = place.isKey ? Self.tokenKept : Self.inputTextKept
    // A byte in text that is not a UTF-8 continuation starts a character or
    // an escape: the bytes before it end whole.
    var startsCharacter = false
    if case .none = escape { startsCharacter = byte & 0xC0 != 0x80 }
    switch escape {
    case .none where byte == UInt8(ascii: "\""):
      if keeping { keep(byte, upTo: bound, startsCharacter: true) }
      end()
      return
    case .none where byte < 0x20:
      place = .malformed
      return
    case .none:
      escape = byte == UInt8(ascii: "\\") ? .started : .none
    case .started:
      switch byte {
      case UInt8(ascii: "u"): escape = .hexDigits(left: 4)
      case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"),
        UInt8(ascii: "f"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
        escape = .none
      default:
        place = .malformed
        return
      }
    case .hexDigits(let left):
      guard byte < 0x80, Character(Unicode.Scalar(byte)).isHexDigit else {
        place = .malformed
        return
      }
      escape = left == 1 ? .none : .hexDigits(left: left - 1)
    }
    if keeping { keep(byte, upTo: bound, startsCharacter: startsCharacter) }
  }

  /// The end of a key or string: a key's name is decoded; a string of
  /// `"input"` is kept, closed after its last whole character when cut.
  private mutating func end() {
    if depth > 0 {
      place = .nested
      return
    }
    if place.isKey {
      let name = keptAll ? try? AgainstProtocol.decode(String.self, from: kept) : nil
      switch name {
      case "input" where input == nil: field = .input
      case "limit" where limit == nil: field = .limit
      default: field = .other
      }
      place = .beforeColon
      return
    }
    switch field {
    case .input: input = keptAll ? kept : Array(kept[..<keptWhole]) + [UInt8(ascii: "\"")]
    case .limit: setNonString()
    case .other: break
    }
    place = .afterValue
  }

  /// Keeps `byte` while fewer than `bound` bytes are kept.
  private mutating func keep(_ byte: UInt8, upTo bound: Int, startsCharacter: Bool) {
    guard keptAll else { return }
    if startsCharacter { keptWhole = kept.count }
    guard kept.count < bound else {
      keptAll = false
      return
    }
    kept.append(byte)
  }
}
