package app.buzz.notificationbody;

/**
 * UAX #29's extended grapheme cluster boundary rules, GB1 to GB999, for
 * Unicode 17.0 (the contract's Terms, "Character"), applied to scalars fed
 * one at a time from the start of a text.
 *
 * <p>Whether a boundary lies before a scalar depends only on the scalars up
 * to it, so a text is cut by feeding its scalars in order and stopping
 * wherever the cut is decided. The rules that look further back than one
 * scalar (GB9c, GB11, GB12 and GB13) read what the breaker remembers of the
 * scalars so far. One breaker reads one text; it is not thread-safe.
 */
final class GraphemeBreaker {
  /** The previous scalar's Grapheme_Cluster_Break, or -1 before the first. */
  private int previous = -1;
  /** GB9c: the text ends with "Consonant [Extend Linker]*". */
  private boolean consonantRun;
  /** GB9c: and a Linker is among those Extend and Linker scalars. */
  private boolean linked;
  /** GB11: the text ends with "ExtPict Extend*". */
  private boolean pictographRun;
  /** GB11: the text ends with "ExtPict Extend* ZWJ". */
  private boolean pictographAndZwj;
  /** GB12, GB13: the regional indicators the text ends with. */
  private int regionalIndicators;

  /**
   * Reads the next scalar of the text.
   *
   * @param scalar the next scalar (a lone surrogate's code point is read as Other, as U+FFFD is)
   * @return whether a character boundary lies before it (always, for the
   *     first scalar: GB1)
   */
  boolean isBoundaryBefore(int scalar) {
    int properties = ScalarProperties.of(scalar);
    int clusterBreak = properties & GraphemeBreakProperty.CLUSTER_BREAK_MASK;
    int conjunct = properties & GraphemeBreakProperty.CONJUNCT_BREAK_MASK;
    boolean pictographic = (properties & GraphemeBreakProperty.EXTENDED_PICTOGRAPHIC) != 0;
    boolean boundary =
        previous < 0
            || breaksBetween(
                previous,
                clusterBreak,
                conjunct == GraphemeBreakProperty.CONJUNCT_CONSONANT && consonantRun && linked,
                pictographic && pictographAndZwj,
                regionalIndicators);
    // The runs, with this scalar.
    if (conjunct == GraphemeBreakProperty.CONJUNCT_CONSONANT) {
      consonantRun = true;
      linked = false;
    } else if (consonantRun && conjunct == GraphemeBreakProperty.CONJUNCT_LINKER) {
      linked = true;
    } else if (!(consonantRun && conjunct == GraphemeBreakProperty.CONJUNCT_EXTEND)) {
      consonantRun = false;
      linked = false;
    }
    pictographAndZwj = pictographRun && clusterBreak == GraphemeBreakProperty.ZWJ;
    pictographRun =
        pictographic || (pictographRun && clusterBreak == GraphemeBreakProperty.EXTEND);
    regionalIndicators =
        clusterBreak == GraphemeBreakProperty.REGIONAL_INDICATOR ? regionalIndicators + 1 : 0;
    previous = clusterBreak;
    return boundary;
  }

  /** The rules in UAX #29's order, between two scalars' Grapheme_Cluster_Break. */
  private static boolean breaksBetween(
      int before,
      int after,
      boolean conjunctJoins,
      boolean pictographJoins,
      int regionalIndicatorsBefore) {
    // GB3: CR × LF.
    if (before == GraphemeBreakProperty.CR && after == GraphemeBreakProperty.LF) {
      return false;
    }
    // GB4: (Control | CR | LF) ÷.
    if (before == GraphemeBreakProperty.CONTROL
        || before == GraphemeBreakProperty.CR
        || before == GraphemeBreakProperty.LF) {
      return true;
    }
    // GB5: ÷ (Control | CR | LF).
    if (after == GraphemeBreakProperty.CONTROL
        || after == GraphemeBreakProperty.CR
        || after == GraphemeBreakProperty.LF) {
      return true;
    }
    // GB6: L × (L | V | LV | LVT).
    if (before == GraphemeBreakProperty.L
        && (after == GraphemeBreakProperty.L
            || after == GraphemeBreakProperty.V
            || after == GraphemeBreakProperty.LV
            || after == GraphemeBreakProperty.LVT)) {
      return false;
    }
    // GB7: (LV | V) × (V | T).
    if ((before == GraphemeBreakProperty.LV || before == GraphemeBreakProperty.V)
        && (after == GraphemeBreakProperty.V || after == GraphemeBreakProperty.T)) {
      return false;
    }
    // GB8: (LVT | T) × T.
    if ((before == GraphemeBreakProperty.LVT || before == GraphemeBreakProperty.T)
        && after == GraphemeBreakProperty.T) {
      return false;
    }
    // GB9: × (Extend | ZWJ).
    if (after == GraphemeBreakProperty.EXTEND || after == GraphemeBreakProperty.ZWJ) {
      return false;
    }
    // GB9a: × SpacingMark.
    if (after == GraphemeBreakProperty.SPACING_MARK) {
      return false;
    }
    // GB9b: Prepend ×.
    if (before == GraphemeBreakProperty.PREPEND) {
      return false;
    }
    // GB9c: \p{InCB=Consonant} [\p{InCB=Extend}\p{InCB=Linker}]* \p{InCB=Linker}
    // [\p{InCB=Extend}\p{InCB=Linker}]* × \p{InCB=Consonant}.
    if (conjunctJoins) {
      return false;
    }
    // GB11: \p{Extended_Pictographic} Extend* ZWJ × \p{Extended_Pictographic}.
    if (pictographJoins) {
      return false;
    }
    // GB12, GB13: sot (RI RI)* RI × RI, [^RI] (RI RI)* RI × RI.
    if (before == GraphemeBreakProperty.REGIONAL_INDICATOR
        && after == GraphemeBreakProperty.REGIONAL_INDICATOR
        && regionalIndicatorsBefore % 2 == 1) {
      return false;
    }
    // GB999: Any ÷ Any.
    return true;
  }
}
