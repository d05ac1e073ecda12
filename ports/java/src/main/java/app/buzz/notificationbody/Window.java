package app.buzz.notificationbody;

/**
 * R1 Input window: "the longest prefix of whole characters of the message
 * whose length is at most 4096 units. Nothing after the window is read."
 *
 * <p>The window is read as scalars, lone surrogates already U+FFFD (Terms).
 * A message of at most 4096 units is its own window; a longer one is read up
 * to the first scalar past unit 4096, since whether a boundary lies before a
 * scalar depends only on the scalars up to it, and cut at the boundary at or
 * before that scalar. So the work is bounded by the window whatever the
 * message's length.
 */
final class Window {
  /** R1's window length in UTF-16 units. */
  static final int UNITS = 4096;

  /** The window's scalars, in {@code scalars[0..length)}; the array may be longer. */
  final int[] scalars;

  /** How many scalars the window holds. */
  final int length;

  /** Whether the window is shorter than the message (R12 then ends the body with "…"). */
  final boolean leftTextOut;

  private Window(int[] scalars, int length, boolean leftTextOut) {
    this.scalars = scalars;
    this.length = length;
    this.leftTextOut = leftTextOut;
  }

  /**
   * The window of a message.
   *
   * @param message the whole message
   * @return its window
   */
  static Window of(String message) {
    int messageUnits = message.length();
    // Every scalar read starts at or before unit 4096, so a pair that starts
    // there ends at unit 4097: no later unit is ever copied.
    int readUnits = Math.min(messageUnits, UNITS + 2);
    char[] units = new char[readUnits];
    message.getChars(0, readUnits, units, 0);
    int[] scalars = new int[Math.min(messageUnits, UNITS + 1)];
    int count = 0;
    int position = 0;
    int stop = Math.min(readUnits, UNITS + 1);
    while (position < stop) {
      // A run of units that are no surrogate: each is a scalar as it is.
      int offset = count - position;
      while (position < stop) {
        char unit = units[position];
        if (unit >= Character.MIN_SURROGATE && unit <= Character.MAX_SURROGATE) {
          break;
        }
        scalars[position + offset] = unit;
        position++;
      }
      count = position + offset;
      if (position == stop) {
        break;
      }
      int scalar = LoneSurrogates.scalarAt(units, position, readUnits);
      scalars[count++] = scalar;
      position += LoneSurrogates.width(scalar);
    }
    if (messageUnits <= UNITS) {
      return new Window(scalars, count, false);
    }
    // The last scalar read is the first past the window: the window ends at
    // the start of the character that holds it.
    int end = CharacterBoundary.atOrBefore(scalars, count - 1);
    return new Window(scalars, end, true);
  }
}
