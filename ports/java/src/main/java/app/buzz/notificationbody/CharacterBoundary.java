package app.buzz.notificationbody;

/**
 * Character boundaries near a cut, found by stepping back from the cut to a
 * scalar before which the rules break whatever precedes it, and reading
 * forward from there with a {@link GraphemeBreaker}. R1 and R12 cut this
 * way, so the work is the distance stepped back, not the text's length.
 */
final class CharacterBoundary {
  private CharacterBoundary() {}

  /**
   * The last boundary at or before {@code index}: the start of the character
   * that holds the scalar at {@code index}.
   *
   * @param text scalars; the text starts at index 0
   * @param index a scalar of it
   * @return that boundary, {@code 0 <= boundary <= index}
   */
  static int atOrBefore(int[] text, int index) {
    int start = restartAtOrBefore(text, index);
    GraphemeBreaker breaker = new GraphemeBreaker();
    int boundary = start;
    for (int position = start; position <= index; position++) {
      if (breaker.isBoundaryBefore(text[position])) {
        boundary = position;
      }
    }
    return boundary;
  }

  /**
   * Whether a character boundary lies before the scalar at {@code index}.
   *
   * @param text scalars; the text starts at index 0
   * @param index a scalar of it
   * @return whether a character starts there
   */
  static boolean isBefore(int[] text, int index) {
    return atOrBefore(text, index) == index;
  }

  /** The last scalar at or before {@code index} from which a fresh breaker reads right. */
  private static int restartAtOrBefore(int[] text, int index) {
    int position = index;
    while (position > 0 && !isRestart(text, position)) {
      position--;
    }
    return position;
  }

  /**
   * Whether the rules break before the scalar at {@code index} whatever
   * precedes its previous scalar, and nothing a breaker remembers after it
   * depends on the scalars before it: then a fresh breaker fed the text from
   * {@code index} finds the same boundaries as one fed it from the start.
   *
   * <p>That holds for a scalar with neither Extended_Pictographic nor an
   * Indic_Conjunct_Break (no run of GB9c, GB11, GB12 or GB13 reads through
   * it) whose Grapheme_Cluster_Break is Control or CR (GB4, GB5 break before
   * it), LF not after CR (GB3), or Other not after Prepend (only GB9b joins
   * something before Other). Space, tab and line break are such scalars.
   */
  private static boolean isRestart(int[] text, int index) {
    int properties = ScalarProperties.of(text[index]);
    if ((properties & ~GraphemeBreakProperty.CLUSTER_BREAK_MASK) != 0) {
      return false;
    }
    switch (properties) {
      case GraphemeBreakProperty.CONTROL:
      case GraphemeBreakProperty.CR:
        return true;
      case GraphemeBreakProperty.LF:
        return text[index - 1] != '\r';
      case GraphemeBreakProperty.OTHER:
        return (ScalarProperties.of(text[index - 1]) & GraphemeBreakProperty.CLUSTER_BREAK_MASK)
            != GraphemeBreakProperty.PREPEND;
      default:
        return false;
    }
  }
}
