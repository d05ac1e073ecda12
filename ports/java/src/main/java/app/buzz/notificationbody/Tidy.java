package app.buzz.notificationbody;

/** R9–R11 tidy the text R3–R8 produced, in place. */
final class Tidy {
  private Tidy() {}

  /**
   * Applies R9, R10 and R11 in that order; removed brackets (R5) go too.
   *
   * @param text the text produced by R3–R8; afterwards it holds the body
   *     before R12, its kinds no longer meaningful
   */
  static void apply(MarkedText text) {
    collapseSpaces(text);
    emptyBlankLines(text);
    collapseLineBreaks(text);
    trim(text);
  }

  /**
   * R9 Spaces: "Outside code, every run of two or more consecutive spaces in
   * the text produced by R3–R8 becomes one space. Spaces that only dropped
   * markers separated count as one run …; a space that is code is never
   * removed and does not join a run. Tabs and other white space stay."
   */
  static void collapseSpaces(MarkedText text) {
    int[] scalars = text.scalars;
    byte[] kinds = text.kinds;
    int written = 0;
    boolean afterTextSpace = false;
    for (int index = 0; index < text.length; index++) {
      byte kind = kinds[index];
      if (kind == MarkedText.REMOVED) {
        continue;
      }
      int scalar = scalars[index];
      boolean isTextSpace = scalar == ' ' && kind != MarkedText.CODE;
      if (isTextSpace && afterTextSpace) {
        continue;
      }
      afterTextSpace = isTextSpace;
      scalars[written] = scalar;
      kinds[written] = kind;
      written++;
    }
    text.length = written;
  }

  /**
   * R10 Line breaks, first step: "a line that holds nothing but spaces and
   * tabs, none of them code, is emptied."
   */
  static void emptyBlankLines(MarkedText text) {
    int[] scalars = text.scalars;
    byte[] kinds = text.kinds;
    int written = 0;
    int lineStart = 0;
    boolean emptied = true;
    for (int index = 0; index < text.length; index++) {
      int scalar = scalars[index];
      if (scalar == '\n') {
        if (emptied) {
          written = lineStart;
        }
        scalars[written] = scalar;
        kinds[written] = kinds[index];
        written++;
        lineStart = written;
        emptied = true;
      } else {
        emptied = emptied && LineEndings.isSpaceOrTab(scalar) && kinds[index] != MarkedText.CODE;
        scalars[written] = scalar;
        kinds[written] = kinds[index];
        written++;
      }
    }
    if (emptied) {
      written = lineStart;
    }
    text.length = written;
  }

  /**
   * R10 Line breaks, second step: "Then, everywhere, code included, three or
   * more consecutive line breaks become two (one blank line)."
   */
  static void collapseLineBreaks(MarkedText text) {
    int[] scalars = text.scalars;
    int written = 0;
    int lineBreaksInARow = 0;
    for (int index = 0; index < text.length; index++) {
      int scalar = scalars[index];
      if (scalar == '\n') {
        lineBreaksInARow++;
        if (lineBreaksInARow > 2) {
          continue;
        }
      } else {
        lineBreaksInARow = 0;
      }
      scalars[written++] = scalar;
    }
    text.length = written;
  }

  /**
   * R11 Trim: "Spaces, tabs and line breaks at the start and the end of the
   * body are removed" (code or not).
   */
  static void trim(MarkedText text) {
    int[] scalars = text.scalars;
    int start = 0;
    int end = text.length;
    while (start < end && LineEndings.isSpaceTabOrLineBreak(scalars[start])) {
      start++;
    }
    while (end > start && LineEndings.isSpaceTabOrLineBreak(scalars[end - 1])) {
      end--;
    }
    if (start > 0) {
      System.arraycopy(scalars, start, scalars, 0, end - start);
    }
    text.length = end - start;
  }
}
