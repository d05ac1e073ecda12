extension NotificationBodyReference {
  /// R12 Cap: "If the body is longer than the limit, or R1 left text out,
  /// the body becomes the longest prefix of whole characters of at most
  /// limit − 1 units, with the spaces, tabs and line breaks at its end
  /// removed, followed by "…" (U+2026). Otherwise it is unchanged."
  ///
  /// Characters (grapheme clusters) are the unit here; the white space at
  /// the prefix's end is removed as whole characters, so the cap never
  /// splits a character.
  ///
  ///     capped("a" × 300, limit: 256, windowLeftTextOut: false)  // "a" × 255 + "…"
  ///
  /// - Parameters:
  ///   - body: The body after R11.
  ///   - limit: The limit in UTF-16 code units, at least 256.
  ///   - windowLeftTextOut: Whether R1's window is shorter than the message.
  /// - Returns: The body, at most `limit` UTF-16 code units long.
  static func capped(_ body: String, limit: Int, windowLeftTextOut: Bool) -> String {
    // "longer than the limit", in units. A scalar never has more UTF-16
    // units than UTF-8 bytes, so a body of at most `limit` bytes is not.
    let isLonger =
      body.utf8.count > limit && body.unicodeScalars.reduce(0) { $0 + UTF16.width($1) } > limit
    guard isLonger || windowLeftTextOut else { return body }
    // The longest prefix of whole characters of at most limit − 1 units:
    // scalars[..<kept].
    var scalars: [Unicode.Scalar] = []
    scalars.reserveCapacity(body.utf8.count)
    scalars.append(contentsOf: body.unicodeScalars)
    let breaks = characterBreaks(scalars)
    var kept = wholeCharacterPrefix(of: scalars, breaks: breaks, units: limit - 1)
    // The white space at its end goes as whole characters: a last character
    // that is one scalar, a space, tab or line break.
    while kept > 0, breaks[kept - 1], isSpaceTabOrLineBreak(scalars[kept - 1]) {
      kept -= 1
    }
    let view = body.unicodeScalars
    return String(view[..<view.index(view.startIndex, offsetBy: kept)]) + "…"
  }
}
