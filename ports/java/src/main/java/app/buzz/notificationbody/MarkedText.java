package app.buzz.notificationbody;

import java.util.Arrays;

/**
 * What R3–R8 keep, handed to the {@link BodyWriter} (R9–R11) in order: at
 * once, or, while an R5 bracket is open, once the {@code ]} that may turn
 * the bracket into link syntax has been read. While brackets are open the
 * scalars wait here, each marked with its kind, so that the writer sees the
 * paragraph in its final form and applies R9 and R10 with nothing to undo.
 */
final class MarkedText {
  /** Prose read by R5, R7 and R8: spaces in it collapse (R9). */
  static final byte TEXT = 0;
  /** Code from a fenced block (R3) or a code span (R4), kept verbatim. */
  static final byte CODE = 1;
  /** A bracket that turned out to open a link or image: dropped (R5). */
  static final byte REMOVED = 3;

  private final BodyWriter writer;

  /** Whether scalars wait for brackets. */
  private boolean holding;

  /** The waiting scalars, in {@code scalars[0..length)}; null until a bracket opens. */
  private int[] scalars;

  /** Each waiting scalar's kind. */
  private byte[] kinds;

  /** How many scalars wait: where the next one will stand. */
  int length;

  /**
   * What R3–R8 keep, for a writer.
   *
   * @param writer the body R9–R11 make of it
   */
  MarkedText(BodyWriter writer) {
    this.writer = writer;
  }

  /** Whether the body is certainly over the limit: nothing more can matter. */
  boolean isFull() {
    return writer.isFull;
  }

  /**
   * Starts a block (a code line, a blank prose line or a paragraph): blocks
   * are joined with the line breaks that ended their lines (R3); the writer
   * keeps none before the first text it keeps (R11).
   */
  void beginBlock() {
    writer.lineBreak();
  }

  /** Appends one scalar of the given kind. */
  void append(int scalar, byte kind) {
    if (!holding) {
      writer.append(scalar, kind == CODE);
      return;
    }
    if (length == scalars.length) {
      grow(length + 1);
    }
    scalars[length] = scalar;
    kinds[length] = kind;
    length++;
  }

  /** Appends {@code text[from..to)} as the given kind. */
  void append(int[] text, int from, int to, byte kind) {
    if (!holding) {
      writer.append(text, from, to, kind == CODE);
      return;
    }
    int count = to - from;
    if (length + count > scalars.length) {
      grow(length + count);
    }
    System.arraycopy(text, from, scalars, length, count);
    Arrays.fill(kinds, length, length + count, kind);
    length += count;
  }

  /** From now on scalars wait: a bracket is open. */
  void hold() {
    if (scalars == null) {
      scalars = new int[64];
      kinds = new byte[64];
    }
    holding = true;
  }

  /** Marks {@code count} waiting scalars from {@code index} as removed. */
  void remove(int index, int count) {
    Arrays.fill(kinds, index, index + count, REMOVED);
  }

  /** Hands the waiting scalars to the writer: no bracket is open any more. */
  void release() {
    holding = false;
    for (int index = 0; index < length && !writer.isFull; index++) {
      byte kind = kinds[index];
      if (kind != REMOVED) {
        writer.append(scalars[index], kind == CODE);
      }
    }
    length = 0;
  }

  private void grow(int needed) {
    int capacity = Math.max(needed, scalars.length * 2);
    scalars = Arrays.copyOf(scalars, capacity);
    kinds = Arrays.copyOf(kinds, capacity);
  }
}
