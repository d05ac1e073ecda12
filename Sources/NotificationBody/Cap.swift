/// R12: a body longer than the limit, or built from a window that left text
/// out, is cut on whole characters and ended with "…".
enum Cap {
  /// Whether `body` holds at most `limit` UTF-16 code units.
  static func fits(_ body: UnsafeBufferPointer<UInt8>, limit: Int) -> Bool {
    // Each UTF-16 unit takes at least one byte, so a short body needs no count.
    body.count <= limit || CharacterBoundary.utf16Count(body) <= limit
  }

  /// The final body.
  ///
  /// - Parameters:
  ///   - body: The body after R11, valid UTF-8; or, when `leftTextOut`, at
  ///     least the first `BodyWriter.bytesKept(limit:)` bytes of the body
  ///     before R11's trim at its end, or all of it, and possibly ending
  ///     within a scalar.
  ///   - limit: The limit in UTF-16 code units (at least 256).
  ///   - leftTextOut: Whether R1 dropped part of the message, or the body
  ///     goes on past `body`.
  static func apply(
    to body: UnsafeBufferPointer<UInt8>, limit: Int, leftTextOut: Bool
  ) -> String {
    if !leftTextOut, fits(body, limit: limit) {
      return String(decoding: body, as: UTF8.self)
    }
    let scalarEnd = CharacterBoundary.scalarPrefix(of: body, units: limit - 1)
    var end = CharacterBoundary.atOrBefore(scalarEnd, in: body)
    // Trailing white space goes as whole characters. Only a space can join
    // the character before it (after a Prepend scalar, UAX #29 GB9b), and
    // only a non-ASCII scalar can be one.
    while end > 0, Byte.isTrimmable(body[end - 1]) {
      if body[end - 1] == Byte.space, end >= 2, body[end - 2] >= 0x80,
        CharacterBoundary.atOrBefore(end - 1, in: body) != end - 1
      {
        break
      }
      end -= 1
    }
    return String(unsafeUninitializedCapacity: end + 3) { buffer in
      _ = buffer.initialize(from: body[..<end])
      buffer[end] = Byte.ellipsis.0
      buffer[end + 1] = Byte.ellipsis.1
      buffer[end + 2] = Byte.ellipsis.2
      return end + 3
    }
  }
}
