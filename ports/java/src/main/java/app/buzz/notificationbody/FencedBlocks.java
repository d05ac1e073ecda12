package app.buzz.notificationbody;

/**
 * R3 Fenced code blocks: which lines open and close fenced blocks, which are
 * code and which vanish whole. Every other line stays prose.
 */
final class FencedBlocks {
  private FencedBlocks() {}

  /**
   * Classifies every line of the text.
   *
   * <ul>
   *   <li>Opening fence: "A line that starts, after at most 3 spaces, with a
   *       run of N ≥ 3 backticks or N ≥ 3 tildes (the longest such run) opens a
   *       fenced block. Lines inside a block are never opening fences."
   *   <li>Closing fence: "The block closes at the first later line that ends
   *       with a run of at least N of the fence's character … the run and what
   *       follows it are dropped and the code before it is a code line. If only
   *       spaces or tabs stand before the run, the closing line vanishes whole."
   *   <li>One-line block: "If the opening line, after its opening run, holds at
   *       least one character and then ends with such a closing run, it is a
   *       complete block whose only code line is the text between the two runs."
   *   <li>Info string: "Otherwise the rest of the opening line is the info
   *       string … and the opening line vanishes whole."
   *   <li>Unclosed fence: "A block with no closing fence runs to the end of the
   *       window. If nothing but spaces, tabs and line breaks follows its
   *       opening line, the rest of the opening line is its code."
   * </ul>
   *
   * @param text the text after R2
   * @param lines its lines, all prose; marked here
   */
  static void classify(int[] text, Lines lines) {
    int line = 0;
    while (line < lines.count) {
      int start = lines.starts[line];
      int end = lines.ends[line];
      int runStart = openingRunStart(text, start, end);
      if (runStart < 0) {
        line++;
        continue;
      }
      int fence = text[runStart];
      int restStart = runEnd(text, runStart, end, fence);
      int length = restStart - runStart;
      if (length < 3) {
        line++;
        continue;
      }
      // One-line block: at least one scalar between the two runs.
      int closingRun = closingRunStart(text, restStart, end, fence, length);
      if (closingRun > restStart) {
        lines.markCode(line, restStart, closingRun);
        line++;
        continue;
      }
      // The first later line that closes the block, if any.
      int closing = line + 1;
      int run = -1;
      while (closing < lines.count
          && (run = closingRunStart(text, lines.starts[closing], lines.ends[closing], fence, length)) < 0) {
        closing++;
      }
      if (closing < lines.count) {
        // The info string is dropped with its line.
        lines.markVanished(line);
        for (int code = line + 1; code < closing; code++) {
          lines.markCode(code, lines.starts[code], lines.ends[code]);
        }
        int closingStart = lines.starts[closing];
        if (isBlank(text, closingStart, run)) {
          lines.markVanished(closing);
        } else {
          lines.markCode(closing, closingStart, run);
        }
        line = closing + 1;
      } else {
        boolean restIsBlank = true;
        for (int rest = line + 1; rest < lines.count && restIsBlank; rest++) {
          restIsBlank = lines.isBlank(text, rest);
        }
        if (restIsBlank) {
          lines.markCode(line, restStart, end);
        } else {
          lines.markVanished(line);
        }
        for (int code = line + 1; code < lines.count; code++) {
          lines.markCode(code, lines.starts[code], lines.ends[code]);
        }
        line = lines.count;
      }
    }
  }

  /**
   * Where a line's run of backticks or tildes starts after at most 3 spaces,
   * or -1 when it starts with neither.
   */
  private static int openingRunStart(int[] text, int start, int end) {
    int index = start;
    while (index < end && index - start < 3 && text[index] == ' ') {
      index++;
    }
    return index < end && (text[index] == '`' || text[index] == '~') ? index : -1;
  }

  private static int runEnd(int[] text, int start, int end, int character) {
    int index = start;
    while (index < end && text[index] == character) {
      index++;
    }
    return index;
  }

  /**
   * Closing fence: where the run starts that ends {@code text[from..end)}, of
   * at least {@code length} of the fence's character, with only spaces or
   * tabs after it; -1 when there is none.
   */
  private static int closingRunStart(int[] text, int from, int end, int fence, int length) {
    int runEnd = end;
    while (runEnd > from && LineEndings.isSpaceOrTab(text[runEnd - 1])) {
      runEnd--;
    }
    int runStart = runEnd;
    while (runStart > from && text[runStart - 1] == fence) {
      runStart--;
    }
    return runEnd - runStart >= length ? runStart : -1;
  }

  private static boolean isBlank(int[] text, int from, int to) {
    for (int index = from; index < to; index++) {
      if (!LineEndings.isSpaceOrTab(text[index])) {
        return false;
      }
    }
    return true;
  }
}
