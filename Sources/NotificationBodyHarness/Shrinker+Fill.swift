extension Shrinker.Search {
  /// Replaces spans of characters with as many `"a"`s as they have UTF-16
  /// units, in spans of decreasing size as delta debugging removes them,
  /// keeping each replacement that still fails; then, in an input longer
  /// than 256 units, the same with its most common ASCII scalar, when that
  /// is not `"a"`: a failure at the window needs text that leaves the body,
  /// such as line breaks.
  ///
  /// Nothing moves: a failure at a fixed length (R12's cap, R1's window)
  /// keeps its place while the text before and after it becomes one
  /// repeated scalar, and only the characters that matter stay.
  ///
  /// - Complexity: O(*u*) candidates per span size and O(log *u*) sizes,
  ///   where *u* is the number of characters, but a span already all filler
  ///   costs no candidate; each candidate O(*n*).
  mutating func fillWithLetters() {
    fill(with: UInt8(ascii: "a"))
    // Only past the shortest cap, where the places of things matter.
    guard currentUTF16Count > 256,
      let common = Self.mostCommon(in: current), common.scalar.isASCII, common.scalar != "a"
    else { return }
    fill(with: UInt8(common.scalar.value))
  }

  private mutating func fill(with filler: UInt8) {
    var bounds = Shrinker.Granularity.characters.boundaries(of: current)
    var span = (bounds.count - 1) / 2
    while span >= 1, !budgetExhausted {
      var start = 0
      while start < bounds.count - 1, !budgetExhausted {
        let end = min(start + span, bounds.count - 1)
        let old = current[bounds[start]..<bounds[end]]
        guard old.contains(where: { $0 != filler }) else {
          start = end
          continue
        }
        let units = String(decoding: old, as: UTF8.self).utf16.count
        var candidate = Array(current[..<bounds[start]])
        candidate += repeatElement(filler, count: units)
        candidate += current[bounds[end]...]
        guard attempt(candidate) else {
          start = end
          continue
        }
        // The filler's scalars are characters of their own, but the
        // character after them may now join the last one: find the places
        // again.
        let filledEnd = bounds[start] + units
        bounds = Shrinker.Granularity.characters.boundaries(of: current)
        start = bounds.firstIndex { $0 >= filledEnd } ?? bounds.count - 1
      }
      span = span == 1 ? 0 : (span + 1) / 2
    }
  }

  /// The scalar `text` holds most often, with how often: the first of
  /// those tied.
  static func mostCommon(in text: [UInt8]) -> (scalar: Unicode.Scalar, count: Int)? {
    var counts: [Unicode.Scalar: Int] = [:]
    var best: (scalar: Unicode.Scalar, count: Int)?
    for scalar in String(decoding: text, as: UTF8.self).unicodeScalars {
      let count = counts[scalar, default: 0] + 1
      counts[scalar] = count
      if count > best?.count ?? 0 { best = (scalar, count) }
    }
    return best
  }
}
