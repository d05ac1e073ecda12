package app.buzz.notificationbody;

/**
 * Terms, Limit: "the most units a body may hold. It is 256 by default. A
 * platform that shows more of a body may raise it; it can never be lowered."
 */
final class Limit {
  private Limit() {}

  /** The default and smallest limit, in UTF-16 units. */
  static final long DEFAULT = 256;

  /**
   * A limit clamped up to 256.
   *
   * @param utf16Units the limit asked for; any value
   * @return that limit, or 256 when it is smaller
   */
  static long clamped(long utf16Units) {
    return Math.max(utf16Units, DEFAULT);
  }
}
