package app.buzz.notificationbody;

/**
 * R12 Cap: "If the body is longer than the limit, or R1 left text out, the
 * body becomes the longest prefix of whole characters of at most limit − 1
 * units, with the characters at its end that are a space, a tab or a line
 * break removed, followed by "…" (U+2026). … Otherwise it is unchanged."
 */
final class Cap {
  private Cap() {}

  /** "…", U+2026 HORIZONTAL ELLIPSIS. */
  static final int ELLIPSIS = 0x2026;

  /**
   * The body, capped.
   *
   * @param body the body after R11, in {@code body[0..length)}
   * @param length how many scalars it holds
   * @param limit the limit in UTF-16 units, at least 256
   * @param cut whether R1's window is shorter than the message or the body is
   *     longer than the limit ({@link BodyWriter#isFull}); otherwise it fits
   * @return the body, at most {@code limit} UTF-16 units long
   */
  static String apply(int[] body, int length, long limit, boolean cut) {
    if (!cut) {
      return new String(body, 0, length);
    }
    // The longest prefix of whole characters of at most limit − 1 units,
    // body[0..kept): it ends at the start of the character that holds the
    // first scalar that does not fit, or at the body's end.
    long prefixUnits = 0;
    int index = 0;
    while (index < length) {
      prefixUnits += LoneSurrogates.width(body[index]);
      if (prefixUnits > limit - 1) {
        break;
      }
      index++;
    }
    int kept = index == length ? length : CharacterBoundary.atOrBefore(body, index);
    // The white space at its end goes as whole characters: a last character
    // that is one scalar, a space, tab or line break.
    while (kept > 0
        && LineEndings.isSpaceTabOrLineBreak(body[kept - 1])
        && CharacterBoundary.isBefore(body, kept - 1)) {
      kept--;
    }
    return new StringBuilder(kept + 1)
        .append(new String(body, 0, kept))
        .append((char) ELLIPSIS)
        .toString();
  }
}
