/// The tokens of a JSON text, read byte by byte with the place of each:
/// white space, strings, numbers and the three literals. `StrictJSONParser`
/// puts them together.
///
///     var scanner = StrictJSONScanner(bytes: buffer)
///     scanner.skipWhitespace()
///     let text = try scanner.string()  // at a `"`
///
/// Each method reads forward only; a failure names the place it starts at.
struct StrictJSONScanner {
  /// A place in the text: the offset, and the line it is on and where that
  /// line starts, so the column costs nothing until a message needs it.
  struct Place {
    var offset: Int
    var line: Int
    var lineStart: Int
  }

  let bytes: UnsafeBufferPointer<UInt8>
  /// The next byte to read.
  private(set) var offset = 0
  /// The line of `offset`, from 1.
  private var line = 1
  /// The offset where that line starts.
  private var lineStart = 0
  /// How many times a byte was examined.
  private(set) var examined = 0
  /// The decoded bytes of the string being read, kept between strings so
  /// its storage is allocated once.
  private var scratch: [UInt8] = []

  init(bytes: UnsafeBufferPointer<UInt8>) {
    self.bytes = bytes
  }

  /// Where the scanner is.
  var place: Place { Place(offset: offset, line: line, lineStart: lineStart) }

  /// Whether every byte was read.
  var isAtEnd: Bool { offset == bytes.count }

  /// The next byte, without reading it; nil at the end.
  mutating func peek() -> UInt8? {
    guard offset < bytes.count else { return nil }
    examined += 1
    return bytes[offset]
  }

  /// Reads the byte `peek()` returned.
  mutating func advance() {
    offset += 1
  }

  /// Skips JSON's four white space bytes, counting lines.
  mutating func skipWhitespace() {
    while let byte = peek() {
      switch byte {
      case UInt8(ascii: "\n"):
        offset += 1
        line += 1
        lineStart = offset
      case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"):
        offset += 1
      default:
        return
      }
    }
  }

  /// A failure at `place`, its column counted in scalars from the line's
  /// start; `path` and `objectSoFar` are the parser's to fill in.
  func failure(_ problem: String, at place: Place) -> StrictJSON.Failure {
    var column = 1
    for index in place.lineStart..<min(place.offset, bytes.count)
    where bytes[index] & 0xC0 != 0x80 {
      column += 1
    }
    return StrictJSON.Failure(line: place.line, column: column, problem: problem)
  }

  /// The next byte as a message shows it: `'}'`, `byte 0xC3`, or `the end
  /// of the file`.
  mutating func describeNext() -> String {
    guard let byte = peek() else { return "the end of the file" }
    if (0x21..<0x7F).contains(byte) { return "'\(Unicode.Scalar(byte))'" }
    if byte == UInt8(ascii: " ") { return "a space" }
    return "byte 0x" + hex(byte, digits: 2)
  }

  // MARK: - Literals and numbers

  /// Reads `word` (`true`, `false`, `null`), whose first byte is next.
  mutating func literal(_ word: String) throws(StrictJSON.Failure) {
    let start = place
    for byte in word.utf8 {
      guard peek() == byte else {
        throw failure("expected \(word)", at: start)
      }
      advance()
    }
  }

  /// Reads a number, whose first byte (`-` or a digit) is next, and returns
  /// its text as written.
  mutating func number() throws(StrictJSON.Failure) -> String {
    let start = place
    if peek() == UInt8(ascii: "-") { advance() }
    guard let first = peek(), Self.isDigit(first) else {
      throw failure("a number needs a digit after its minus sign", at: start)
    }
    advance()
    if first == UInt8(ascii: "0") {
      if let next = peek(), Self.isDigit(next) {
        throw failure("a number has a leading zero", at: start)
      }
    } else {
      skipDigits()
    }
    if peek() == UInt8(ascii: ".") {
      advance()
      guard let next = peek(), Self.isDigit(next) else {
        throw failure("a number needs a digit after its decimal point", at: start)
      }
      skipDigits()
    }
    if peek() == UInt8(ascii: "e") || peek() == UInt8(ascii: "E") {
      advance()
      if peek() == UInt8(ascii: "+") || peek() == UInt8(ascii: "-") { advance() }
      guard let next = peek(), Self.isDigit(next) else {
        throw failure("a number needs a digit in its exponent", at: start)
      }
      skipDigits()
    }
    return String(
      decoding: UnsafeBufferPointer(rebasing: bytes[start.offset..<offset]), as: UTF8.self)
  }

  private mutating func skipDigits() {
    while let byte = peek(), Self.isDigit(byte) { advance() }
  }

  private static func isDigit(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
  }

  // MARK: - Strings

  /// Reads a string, whose `"` is next: the raw bytes as written, each
  /// escape as the scalar it stands for.
  ///
  /// - Complexity: O(*n*) in the string's bytes, appended once each.
  mutating func string() throws(StrictJSON.Failure) -> String {
    try readString()
    return String(decoding: scratch, as: UTF8.self)
  }

  /// Reads a key as `string()` reads a string, and returns its UTF-8 too,
  /// in an array of its own (`scratch` stays unshared, so its storage is
  /// reused and never copied at its largest size).
  mutating func key() throws(StrictJSON.Failure) -> (text: String, bytes: [UInt8]) {
    try readString()
    return (String(decoding: scratch, as: UTF8.self), scratch.withUnsafeBufferPointer { Array($0) })
  }

