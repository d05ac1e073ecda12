import NotificationBodyText

/// Lone UTF-16 surrogates, which a Swift string cannot hold, carried through
/// the harness as stand-ins: the lone surrogate U+D800 + k becomes the
/// private-use scalar U+F0000 + k, so that a port can be sent it again as
/// the escape it was (`AgainstProtocol.requestLine`), while the library is
/// given U+FFFD in its place, the contract's rule (`replaced(_:)`). A fixture
/// file that declares lone surrogates holds no scalar of U+F0000–U+F07FF of
/// its own.
package enum LoneSurrogates {
  /// The stand-ins: U+F0000 for U+D800, up to U+F07FF for U+DFFF.
  package static let standIns: ClosedRange<UInt32> = 0xF_0000...0xF_07FF

  /// The stand-in of `unit`, a surrogate (U+D800–U+DFFF).
  package static func standIn(for unit: UInt16) -> Unicode.Scalar {
    Unicode.Scalar(standIns.lowerBound + UInt32(unit - 0xD800))!
  }

  /// The lone surrogate `scalar` stands in for, or nil.
  package static func unit(standingFor scalar: Unicode.Scalar) -> UInt16? {
    standIns.contains(scalar.value) ? UInt16(scalar.value - standIns.lowerBound + 0xD800) : nil
  }

  /// Whether `text` holds a stand-in.
  package static func has(_ text: String) -> Bool {
    text.unicodeScalars.contains { standIns.contains($0.value) }
  }

  /// `text` with every stand-in as U+FFFD: what the contract makes of a
  /// lone surrogate before R1.
  package static func replaced(_ text: String) -> String {
    guard has(text) else { return text }
    return String(
      String.UnicodeScalarView(
        text.unicodeScalars.map { unit(standingFor: $0) == nil ? $0 : "\u{FFFD}" }))
  }
}

extension StrictJSON {
  /// JSON text with every `\u` escape of a lone UTF-16 surrogate rewritten:
  /// as `\uFFFD`, the contract's rule (docs/contract.md, Terms), or as the
  /// escapes of its stand-in (`LoneSurrogates`). A surrogate pair's two
  /// escapes, and everything else, stay as written.
  ///
  ///     replacingLoneSurrogateEscapes(Array(#""a\ud800b""#.utf8))
  ///     // #""a\uFFFDb""#, 1 replaced
  ///
  /// - Parameters:
  ///   - bytes: A JSON text; only its escapes are read, so any text is
  ///     handed back, rewritten or not.
  ///   - standIns: Whether each becomes its stand-in rather than U+FFFD.
  /// - Returns: The text, and how many escapes were replaced.
  /// - Complexity: O(*n*) in the bytes.
  package static func replacingLoneSurrogateEscapes(
    _ bytes: some Collection<UInt8>, standIns: Bool = false
  ) -> (bytes: [UInt8], replaced: Int) {
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
        result += Array(
          (standIns
            ? Escaped.json(String(LoneSurrogates.standIn(for: unit))).dropFirst().dropLast()
            : #"\uFFFD"#)
            .utf8)
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
