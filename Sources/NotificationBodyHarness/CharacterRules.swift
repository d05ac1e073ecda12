import NotificationBodyReference

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// R1 and R12 computed the obvious way, over the reference's characters
/// (UAX #29 over the package's Unicode data, never `Character`), so the
/// invariants never trust the byte-level cutting they check.
enum CharacterRules {
  static let ellipsis: Unicode.Scalar = "\u{2026}"

  /// R1: the longest prefix of whole characters of at most 4096 units, and
  /// whether it left text out.
  static func window(of message: String, units: Int = NotificationBodyReference.windowUTF16Units)
    -> (text: Substring, leftTextOut: Bool)
  {
    let window = NotificationBodyReference.window(of: message, units: units)
    return (Substring(window.text), window.leftTextOut)
  }

  /// R12 applied to an uncapped body that must be cut: the characters that
  /// fit in limit − 1 units, less the space, tab and line break characters
  /// at their end, and "…".
  static func capped(_ body: String, limit: Int) -> String {
    var used = 0
    var kept: [String] = []
    for character in NotificationBodyReference.characters(of: body) {
      used += character.utf16.count
      if used > limit - 1 { break }
      kept.append(character)
    }
    while let last = kept.last, last == " " || last == "\t" || last == "\n" {
      kept.removeLast()
    }
    return kept.joined() + String(ellipsis)
  }

  /// The first character of `text`, which starts at a character boundary.
  /// Whether a boundary lies before a scalar depends only on the scalars up
  /// to it, so the reference reads a prefix, twice as long each time it
  /// holds no boundary but its start: about as much as the character.
  static func firstCharacter(of text: Substring) -> String {
    var scalars: [Unicode.Scalar] = []
    var iterator = text.unicodeScalars.makeIterator()
    var length = 16
    while true {
      while scalars.count < length, let scalar = iterator.next() { scalars.append(scalar) }
      let breaks = NotificationBodyReference.characterBreaks(scalars)
      if let end = breaks.indices.dropFirst().dropLast().first(where: { breaks[$0] }) {
        return String(String.UnicodeScalarView(scalars[..<end]))
      }
      if scalars.count < length { return String(String.UnicodeScalarView(scalars)) }
      length *= 2
    }
  }

  /// Whether `prefix`, whose scalars begin `text`'s, ends on one of `text`'s
  /// character boundaries.
  static func endsOnBoundary(_ prefix: String, of text: String) -> Bool {
    let scalars = Array(text.unicodeScalars)
    let breaks = NotificationBodyReference.characterBreaks(scalars)
    return breaks[prefix.unicodeScalars.count]
  }

  /// Whether `needle`'s scalars occur in a row in `haystack`.
  static func contains(_ haystack: String, _ needle: String) -> Bool {
    needle.isEmpty || firstOffset(of: Array(needle.utf8), in: Array(haystack.utf8), from: 0) != nil
  }

  /// How often `needle` occurs in `haystack` without overlapping.
  static func count(_ needle: [UInt8], in haystack: [UInt8]) -> Int {
    var found = 0
    var start = 0
    while let offset = firstOffset(of: needle, in: haystack, from: start) {
      found += 1
      start = offset + needle.count
    }
    return found
  }

  /// Overwrites every occurrence of `needle` in `bytes` with 0xFF, a byte
  /// that no marker and no valid UTF-8 holds.
  static func mask(_ needle: [UInt8], in bytes: inout [UInt8]) {
    var start = 0
    while let offset = firstOffset(of: needle, in: bytes, from: start) {
      for index in offset..<(offset + needle.count) { bytes[index] = 0xFF }
      start = offset + needle.count
    }
  }

  /// The first offset at or after `start` where `needle` occurs (C's
  /// `memchr` and `memcmp`, which stay fast in unoptimized test builds).
  static func firstOffset(of needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
    guard !needle.isEmpty, start + needle.count <= haystack.count else { return nil }
    return haystack.withUnsafeBytes { hay in
      needle.withUnsafeBytes { pin in
        let base = hay.baseAddress!
        let last = hay.count - pin.count
        var offset = start
        while offset <= last {
          guard let hit = memchr(base + offset, Int32(pin[0]), last - offset + 1) else {
            return nil
          }
          offset = UnsafeRawPointer(hit) - base
          if memcmp(base + offset, pin.baseAddress!, pin.count) == 0 { return offset }
          offset += 1
        }
        return nil
      }
    }
  }
}
