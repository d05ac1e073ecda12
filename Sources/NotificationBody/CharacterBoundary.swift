/// Cutting UTF-8 text on whole characters, for the input window (R1) and the
/// cap (R12): the only places where a grapheme boundary is the question.
enum CharacterBoundary {
  /// The byte offset just past the longest prefix of whole scalars of `text`
  /// that holds at most `units` UTF-16 code units.
  ///
  /// - Complexity: O(*k*), where *k* is the length of that prefix; a text of
  ///   at most `units` bytes is answered without reading it.
  static func scalarPrefix(of text: UnsafeBufferPointer<UInt8>, units: Int) -> Int {
    // Every UTF-16 unit takes at least one byte, so `budget` bytes hold at
    // most `budget` units: while the budget is large, take that many bytes
    // (back to a scalar boundary) at a time and count their units.
    var offset = 0
    var budget = units
    while budget >= 16 {
      if text.count - offset <= budget { return text.count }
      var end = offset + budget
      while text[end] & 0xC0 == 0x80 { end -= 1 }
      budget -= utf16Count(UnsafeBufferPointer(rebasing: text[offset..<end]))
      offset = end
    }
    while offset < text.count {
      let lead = text[offset]
      budget -= Byte.utf16Units(lead: lead)
      if budget < 0 { break }
      offset += Byte.scalarLength(lead: lead)
    }
    return offset
  }

  /// The last character boundary at or before `offset` in `text`, which must
  /// be valid UTF-8 up to one scalar past `offset`, a scalar boundary.
  ///
  /// A boundary depends on the scalars before it and on the one scalar after
  /// it (UAX #29's rules look one scalar ahead), so this steps back from
  /// `offset` one scalar at a time until `GraphemeBreak` finds one.
  ///
  /// - Complexity: O(*d*), where *d* is the distance back to that boundary
  ///   and to the start of the runs the rules read before it.
  static func atOrBefore(_ offset: Int, in text: UnsafeBufferPointer<UInt8>) -> Int {
    guard offset > 0, offset < text.count else { return offset }
    // Between two ASCII scalars there is always a boundary but inside "\r\n"
    // (UAX #29: no ASCII scalar is Extend, a spacing mark, Prepend, a
    // regional indicator, a pictograph or a conjunct's part); this answers
    // most cuts without decoding.
    let before = text[offset - 1]
    let after = text[offset]
    if before < 0x80, after < 0x80, before != Byte.carriageReturn || after != Byte.lineFeed {
      return offset
    }
    return stepBack(from: offset, in: text)
  }

  /// The last boundary at or before `offset`, stepping back one scalar at a
  /// time: out of line, so that the cut's common case stays small.
  @inline(never)
  private static func stepBack(from offset: Int, in text: UnsafeBufferPointer<UInt8>) -> Int {
    var boundary = offset
    while boundary > 0, !GraphemeBreak.isBoundary(at: boundary, in: text) {
      boundary = Byte.scalarStart(before: boundary, in: text)
    }
    return boundary
  }

  /// The UTF-16 length of `text`, which must be whole scalars.
  ///
  /// - Complexity: O(*n*), eight bytes at a time.
  static func utf16Count(_ text: UnsafeBufferPointer<UInt8>) -> Int {
    guard let base = text.baseAddress else { return 0 }
    let raw = UnsafeRawPointer(base)
    let highBits: UInt64 = 0x8080_8080_8080_8080
    var units = 0
    var index = 0
    while index + 8 <= text.count {
      let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
      if word & highBits == 0 {
        units += 8
      } else {
        // A byte is one unit unless it continues a scalar (10xxxxxx); a
        // four-byte scalar's first byte (11110xxx) counts one more.
        let continuation = word & ~(word << 1) & highBits
        let fourByteLead = word & (word << 1) & (word << 2) & (word << 3) & highBits
        units += 8 - continuation.nonzeroBitCount + fourByteLead.nonzeroBitCount
      }
      index += 8
    }
    while index < text.count {
      let byte = text[index]
      if byte & 0xC0 != 0x80 { units += Byte.utf16Units(lead: byte) }
      index += 1
    }
    return units
  }
}
