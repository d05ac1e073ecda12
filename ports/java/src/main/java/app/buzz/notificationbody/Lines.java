package app.buzz.notificationbody;

/**
 * The lines of the text after R2 ("a sequence of lines separated by
 * {@code \n}"), and what R3 makes of each: prose, code or a line that
 * vanishes whole.
 */
final class Lines {
  /** A line outside every fenced block. */
  static final byte PROSE = 0;
  /** A code line, kept exactly as written from {@code codeStart} to {@code codeEnd}. */
  static final byte CODE = 1;
  /** An opening or closing fence line that vanishes whole. */
  static final byte VANISHED = 2;

  /** How many lines there are: one more than the text's line breaks. */
  final int count;
  /** Where each line starts in the text. */
  final int[] starts;
  /** Where each line ends in the text (at its line break, or the text's end). */
  final int[] ends;
  /** What R3 made of each line: {@link #PROSE}, {@link #CODE} or {@link #VANISHED}. */
  final byte[] kinds;
  /** A code line's first scalar in the text. */
  final int[] codeStarts;
  /** Where a code line's code ends in the text (fence runs after it are dropped). */
  final int[] codeEnds;

  private Lines(int count) {
    this.count = count;
    starts = new int[count];
    ends = new int[count];
    kinds = new byte[count];
    codeStarts = new int[count];
    codeEnds = new int[count];
  }

  /**
   * The lines of {@code text[0..length)}, all prose until R3 classifies them.
   *
   * @param text the text after R2
   * @param length its length
   * @return its lines; a text of n line breaks has n + 1
   */
  static Lines of(int[] text, int length) {
    int breaks = 0;
    for (int index = 0; index < length; index++) {
      if (text[index] == '\n') {
        breaks++;
      }
    }
    Lines lines = new Lines(breaks + 1);
    int line = 0;
    int start = 0;
    for (int index = 0; index < length; index++) {
      if (text[index] == '\n') {
        lines.starts[line] = start;
        lines.ends[line] = index;
        line++;
        start = index + 1;
      }
    }
    lines.starts[line] = start;
    lines.ends[line] = length;
    return lines;
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
    kinds[line] = CODE;
    codeStarts[line] = codeStart;
    codeEnds[line] = codeEnd;
  }

  void markVanished(int line) {
    kinds[line] = VANISHED;
  }
}
