/// Byte constants and small UTF-8 facts the scanners share.
enum Byte {
  static let lineFeed = UInt8(ascii: "\n")
  static let carriageReturn = UInt8(ascii: "\r")
  static let tab = UInt8(ascii: "\t")
  static let space = UInt8(ascii: " ")
  static let backtick = UInt8(ascii: "`")
  static let tilde = UInt8(ascii: "~")
  static let asterisk = UInt8(ascii: "*")
  static let underscore = UInt8(ascii: "_")
  static let exclamation = UInt8(ascii: "!")
  static let openBracket = UInt8(ascii: "[")
  static let closeBracket = UInt8(ascii: "]")
  static let openParen = UInt8(ascii: "(")
  static let closeParen = UInt8(ascii: ")")
  static let lessThan = UInt8(ascii: "<")
  static let greaterThan = UInt8(ascii: ">")
  static let colon = UInt8(ascii: ":")
  static let slash = UInt8(ascii: "/")
  static let doubleQuote = UInt8(ascii: "\"")
  static let singleQuote = UInt8(ascii: "'")

  /// The ellipsis "…" (U+2026) in UTF-8.
  static let ellipsis: (UInt8, UInt8, UInt8) = (0xE2, 0x80, 0xA6)

  /// Whether `byte` is a space, tab or line break: what R11 trims.
  @inline(__always)
  static func isTrimmable(_ byte: UInt8) -> Bool {
    byte == space || byte == tab || byte == lineFeed
  }

  /// Whether `byte` is a space or a tab.
  @inline(__always)
  static func isSpaceOrTab(_ byte: UInt8) -> Bool {
    byte == space || byte == tab
  }

  /// The length in bytes of the scalar whose first byte is `lead`.
  @inline(__always)
  static func scalarLength(lead: UInt8) -> Int {
    lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
  }

  /// The UTF-16 units of the scalar whose first byte is `lead`.
  @inline(__always)
  static func utf16Units(lead: UInt8) -> Int {
    lead < 0xF0 ? 1 : 2
  }
}

extension Byte {
  /// The scalar that starts at `offset` in `text`, valid UTF-8; a scalar cut
  /// off by the buffer's end reads as U+FFFD.
  static func scalar(at offset: Int, in text: UnsafeBufferPointer<UInt8>) -> UInt32 {
    let lead = UInt32(text[offset])
    let length = scalarLength(lead: text[offset])
    guard length > 1 else { return lead }
    guard offset + length <= text.count else { return 0xFFFD }
    var value = lead & (0x7F >> UInt32(length))
    for index in offset + 1..<offset + length {
      value = value << 6 | UInt32(text[index] & 0x3F)
    }
    return value
  }

  /// Where the scalar that ends at `end` starts, in valid UTF-8 `text`.
  static func scalarStart(before end: Int, in text: UnsafeBufferPointer<UInt8>) -> Int {
    var start = end - 1
    while text[start] & 0xC0 == 0x80 { start -= 1 }
    return start
  }
}
