import NotificationBodyReference

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// R1 and R12 computed the obvious way, over `Character`s, so the invariants
/// never trust the byte-level cutting they check.
enum CharacterRules {
  static let ellipsis: Unicode.Scalar = "\u{2026}"

  /// R1: the longest prefix of whole characters of at most 4096 units, and
  /// whether it left text out.
  static func window(of message: String, units: Int = NotificationBodyReference.windowUTF16Units)
    -> (text: Substring, leftTextOut: Bool)
  {
    var used = 0
    var end = message.startIndex
    for character in message {
      used += character.utf16.count
      if used > units { return (message[..<end], true) }
      end = message.index(after: end)
    }
    return (message[...], false)
  }

  /// R12 applied to an uncapped body that must be cut.
  static func capped(_ body: String, limit: Int) -> String {
    var used = 0
    var end = body.startIndex
    for character in body {
      used += character.utf16.count
      if used > limit - 1 { break }
      end = body.index(after: end)
    }
    var kept = body[..<end]
    while let last = kept.last, last == " " || last == "\t" || last == "\n" {
      kept.removeLast()
    }
    return String(kept) + String(ellipsis)
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
