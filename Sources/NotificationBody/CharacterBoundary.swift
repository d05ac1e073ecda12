/// Cutting UTF-8 text on whole characters, for the input window (R1) and the
/// cap (R12): the only places where a grapheme boundary is the question.
enum CharacterBoundary {
  /// The byte offset just past the longest prefix of whole scalars of `text`
  /// that holds at most `units` UTF-16 code units.
  ///
  /// - Complexity: O(*k*), where *k* is the length of that prefix.
  static func scalarPrefix(of text: UnsafeBufferPointer<UInt8>, units: Int) -> Int {
    var offset = 0
    var used = 0
    while offset < text.count {
      let lead = text[offset]
      used += Byte.utf16Units(lead: lead)
      if used > units { break }
      offset += Byte.scalarLength(lead: lead)
    }
    return offset
  }

  /// The last character boundary at or before `offset` in `text`, which must
  /// be valid UTF-8 and `offset` a scalar boundary.
  ///
  /// A boundary depends on the scalars before it and on the one scalar after
  /// it (UAX #29's rules look one scalar ahead), and there is always one
  /// right after a line break. So this decodes only from the last line break
  /// to one scalar past `offset` and asks Swift's grapheme breaking where the
  /// last character of that slice starts.
  ///
  /// - Complexity: O(*d*), where *d* is the distance back to the previous line
  ///   break.
  static func atOrBefore(_ offset: Int, in text: UnsafeBufferPointer<UInt8>) -> Int {
    guard offset > 0, offset < text.count else { return offset }
    var lineStart = offset
    while lineStart > 0, text[lineStart - 1] != Byte.lineFeed { lineStart -= 1 }
    if lineStart == offset { return offset }
    let next = offset + Byte.scalarLength(lead: text[offset])
    let slice = String(
      decoding: UnsafeBufferPointer(rebasing: text[lineStart..<next]), as: UTF8.self)
    let lastCharacter = slice.index(before: slice.endIndex)
    return lineStart + slice.utf8.distance(from: slice.startIndex, to: lastCharacter)
  }

  /// The UTF-16 length of `text`.
  static func utf16Count(_ text: UnsafeBufferPointer<UInt8>) -> Int {
    var units = 0
    for byte in text where byte & 0xC0 != 0x80 {
      units += Byte.utf16Units(lead: byte)
    }
    return units
  }
}
