import NotificationBodyUnicodeData

/// Where a character ends: UAX #29's extended grapheme cluster boundaries,
/// every rule as written, over the Unicode data the package generates
/// (`GraphemeBreakProperty`, docs/contract.md's Terms). It never asks
/// `String` or `Character`, so every Swift runtime and every OS version
/// cuts alike.
///
/// A boundary depends on the two scalars around it and, for three rules, on
/// a run before it: GB9c on a conjunct's consonant, linkers and extenders,
/// GB11 on a pictograph and its marks before a ZWJ, GB12 and GB13 on how
/// many regional indicators precede. Those runs are read backwards, as far
/// as they go.
enum GraphemeBreak {
  private typealias Property = GraphemeBreakProperty

  /// Whether a character boundary lies at `offset`, a scalar boundary
  /// strictly inside `text`, which is valid UTF-8 up to one scalar past it.
  ///
  /// - Complexity: O(1), but for the runs GB9c, GB11, GB12 and GB13 read
  ///   back from `offset`.
  static func isBoundary(at offset: Int, in text: UnsafeBufferPointer<UInt8>) -> Bool {
    let before = properties(
      of: Byte.scalar(at: Byte.scalarStart(before: offset, in: text), in: text))
    let after = properties(of: Byte.scalar(at: offset, in: text))
    let left = before & Property.clusterBreakMask
    let right = after & Property.clusterBreakMask
    // GB3, GB4, GB5: "\r\n" holds; otherwise controls and line breaks stand alone.
    if left == Property.cr { return right != Property.lf }
    if left == Property.lf || left == Property.control { return true }
    if right == Property.cr || right == Property.lf || right == Property.control { return true }
    // GB6, GB7, GB8: Hangul syllables.
    if left == Property.l {
      if right == Property.l || right == Property.v || right == Property.lv
        || right == Property.lvt
      {
        return false
      }
    } else if left == Property.lv || left == Property.v {
      if right == Property.v || right == Property.t { return false }
    } else if left == Property.lvt || left == Property.t {
      if right == Property.t { return false }
    }
    // GB9, GB9a, GB9b: marks and ZWJ join what precedes; Prepend what follows.
    if right == Property.extend || right == Property.zwj || right == Property.spacingMark
      || left == Property.prepend
    {
      return false
    }
    // GB9c: Consonant [Extend Linker]* Linker [Extend Linker]* × Consonant.
    let conjunct = before & Property.conjunctBreakMask
    if after & Property.conjunctBreakMask == Property.conjunctConsonant,
      conjunct == Property.conjunctLinker || conjunct == Property.conjunctExtend,
      followsLinkedConsonant(offset, in: text)
    {
      return false
    }
    // GB11: ExtPict Extend* ZWJ × ExtPict.
    if left == Property.zwj, after & Property.extendedPictographic != 0,
      followsPictographAndZWJ(offset, in: text)
    {
      return false
    }
    // GB12, GB13: regional indicators pair up from the start of their run.
    if left == Property.regionalIndicator, right == Property.regionalIndicator {
      return regionalIndicators(before: offset, in: text) % 2 == 0
    }
    // GB999.
    return true
  }

  /// A scalar's properties: Grapheme_Cluster_Break, Extended_Pictographic
  /// and Indic_Conjunct_Break, as `GraphemeBreakProperty` packs them.
  ///
  /// - Complexity: O(1) for printable ASCII, O(log *r*) in the table's
  ///   ranges otherwise.
  static func properties(of scalar: UInt32) -> UInt8 {
    // Printable ASCII is Other, with no other property, in every version.
    if scalar &- 0x20 < 0x5F { return Property.other }
    let ranges = Property.ranges
    var low = 0
    var high = ranges.count
    while high - low > 1 {
      let middle = (low + high) / 2
      if ranges[middle] >> 8 <= scalar { low = middle } else { high = middle }
    }
    return UInt8(truncatingIfNeeded: ranges[low])
  }

  /// GB9c's left side ends at `offset`: a run of InCB=Extend and Linker
  /// scalars holding at least one Linker, after an InCB=Consonant.
  private static func followsLinkedConsonant(
    _ offset: Int, in text: UnsafeBufferPointer<UInt8>
  ) -> Bool {
    var position = offset
    var linked = false
    while position > 0 {
      position = Byte.scalarStart(before: position, in: text)
      switch properties(of: Byte.scalar(at: position, in: text)) & Property.conjunctBreakMask {
      case Property.conjunctLinker: linked = true
      case Property.conjunctExtend: continue
      case Property.conjunctConsonant: return linked
      default: return false
      }
    }
    return false
  }

  /// GB11's left side ends at `offset`: a ZWJ after an Extended_Pictographic
  /// scalar and any Extend scalars.
  private static func followsPictographAndZWJ(
    _ offset: Int, in text: UnsafeBufferPointer<UInt8>
  ) -> Bool {
    var position = Byte.scalarStart(before: offset, in: text)
    while position > 0 {
      position = Byte.scalarStart(before: position, in: text)
      let properties = properties(of: Byte.scalar(at: position, in: text))
      if properties & Property.clusterBreakMask != Property.extend {
        return properties & Property.extendedPictographic != 0
      }
    }
    return false
  }

  /// How many regional indicators stand in a row just before `offset`.
  private static func regionalIndicators(
    before offset: Int, in text: UnsafeBufferPointer<UInt8>
  ) -> Int {
    var count = 0
    var position = offset
    while position > 0 {
      position = Byte.scalarStart(before: position, in: text)
      let properties = properties(of: Byte.scalar(at: position, in: text))
      guard properties & Property.clusterBreakMask == Property.regionalIndicator else { break }
      count += 1
    }
    return count
  }
}
