import NotificationBodyUnicodeData

extension NotificationBodyReference {
  /// Terms, Character: "an extended grapheme cluster as UAX #29 defines it
  /// for Unicode 17.0, every rule as written": the characters of `text`.
  ///
  ///     characters(of: "e\u{301}🇺🇸!")  // ["e\u{301}", "🇺🇸", "!"]
  ///
  /// - Complexity: O(*n*) in the scalars of `text`.
  package static func characters(of text: some StringProtocol) -> [String] {
    let scalars = Array(text.unicodeScalars)
    let breaks = characterBreaks(scalars)
    var characters: [String] = []
    var start = 0
    for index in scalars.indices.dropFirst() where breaks[index] {
      characters.append(String(String.UnicodeScalarView(scalars[start..<index])))
      start = index
    }
    if start < scalars.count {
      characters.append(String(String.UnicodeScalarView(scalars[start...])))
    }
    return characters
  }

  /// "The longest prefix of whole characters" of at most `units` UTF-16
  /// units (R1's window, R12's cut): its length in scalars.
  ///
  /// - Parameters:
  ///   - scalars: The text, or at least its scalars up to the first one
  ///     past `units` (a boundary before a scalar depends on none after it).
  ///   - breaks: `characterBreaks(scalars)`.
  static func wholeCharacterPrefix(
    of scalars: [Unicode.Scalar], breaks: [Bool], units: Int
  ) -> Int {
    var prefixUnits = 0
    for (index, scalar) in scalars.enumerated() {
      prefixUnits += UTF16.width(scalar)
      // This scalar does not fit: the prefix ends at the last boundary.
      if prefixUnits > units { return breaks[...index].lastIndex(of: true) ?? 0 }
    }
    return scalars.count
  }

  /// UAX #29's grapheme cluster boundary rules, GB1 to GB999, applied
  /// between every two scalars in order: the first rule that matches
  /// decides. The three rules that look further back than one scalar (GB9c,
  /// GB11, GB12 and GB13) are read from what the scalars so far were.
  ///
  /// - Parameter scalars: A text's scalars.
  /// - Returns: `scalars.count + 1` answers: whether a boundary lies before
  ///   each scalar, and at the end.
  /// - Complexity: O(*n*).
  package static func characterBreaks(_ scalars: [Unicode.Scalar]) -> [Bool] {
    typealias Property = GraphemeBreakProperty
    // GB1, GB2: "Break at the start and end of text, unless the text is empty."
    var breaks = [Bool](repeating: true, count: scalars.count + 1)
    // What the text up to the previous scalar ends with:
    // GB9c's "Consonant [Extend Linker]*", and whether a Linker is among them;
    var consonantRun = false
    var linked = false
    // GB11's "ExtPict Extend*", and "ExtPict Extend* ZWJ";
    var pictographRun = false
    var pictographAndZWJ = false
    // GB12 and GB13's regional indicators in a row.
    var regionalIndicators = 0
    for index in scalars.indices {
      // Two ASCII scalars: GB3 to GB5 decide, or GB999 (no ASCII scalar
      // extends, prepends, pairs or links), and every run ends.
      if index > 0, scalars[index].isASCII, scalars[index - 1].isASCII {
        breaks[index] = scalars[index - 1] != "\r" || scalars[index] != "\n"
        consonantRun = false
        linked = false
        pictographRun = false
        pictographAndZWJ = false
        regionalIndicators = 0
        continue
      }
      let properties = graphemeProperties(of: scalars[index])
      let clusterBreak = properties & Property.clusterBreakMask
      let conjunct = properties & Property.conjunctBreakMask
      if index > 0 {
        let previous = graphemeProperties(of: scalars[index - 1]) & Property.clusterBreakMask
        breaks[index] = breaksBetween(
          previous, clusterBreak,
          conjunctJoins: conjunct == Property.conjunctConsonant && consonantRun && linked,
          pictographJoins: properties & Property.extendedPictographic != 0 && pictographAndZWJ,
          regionalIndicatorsBefore: regionalIndicators)
      }
      // The runs, with this scalar.
      if conjunct == Property.conjunctConsonant {
        consonantRun = true
        linked = false
      } else if consonantRun && conjunct == Property.conjunctLinker {
        linked = true
      } else if !(consonantRun && conjunct == Property.conjunctExtend) {
        consonantRun = false
        linked = false
      }
      pictographAndZWJ = pictographRun && clusterBreak == Property.zwj
      pictographRun =
        properties & Property.extendedPictographic != 0
        || (pictographRun && clusterBreak == Property.extend)
      regionalIndicators = clusterBreak == Property.regionalIndicator ? regionalIndicators + 1 : 0
    }
    return breaks
  }

