#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// R12's cut, checked where it happened instead of recomputed from the start.
extension LibraryChecks {
  /// Whether `body`, which ends with "…", is R12's cut at `limit` of an
  /// uncapped body that starts with `source`: the longest prefix of whole
  /// characters of at most `limit − 1` units, less the space, tab and line
  /// break characters at its end. `source` is the whole uncapped body, or a
  /// prefix of it on a character boundary holding at least `limit` units.
  ///
  ///     LibraryChecks.isRightCut("ab…", of: "ab cd", limit: 4)  // true
  ///
  /// What precedes "…" must be a prefix of `source` on a character boundary
  /// that does not end with white space, and every character after it that
  /// still fits must be white space. So only the characters around the cut
  /// are decoded, not the whole prefix as `CharacterRules.capped` does.
  ///
  /// - Complexity: O(*c*), where *c* is the length of the kept text (a byte
  ///   comparison) plus the characters from the cut to the limit.
  static func isRightCut(_ body: String, of source: String, limit: Int) -> Bool {
    let keptCount = body.utf8.count - 3
    guard keptCount >= 0, keptCount <= source.utf8.count else { return false }
    let keptUnits: Int? = withUTF8(body) { bodyBytes in
      withUTF8(source) { sourceBytes in
        if keptCount > 0, let bodyBase = bodyBytes.baseAddress,
          let sourceBase = sourceBytes.baseAddress, memcmp(bodyBase, sourceBase, keptCount) != 0
        {
          return nil
        }
        return utf16Count(UnsafeBufferPointer(rebasing: bodyBytes[..<keptCount]))
      }
    }
    guard let keptUnits, keptUnits <= limit - 1 else { return false }
    let end = source.utf8.index(source.utf8.startIndex, offsetBy: keptCount)
    guard String.Index(end, within: source) != nil else { return false }
    if end > source.startIndex, isWhiteSpace(source[source.index(before: end)...].prefix(1)) {
      return false
    }
    var position = end
    var used = keptUnits
    while position < source.endIndex {
      let next = source.index(after: position)
      let character = source[position..<next]
      used += source.utf16.distance(from: position, to: next)
      if used > limit - 1 { return true }
      guard isWhiteSpace(character) else { return false }
      position = next
    }
    return true
  }

  /// Whether a one-character text is a space, a tab or a line break: what
  /// R12 removes before "…".
  private static func isWhiteSpace(_ character: Substring) -> Bool {
    guard character.utf8.count == 1, let byte = character.utf8.first else { return false }
    return byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n")
  }
}
