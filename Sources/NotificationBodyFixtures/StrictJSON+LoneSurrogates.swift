extension StrictJSON {
  /// JSON text with every `\u` escape of a lone UTF-16 surrogate rewritten
  /// as `\uFFFD`: the contract's rule for lone surrogates (docs/contract.md,
  /// "Lone surrogates"), applied where a UTF-16 platform's string would
  /// hold one, before a Swift reader refuses it. A surrogate pair's two
  /// escapes, and everything else, stay as written.
  ///
  ///     replacingLoneSurrogateEscapes(Array(#""a\ud800b""#.utf8))
  ///     // #""a\uFFFDb""#, 1 replaced
  ///
  /// - Parameter bytes: A JSON text; only its escapes are read, so any
  ///   text is handed back, rewritten or not.
  /// - Returns: The text, and how many escapes were replaced.
  /// - Complexity: O(*n*) in the bytes.
  package static func replacingLoneSurrogateEscapes(_ bytes: some Collection<UInt8>)
    -> (bytes: [UInt8], replaced: Int)
  {
    let bytes = Array(bytes)
    /// The UTF-16 unit of a `\uXXXX` escape at `offset`, if one is there.
    func escapedUnit(at offset: Int) -> UInt16? {
      guard offset + 6 <= bytes.count, bytes[offset] == UInt8(ascii: "\\"),
        bytes[offset + 1] == UInt8(ascii: "u")
      else { return nil }
      return UInt16(String(decoding: bytes[offset + 2..<offset + 6], as: UTF8.self), radix: 16)
    }
    var result: [UInt8] = []
    result.reserveCapacity(bytes.count)
    var replaced = 0
    var offset = 0
    while offset < bytes.count {
      guard bytes[offset] == UInt8(ascii: "\\"), offset + 1 < bytes.count else {
        result.append(bytes[offset])
        offset += 1
        continue
      }
      guard let unit = escapedUnit(at: offset) else {
        // Another escape, `\\` among them: both bytes as they are.
        result += bytes[offset...offset + 1]
        offset += 2
        continue
      }
      let isHigh = (0xD800...0xDBFF).contains(unit)
      if isHigh, let next = escapedUnit(at: offset + 6), (0xDC00...0xDFFF).contains(next) {
        result += bytes[offset..<offset + 12]
        offset += 12
      } else if isHigh || (0xDC00...0xDFFF).contains(unit) {
        result += Array(#"\uFFFD"#.utf8)
        replaced += 1
        offset += 6
      } else {
        result += bytes[offset..<offset + 6]
        offset += 6
      }
    }
    return (result, replaced)
  }
}
