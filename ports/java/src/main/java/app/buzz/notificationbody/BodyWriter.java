package app.buzz.notificationbody;

import java.util.Arrays;

/**
 * The body being made, scalar by scalar, in order, as R3–R8 hand over what
 * they keep, so that no pass over the text is needed afterwards and reading
 * stops once the body certainly runs past the cap (R12). It applies:
 *
 * <ul>
 *   <li>R9: outside code, every run of two or more spaces becomes one space
 *       (dropped markers and brackets never reach it, so the spaces they
 *       separated are one run); a space that is code is never removed and
 *       joins no run.
 *   <li>R10: a line that holds nothing but spaces and tabs, none of them
 *       code, is emptied; then, everywhere, three or more line breaks in a
 *       row become two. (R9 never looks past a line break and emptying a line
 *       only ever follows one, so the steps share the pass.)
 *   <li>R11: spaces, tabs and line breaks at the start are never kept; those
 *       at the end are not part of {@link #settled}.
 * </ul>
 *
 * <p>Every scalar up to the last one that is not a space, tab or line break
 * is final: nothing that comes later removes it. Once more than {@code limit}
 * UTF-16 units of them are kept, the body is longer than the limit and R12's
 * cut (at most limit − 1 units, and the one scalar after them, whose
 * character boundary depends only on the scalars up to it) lies among them:
 * the writer is full and keeps nothing more.
 */
final class BodyWriter {
  private final long limit;

  /** The scalars kept, in {@code scalars[0..kept)}. */
  int[] scalars;

  /** How many scalars are kept. */
  private int kept;

  /** The UTF-16 units of {@code scalars[0..kept)}. */
  private long keptUnits;

  /** Where the current line starts. */
  private int lineStart;

  /** Whether the current line holds anything but prose spaces and tabs. */
  private boolean lineHasContent;

  /** Whether the last scalar kept is a prose space. */
  private boolean afterProseSpace;

  /** How many scalars are final: up to the last that is not white space. The body before R12. */
  int settled;

  /** Whether the body is certainly longer than the limit, its cut decided. */
  boolean isFull;

  /**
   * An empty body.
   *
   * @param capacity how many scalars it may come to hold (it grows past that if needed)
   * @param limit the limit (R12), at least 256
   */
  BodyWriter(int capacity, long limit) {
    this.limit = limit;
    scalars = new int[Math.max(capacity, 16)];
  }

  /** Keeps a line break: R3's between blocks, or one read in a paragraph or code span. */
  void lineBreak() {
    if (kept == 0 || isFull) {
      return;
    }
    // R10: the line ends; emptied unless it has content, when all it holds
    // are prose spaces and tabs, a unit each.
    if (!lineHasContent) {
      keptUnits -= kept - lineStart;
      kept = lineStart;
    }
    // R10: a third line break in a row is dropped.
    if (kept < 2 || scalars[kept - 1] != '\n' || scalars[kept - 2] != '\n') {
      if (kept == scalars.length) {
        scalars = Arrays.copyOf(scalars, kept * 2);
      }
      scalars[kept++] = '\n';
      keptUnits++;
    }
    lineStart = kept;
    lineHasContent = false;
    afterProseSpace = false;
  }

  /**
   * Keeps one scalar, prose or code.
   *
   * @param scalar the scalar
   * @param isCode whether it is code (R3, R4), which R9 and R10's emptying never touch
   */
  void append(int scalar, boolean isCode) {
    if (isFull) {
      return;
    }
    if (scalar == '\n') {
      lineBreak();
      return;
    }
    if (scalar == ' ' || scalar == '\t') {
      // R11: nothing but white space so far.
      if (kept == 0) {
        return;
      }
      if (isCode || scalar == '\t') {
        lineHasContent |= isCode;
        afterProseSpace = false;
      } else if (afterProseSpace) {
        // R9: a prose space after a prose space joins its run.
        return;
      } else {
        afterProseSpace = true;
      }
      keep(scalar);
      return;
    }
    keepContent(scalar);
  }

  /**
   * Keeps {@code text[from..to)}, prose or code.
   *
   * @param text the text after R2
   * @param from the first scalar
   * @param to after the last
   * @param isCode whether it is code
   */
  void append(int[] text, int from, int to, boolean isCode) {
    for (int index = from; index < to && !isFull; index++) {
      int scalar = text[index];
      if (scalar <= ' ') {
        // White space (or a control, which is content): the general rules.
        append(scalar, isCode);
      } else {
        keepContent(scalar);
      }
    }
  }

  /** Keeps a scalar that is content: final, and perhaps the one past the limit. */
  private void keepContent(int scalar) {
    lineHasContent = true;
    afterProseSpace = false;
    keep(scalar);
    settled = kept;
    isFull = keptUnits > limit;
  }

  private void keep(int scalar) {
    if (kept == scalars.length) {
      scalars = Arrays.copyOf(scalars, kept * 2);
    }
    scalars[kept++] = scalar;
    keptUnits += scalar >= 0x10000 ? 2 : 1;
  }
}
