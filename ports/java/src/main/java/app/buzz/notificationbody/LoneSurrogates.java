package app.buzz.notificationbody;

/**
 * The contract's rule for lone surrogates (Terms): a UTF-16 unit
 * U+D800–U+DFFF that is not half of a surrogate pair is replaced by U+FFFD,
 * one unit, before R1. Java strings can hold them; the rule is applied as
 * the message is read, one scalar at a time, so nothing past the window is
 * ever looked at.
 */
final class LoneSurrogates {
  private LoneSurrogates() {}

  /** U+FFFD REPLACEMENT CHARACTER. */
  static final int REPLACEMENT = 0xFFFD;

  /**
   * The scalar that starts at {@code index}, a lone surrogate read as
   * U+FFFD.
   *
   * @param text UTF-16 units
   * @param index a unit of them, {@code 0 <= index < length}
   * @param length how many units there are: a high surrogate at
   *     {@code length - 1} has no low half
   * @return that scalar; it spans {@link #width(int)} units of {@code text}
   */
  static int scalarAt(char[] text, int index, int length) {
    char unit = text[index];
    if (unit < Character.MIN_SURROGATE || unit > Character.MAX_SURROGATE) {
      return unit;
    }
    if (unit <= Character.MAX_HIGH_SURROGATE && index + 1 < length) {
      char next = text[index + 1];
      if (Character.isLowSurrogate(next)) {
        return Character.toCodePoint(unit, next);
      }
    }
    return REPLACEMENT;
  }

  /**
   * How many UTF-16 units a scalar takes.
   *
   * @param scalar a scalar
   * @return 2 above U+FFFF, else 1
   */
  static int width(int scalar) {
    return scalar >= 0x10000 ? 2 : 1;
  }
}
