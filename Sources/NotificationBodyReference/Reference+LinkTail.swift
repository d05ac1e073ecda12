extension NotificationBodyReference {
  /// R5 "Inline link tail": "`(` and optional white space; then either `)`
  /// at once, or a destination, optionally white space and a title, optional
  /// white space and `)`. A title needs a destination before it and white
  /// space between them. … Each part is read once, as far as it goes, and
  /// never read again another way."
  ///
  ///     inlineLinkTailEnd(in: "[a](b \"t\") c", at: 3)  // 10, after ")"
  ///     inlineLinkTailEnd(in: "[a](\"t u\")", at: 3)      // nil: `u` is no title
  ///
  /// - Parameters:
  ///   - text: The paragraph.
  ///   - start: The position right after the `]`.
  /// - Returns: The position after the tail's `)`, or nil when no inline link
  ///   tail starts at `start`.
  static func inlineLinkTailEnd(in text: [Unicode.Scalar], at start: Int) -> Int? {
    guard start < text.count, text[start] == "(" else { return nil }
    var position = skippingWhiteSpace(in: text, from: start + 1)
    // "`)` at once"
    if position < text.count && text[position] == ")" {
      return position + 1
    }
    // "or a destination"
    guard let destinationEnd = destinationEnd(in: text, at: position) else { return nil }
    position = destinationEnd
    // "optionally white space and a title"
    let titleStart = skippingWhiteSpace(in: text, from: position)
    if titleStart > position, titleStart < text.count,
      text[titleStart] == "\"" || text[titleStart] == "'" || text[titleStart] == "("
    {
      guard let titleEnd = titleEnd(in: text, at: titleStart) else { return nil }
      position = titleEnd
    }
    // "optional white space and `)`"
    position = skippingWhiteSpace(in: text, from: position)
    guard position < text.count, text[position] == ")" else { return nil }
    return position + 1
  }

  private static func skippingWhiteSpace(in text: [Unicode.Scalar], from start: Int) -> Int {
    var position = start
    while position < text.count && isSpaceTabOrLineBreak(text[position]) {
      position += 1
    }
    return position
  }

  /// R5 destination: "either `<…>` holding no line break, `<` or `>`; or a
  /// non-empty run that does not start with `<` and holds no space, tab,
  /// line break or ASCII control character (U+0000–U+001F, U+007F), whose
  /// parentheses are balanced, nested at most 32 deep, and which ends before
  /// the first `)` that has no partner."
  ///
  /// - Returns: Where the destination ends, or nil when no destination
  ///   starts at `start` (read as far as it goes, the run is empty,
  ///   unbalanced or nested too deep, or the `<` is never closed).
  private static func destinationEnd(in text: [Unicode.Scalar], at start: Int) -> Int? {
    if start < text.count && text[start] == "<" {
      var position = start + 1
      while position < text.count && text[position] != ">" {
        if text[position] == "\n" || text[position] == "<" { return nil }
        position += 1
      }
      return position < text.count ? position + 1 : nil
    }
    var position = start
    var depth = 0
    while position < text.count {
      let scalar = text[position]
      if scalar == " " || scalar.value < 0x20 || scalar.value == 0x7F { break }
      if scalar == "(" {
        depth += 1
        if depth > 32 { return nil }
      } else if scalar == ")" {
        if depth == 0 { break }
        depth -= 1
      }
      position += 1
    }
    return position > start && depth == 0 ? position : nil
  }

  /// R5 title: "`\"…\"`, `'…'` or `(…)`; the first `\"`, `'` or `)`
  /// respectively ends it, and a `(…)` title holds no `(`. It may hold line
  /// breaks."
  ///
  /// - Returns: The position after the title, or nil when it is not closed.
  private static func titleEnd(in text: [Unicode.Scalar], at start: Int) -> Int? {
    let closing: Unicode.Scalar = text[start] == "(" ? ")" : text[start]
    var position = start + 1
    while position < text.count && text[position] != closing {
      if text[start] == "(" && text[position] == "(" { return nil }
      position += 1
    }
    return position < text.count ? position + 1 : nil
  }
}