  /// Reads a string, whose `"` is next, into `scratch`, which it checked to
  /// be UTF-8.
  private mutating func readString() throws(StrictJSON.Failure) {
    let open = place
    advance()
    scratch.removeAll(keepingCapacity: true)
    while true {
      guard let byte = peek() else {
        throw failure("a string is never closed", at: open)
      }
      switch byte {
      case UInt8(ascii: "\""):
        advance()
        return
      case UInt8(ascii: "\\"):
        try escape()
      case 0..<0x20:
        throw failure(
          "control character U+" + hex(byte, digits: 4) + " written raw in a string "
            + "(write it as \\u" + hex(byte, digits: 4) + ")", at: place)
      case 0x20..<0x80:
        scratch.append(byte)
        advance()
      default:
        try utf8Sequence(lead: byte)
      }
    }
  }

  /// Reads an escape, whose `\` is next, and appends what it stands for.
  private mutating func escape() throws(StrictJSON.Failure) {
    let start = place
    advance()
    let simple: UInt8
    switch peek() {
    case UInt8(ascii: "\""): simple = UInt8(ascii: "\"")
    case UInt8(ascii: "\\"): simple = UInt8(ascii: "\\")
    case UInt8(ascii: "/"): simple = UInt8(ascii: "/")
    case UInt8(ascii: "b"): simple = 0x08
    case UInt8(ascii: "f"): simple = 0x0C
    case UInt8(ascii: "n"): simple = 0x0A
    case UInt8(ascii: "r"): simple = 0x0D
    case UInt8(ascii: "t"): simple = 0x09
    case UInt8(ascii: "u"):
      advance()
      try unicodeEscape(start: start)
      return
    default:
      throw failure("\\ followed by \(describeNext()) is no JSON escape", at: start)
    }
    advance()
    scratch.append(simple)
  }

  /// Reads the four hex digits after `\u` (and a low surrogate's escape
  /// after a high one) and appends the scalar's UTF-8.
  private mutating func unicodeEscape(start: Place) throws(StrictJSON.Failure) {
    let unit = try hexUnit(start: start)
    var value = UInt32(unit)
    switch unit {
    case 0xD800...0xDBFF:
      let low = place
      guard peek() == UInt8(ascii: "\\") else {
        throw unpaired(unit, at: start)
      }
      advance()
      guard peek() == UInt8(ascii: "u") else {
        throw unpaired(unit, at: start)
      }
      advance()
      let second = try hexUnit(start: low)
      guard (0xDC00...0xDFFF).contains(second) else {
        throw unpaired(unit, at: start)
      }
      value = 0x10000 + ((value - 0xD800) << 10) + (UInt32(second) - 0xDC00)
    case 0xDC00...0xDFFF:
      throw unpaired(unit, at: start)
    default:
      break
    }
    scratch.append(contentsOf: UTF8.encode(Unicode.Scalar(value)!)!)
  }

  private func unpaired(_ unit: UInt16, at place: Place) -> StrictJSON.Failure {
    failure(
      "\\u" + hex(unit, digits: 4) + " is half of a UTF-16 surrogate pair without the other "
        + "half; platforms read it differently", at: place)
  }

  /// Reads four hex digits.
  private mutating func hexUnit(start: Place) throws(StrictJSON.Failure) -> UInt16 {
    var unit: UInt16 = 0
    for _ in 0..<4 {
      let digit: UInt8
      switch peek() {
      case let byte? where (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte):
        digit = byte - UInt8(ascii: "0")
      case let byte? where (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte):
        digit = byte - UInt8(ascii: "a") + 10
      case let byte? where (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(byte):
        digit = byte - UInt8(ascii: "A") + 10
      default:
        throw failure("\\u needs four hex digits", at: start)
      }
      unit = unit << 4 | UInt16(digit)
      advance()
    }
    return unit
  }

  /// Reads one UTF-8 sequence of two to four bytes, whose lead byte is
  /// next, and appends it; refuses overlong forms, surrogates and scalars
  /// above U+10FFFF.
  private mutating func utf8Sequence(lead: UInt8) throws(StrictJSON.Failure) {
    let start = place
    let count: Int
    var secondRange: ClosedRange<UInt8> = 0x80...0xBF
    switch lead {
    case 0xC2...0xDF: count = 2
    case 0xE0:
      count = 3
      secondRange = 0xA0...0xBF
    case 0xE1...0xEC, 0xEE...0xEF: count = 3
    case 0xED:
      count = 3
      secondRange = 0x80...0x9F
    case 0xF0:
      count = 4
      secondRange = 0x90...0xBF
    case 0xF1...0xF3: count = 4
    case 0xF4:
      count = 4
      secondRange = 0x80...0x8F
    default:
      throw failure("byte 0x" + hex(lead, digits: 2) + " is not UTF-8", at: start)
    }
    scratch.append(lead)
    advance()
    for position in 1..<count {
      let range: ClosedRange<UInt8> = position == 1 ? secondRange : 0x80...0xBF
      guard let byte = peek(), range.contains(byte) else {
        throw failure(
          "byte 0x" + hex(lead, digits: 2) + " starts no UTF-8 sequence here", at: start)
      }
      scratch.append(byte)
      advance()
    }
  }

  /// `value` in upper-case hex, padded with zeros to `digits`.
  private func hex(_ value: some BinaryInteger, digits: Int) -> String {
    let text = String(value, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, digits - text.count)) + text
  }
}
