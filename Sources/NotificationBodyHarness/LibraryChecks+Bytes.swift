#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Byte-level facts about a message and a body for `LibraryChecks`: UTF-16
/// lengths, R1's scalar prefix, plain text, "…" and searching, read straight
/// from UTF-8 without decoding `Character`s.
extension LibraryChecks {
  /// What one pass over a message's UTF-8 tells about R1.
  struct MessageFacts: Sendable {
    /// The byte offset just past the longest prefix of whole scalars of at
    /// most `windowUnits` UTF-16 units; the window ends at or before it.
    var scalarEnd: Int
    /// The UTF-16 length of that prefix: the message's own when nothing is
    /// left out.
    var units: Int
    /// Whether the message is longer than `windowUnits` units, so that R1
    /// leaves text out.
    var leftTextOut: Bool

    /// Reads `bytes`, valid UTF-8, as far as the scalar that does not fit.
    ///
    /// - Complexity: O(*k*), where *k* is the length of the prefix, eight
    ///   bytes at a time.
    init(_ bytes: UnsafeBufferPointer<UInt8>, windowUnits: Int) {
      var offset = 0
      var used = 0
      let count = bytes.count
      // Eight bytes start at most nine units (eight scalars, the last of
      // four bytes): whole words while nine more fit.
      if let base = bytes.baseAddress {
        let raw = UnsafeRawPointer(base)
        while offset + 8 <= count, used + 9 <= windowUnits {
          used += unitsStarted(in: raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
          offset += 8
        }
      }
      // The word loop may stop inside a scalar: its continuation bytes were
      // counted already (as nothing), so the byte loop goes on from there.
      while offset < count {
        let byte = bytes[offset]
        if byte & 0xC0 != 0x80 {
          let scalarUnits = byte >= 0xF0 ? 2 : 1
          if used + scalarUnits > windowUnits { break }
          used += scalarUnits
        }
        offset += 1
      }
      scalarEnd = offset
      units = used
      leftTextOut = offset < count
    }
  }

  /// The UTF-16 units the scalars starting in eight bytes of valid UTF-8
  /// take: every byte but a continuation byte (10xxxxxx) starts a scalar,
  /// and one of four bytes (11110xxx) starts a surrogate pair.
  @inline(__always)
  static func unitsStarted(in word: UInt64) -> Int {
    let highBits: UInt64 = 0x8080_8080_8080_8080
    let continuation = word & ~(word << 1) & highBits
    let fourByteLead = word & (word << 1) & (word << 2) & (word << 3) & highBits
    return 8 - continuation.nonzeroBitCount + fourByteLead.nonzeroBitCount
  }

