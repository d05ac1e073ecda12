package app.buzz.notificationbody;

import java.util.Arrays;

/**
 * The lines of the text after R2 ("a sequence of lines separated by
 * {@code \n}"), and what R3 makes of each: prose, code or a line that
 * vanishes whole. One pass over the window applies R2 and finds the lines.
 */
final class Lines {
  /** A line outside every fenced block. */
  static final byte PROSE = 0;
  /** A code line, kept exactly as written from {@code codeStart} to {@code codeEnd}. */
  static final byte CODE = 1;
  /** An opening or closing fence line that vanishes whole. */
  static final byte VANISHED = 2;

  /** The text's length after R2: each {@code \r\n} became one scalar. */
  int length;
  /** How many lines there are: one more than the text's line breaks. */
  int count;
  /** Where each line starts in the text, in {@code starts[0..count)}. */
  int[] starts;
  /** Where each line ends in the text (at its line break, or the text's end). */
  int[] ends;
  /** What R3 made of each line; null while every line is prose. */
  private byte[] kinds;
  /** A code line's first scalar in the text; null until a line is code. */
  int[] codeStarts;
  /** Where a code line's code ends in the text (fence runs after it are dropped). */
  int[] codeEnds;

  private Lines(int capacity) {
    starts = new int[capacity];
    ends = new int[capacity];
  }

  /**
   * R2 Line endings ("{@code \r\n} and a lone {@code \r} are line breaks and
   * become {@code \n}, everywhere, code included"), applied to
   * {@code text[0..length)} in place, and the lines of the result, all prose
   * until R3 classifies them.
   *
   * @param text the window's scalars; afterwards the text after R2, in
   *     {@code text[0..lines.length)}
   * @param length how many scalars the window holds
   * @return the text's lines; a text of n line breaks has n + 1
   */
  static Lines of(int[] text, int length) {
    Lines lines = new Lines(Math.max(16, length >>> 5));
    int start = 0;
    int index = 0;
    // Up to the first "\r" the text stays where it is: only its line breaks
    // are looked for.
    for (; index < length; index++) {
      int scalar = text[index];
      if (scalar > '\r') {
        continue;
      }
      if (scalar == '\n') {
        lines.add(start, index);
        start = index + 1;
      } else if (scalar == '\r') {
        break;
      }
    }
    int written = index;
    boolean afterCarriageReturn = false;
    for (; index < length; index++) {
      int scalar = text[index];
      if (scalar > '\r' || (scalar != '\n' && scalar != '\r')) {
        afterCarriageReturn = false;
        text[written++] = scalar;
        continue;
      }
      if (scalar == '\n' && afterCarriageReturn) {
        // The "\n" of "\r\n" adds nothing: its "\r" already became "\n".
        afterCarriageReturn = false;
        continue;
      }
      afterCarriageReturn = scalar == '\r';
      lines.add(start, written);
      text[written++] = '\n';
      start = written;
    }
    lines.add(start, written);
    lines.length = written;
    return lines;
  }

  private void add(int start, int end) {
    if (count == starts.length) {
      starts = Arrays.copyOf(starts, count * 2);
      ends = Arrays.copyOf(ends, count * 2);
    }
    starts[count] = start;
    ends[count] = end;
    count++;
  }

  /** What R3 made of line {@code line}: {@link #PROSE}, {@link #CODE} or {@link #VANISHED}. */
  byte kind(int line) {
    return kinds == null ? PROSE : kinds[line];
  }

  /** Whether line {@code line} is blank: "nothing but spaces and tabs" (R2). */
  boolean isBlank(int[] text, int line) {
    for (int index = starts[line]; index < ends[line]; index++) {
      if (!LineEndings.isSpaceOrTab(text[index])) {
        return false;
      }
    }
    return true;
  }

  void markCode(int line, int codeStart, int codeEnd) {
    mark(line, CODE);
    if (codeStarts == null) {
      codeStarts = new int[count];
      codeEnds = new int[count];
    }
    codeStarts[line] = codeStart;
    codeEnds[line] = codeEnd;
  }

  void markVanished(int line) {
    mark(line, VANISHED);
  }

  private void mark(int line, byte kind) {
    if (kinds == null) {
      kinds = new byte[count];
    }
    kinds[line] = kind;
  }
}
