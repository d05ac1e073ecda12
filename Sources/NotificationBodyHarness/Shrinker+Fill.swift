extension Shrinker.Search {
  /// Replaces spans of characters with as many `"a"`s as they have UTF-16
  /// units, in spans of decreasing size as delta debugging removes them,
  /// keeping each replacement that still fails.
  ///
  /// Nothing moves: a failure at a fixed length (R12's cap, R1's window)
  /// keeps its place while the text before and after it becomes one
  /// repeated letter, and only the characters that matter stay.
  ///
  /// - Complexity: O(*u*) candidates per span size and O(log *u*) sizes,
  ///   where *u* is the number of characters, but a span already all
  ///   `"a"` costs no candidate; each candidate O(*n*).
  mutating func fillWithLetters() {
    let letter = UInt8(ascii: "a")
    var bounds = Shrinker.Granularity.characters.boundaries(of: current)
    var span = (bounds.count - 1) / 2
    while span >= 1, !budgetExhausted {
      var start = 0
      while start < bounds.count - 1, !budgetExhausted {
        let end = min(start + span, bounds.count - 1)
        let old = current[bounds[start]..<bounds[end]]
        guard old.contains(where: { $0 != letter }) else {
          start = end
          continue
        }
        let units = String(decoding: old, as: UTF8.self).utf16.count
        var candidate = Array(current[..<bounds[start]])
        candidate += repeatElement(letter, count: units)
        candidate += current[bounds[end]...]
        guard attempt(candidate) else {
          start = end
          continue
        }
        // The letters are characters of their own, but the character
        // after them may now join the last one: find the places again.
        let filledEnd = bounds[start] + units
        bounds = Shrinker.Granularity.characters.boundaries(of: current)
        start = bounds.firstIndex { $0 >= filledEnd } ?? bounds.count - 1
      }
      span = span == 1 ? 0 : (span + 1) / 2
    }
  }
}