  /// The UTF-16 length of valid UTF-8.
  ///
  /// - Complexity: O(*n*), eight bytes at a time.
  static func utf16Count(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
    var units = 0
    var offset = 0
    if let base = bytes.baseAddress {
      let raw = UnsafeRawPointer(base)
      while offset + 8 <= bytes.count {
        units += unitsStarted(in: raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
        offset += 8
      }
    }
    for byte in bytes[offset...] where byte & 0xC0 != 0x80 {
      units += byte >= 0xF0 ? 2 : 1
    }
    return units
  }

  /// How `isPlain` sees each byte: 0 ordinary text, 1 a byte that rules plain
  /// text out (`` ` ``, `*`, `~`, `[`, `]`, `\r`, `\t`), 2 a space, 3 a line
  /// break. A table, so the scan makes one comparison a byte.
  private static let plainClasses: [UInt8] = (0...255).map { byte in
    switch UInt8(byte) {
    case UInt8(ascii: "`"), UInt8(ascii: "*"), UInt8(ascii: "~"), UInt8(ascii: "["),
      UInt8(ascii: "]"), UInt8(ascii: "\r"), UInt8(ascii: "\t"):
      1
    case UInt8(ascii: " "): 2
    case UInt8(ascii: "\n"): 3
    default: 0
    }
  }

  /// Whether R2–R12 leave a message exactly as it is, byte for byte: the
  /// same test as `Invariants.isPlain`, without decoding. No syntax
  /// character, no run of spaces, no run of three line breaks, no line of
  /// nothing but a space, no space or line break at its ends, and shorter
  /// than both the limit and the window.
  ///
  /// - Complexity: O(*n*), stopping at the first byte that rules it out.
  static func isPlain(_ bytes: UnsafeBufferPointer<UInt8>, units: Int, limit: Int) -> Bool {
    guard units < min(limit, windowUnits) else { return false }
    guard let first = bytes.first, let last = bytes.last else { return true }
    let classes = plainClasses
    if classes[Int(first)] >= 2 || classes[Int(last)] >= 2 { return false }
    // The class of the byte before, and of the one before that.
    var previous: UInt8 = 0
    var beforePrevious: UInt8 = 0
    // Whether the current line so far is one space.
    var lineIsOneSpace = false
    var lineStart = true
    for byte in bytes {
      let current = classes[Int(byte)]
      if current != 0 {
        switch current {
        case 1: return false
        case 2:
          if previous == 2 { return false }
          lineIsOneSpace = lineStart
        default:
          if lineIsOneSpace || (previous == 3 && beforePrevious == 3) { return false }
          lineIsOneSpace = false
        }
      } else {
        lineIsOneSpace = false
      }
      lineStart = current == 3
      beforePrevious = previous
      previous = current
    }
    return true
  }

  /// "…" (U+2026) in UTF-8.
  static let ellipsisBytes: (UInt8, UInt8, UInt8) = (0xE2, 0x80, 0xA6)

  /// Whether valid UTF-8 ends with "…".
  static func endsWithEllipsis(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    let count = bytes.count
    return count >= 3 && bytes[count - 3] == ellipsisBytes.0
      && bytes[count - 2] == ellipsisBytes.1 && bytes[count - 1] == ellipsisBytes.2
  }

  /// How many "…" valid UTF-8 holds.
  ///
  /// - Complexity: O(*n*), with `memchr` finding each 0xE2 byte.
  static func ellipsisCount(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
    guard let base = bytes.baseAddress else { return 0 }
    var found = 0
    var offset = 0
    while offset + 3 <= bytes.count,
      let hit = memchr(base + offset, Int32(ellipsisBytes.0), bytes.count - offset - 2)
    {
      offset = UnsafeRawPointer(hit) - UnsafeRawPointer(base)
      if bytes[offset + 1] == ellipsisBytes.1, bytes[offset + 2] == ellipsisBytes.2 {
        found += 1
        offset += 3
      } else {
        offset += 1
      }
    }
    return found
  }

  /// The offset of an occurrence of `needle` in `haystack`, looking from
  /// `hint` to the end first and then from the start; `nil` if it occurs
  /// nowhere. A body copies the window mostly in order, so a hint just past
  /// the last scalar found makes most searches short.
  static func offset(
    of needle: UnsafeBufferPointer<UInt8>, in haystack: UnsafeBufferPointer<UInt8>, hint: Int
  ) -> Int? {
    guard let pin = needle.baseAddress, let base = haystack.baseAddress, !needle.isEmpty else {
      return nil
    }
    func search(_ start: Int, _ end: Int) -> Int? {
      // Occurrences must start before `end` and fit in the haystack.
      let last = min(end, haystack.count - needle.count + 1)
      var offset = start
      while offset < last {
        guard let hit = memchr(base + offset, Int32(needle[0]), last - offset) else { return nil }
        offset = UnsafeRawPointer(hit) - UnsafeRawPointer(base)
        if needle.count == 1 || memcmp(base + offset, pin, needle.count) == 0 { return offset }
        offset += 1
      }
      return nil
    }
    let hint = min(max(hint, 0), haystack.count)
    return search(hint, haystack.count) ?? search(0, hint)
  }

  /// Calls `body` with the UTF-8 of `text`, copying only when it is not
  /// contiguous.
  static func withUTF8<Result>(
    _ text: some StringProtocol, _ body: (UnsafeBufferPointer<UInt8>) -> Result
  ) -> Result {
    if let result = text.utf8.withContiguousStorageIfAvailable(body) { return result }
    return Array(text.utf8).withUnsafeBufferPointer(body)
  }
}
