package app.buzz.notificationbody;

import java.util.Arrays;

/**
 * The text R3–R8 produce, one scalar after another, each marked with the
 * kind of what it came from, as far as R9–R11 need to know.
 */
final class MarkedText {
  /** Prose read by R5, R7 and R8: spaces in it collapse (R9). */
  static final byte TEXT = 0;
  /** Code from a fenced block (R3) or a code span (R4), kept verbatim. */
  static final byte CODE = 1;
  /** A bracket that turned out to open a link or image: dropped (R5). */
  static final byte REMOVED = 3;

  /** The scalars, in {@code scalars[0..length)}. */
  int[] scalars;
  /** Each scalar's kind. */
  byte[] kinds;
  /** How many scalars there are. */
  int length;

  /**
   * An empty text.
   *
   * @param capacity how many scalars it will likely hold
   */
  MarkedText(int capacity) {
    scalars = new int[Math.max(capacity, 16)];
    kinds = new byte[scalars.length];
  }

  /** Appends one scalar of the given kind. */
  void append(int scalar, byte kind) {
    if (length == scalars.length) {
      grow(length + 1);
    }
    scalars[length] = scalar;
    kinds[length] = kind;
    length++;
  }

  /** Appends {@code text[from..to)} as the given kind. */
  void append(int[] text, int from, int to, byte kind) {
    int count = to - from;
    if (length + count > scalars.length) {
      grow(length + count);
    }
    System.arraycopy(text, from, scalars, length, count);
    Arrays.fill(kinds, length, length + count, kind);
    length += count;
  }

  /** Marks {@code count} scalars from {@code index} as removed. */
  void remove(int index, int count) {
    Arrays.fill(kinds, index, index + count, REMOVED);
  }

  private void grow(int needed) {
    int capacity = Math.max(needed, scalars.length * 2);
    scalars = Arrays.copyOf(scalars, capacity);
    kinds = Arrays.copyOf(kinds, capacity);
  }
}