  /// Whether a boundary lies between `before` and `after` whatever text
  /// precedes them: the rules break there even if each rule that reads
  /// further back (GB9c, GB11, GB12, GB13) found what would join them.
  ///
  ///     breaksWhateverPrecedes("a", "b")         // true
  ///     breaksWhateverPrecedes("\u{1F1FA}", "\u{1F1F8}")  // false: it depends on the count before
  package static func breaksWhateverPrecedes(_ before: Unicode.Scalar, _ after: Unicode.Scalar)
    -> Bool
  {
    typealias Property = GraphemeBreakProperty
    let left = graphemeProperties(of: before)
    let right = graphemeProperties(of: after)
    let conjunct = left & Property.conjunctBreakMask
    return breaksBetween(
      left & Property.clusterBreakMask, right & Property.clusterBreakMask,
      conjunctJoins: right & Property.conjunctBreakMask == Property.conjunctConsonant
        && (conjunct == Property.conjunctLinker || conjunct == Property.conjunctExtend),
      pictographJoins: left & Property.clusterBreakMask == Property.zwj
        && right & Property.extendedPictographic != 0,
      regionalIndicatorsBefore: 1)
  }

  /// The rules in UAX #29's order, between a scalar of Grapheme_Cluster_Break
  /// `before` and one of `after`.
  private static func breaksBetween(
    _ before: UInt8, _ after: UInt8, conjunctJoins: Bool, pictographJoins: Bool,
    regionalIndicatorsBefore: Int
  ) -> Bool {
    typealias Property = GraphemeBreakProperty
    // GB3: CR × LF.
    if before == Property.cr && after == Property.lf { return false }
    // GB4: (Control | CR | LF) ÷.
    if before == Property.control || before == Property.cr || before == Property.lf { return true }
    // GB5: ÷ (Control | CR | LF).
    if after == Property.control || after == Property.cr || after == Property.lf { return true }
    // GB6: L × (L | V | LV | LVT).
    if before == Property.l
      && (after == Property.l || after == Property.v || after == Property.lv
        || after == Property.lvt)
    {
      return false
    }
    // GB7: (LV | V) × (V | T).
    if (before == Property.lv || before == Property.v)
      && (after == Property.v || after == Property.t)
    {
      return false
    }
    // GB8: (LVT | T) × T.
    if (before == Property.lvt || before == Property.t) && after == Property.t { return false }
    // GB9: × (Extend | ZWJ).
    if after == Property.extend || after == Property.zwj { return false }
    // GB9a: × SpacingMark.
    if after == Property.spacingMark { return false }
    // GB9b: Prepend ×.
    if before == Property.prepend { return false }
    // GB9c: \p{InCB=Consonant} [\p{InCB=Extend}\p{InCB=Linker}]* \p{InCB=Linker}
    // [\p{InCB=Extend}\p{InCB=Linker}]* × \p{InCB=Consonant}.
    if conjunctJoins { return false }
    // GB11: \p{Extended_Pictographic} Extend* ZWJ × \p{Extended_Pictographic}.
    if pictographJoins { return false }
    // GB12, GB13: sot (RI RI)* RI × RI, [^RI] (RI RI)* RI × RI.
    if before == Property.regionalIndicator && after == Property.regionalIndicator
      && regionalIndicatorsBefore % 2 == 1
    {
      return false
    }
    // GB999: Any ÷ Any.
    return true
  }

  /// A scalar's properties as `GraphemeBreakProperty` packs them: the entry
  /// of the last range that starts at or before it.
  static func graphemeProperties(of scalar: Unicode.Scalar) -> UInt8 {
    scalar.value < 0x1_0000 ? basicPlane[Int(scalar.value)] : rangeEntry(of: scalar.value)
  }

  /// The properties of every scalar below U+10000, read from the ranges once:
  /// most text is looked up by index, which the fuzzers' instrumented builds
  /// run far faster than a search.
  private static let basicPlane: [UInt8] = (0..<UInt32(0x1_0000)).map(rangeEntry(of:))

  /// The entry of the last range that starts at or before `value`, by
  /// binary search.
  private static func rangeEntry(of value: UInt32) -> UInt8 {
    let ranges = GraphemeBreakProperty.ranges
    var first = 0
    var count = ranges.count
    while count > 1 {
      let half = count / 2
      if ranges[first + half] >> 8 <= value {
        first += half
        count -= half
      } else {
        count = half
      }
    }
    return UInt8(ranges[first] & 0xFF)
  }
}
