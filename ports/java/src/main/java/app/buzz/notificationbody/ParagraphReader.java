package app.buzz.notificationbody;

import java.util.Arrays;

/**
 * Reading a paragraph: R4–R8 read a paragraph once, from left to right,
 * keeping a stack of open brackets for R5. "At each position the first of
 * these that applies is taken: 1. a run of backticks: R4; 2. the start of a
 * bare URL: R6; 3. {@code ![} or {@code [}: R5 opens a bracket; 4. {@code ]}:
 * R5 may close a link or image; 5. {@code **} or {@code ~~}: R7; 6. anything
 * else is text, kept as typed (R8)."
 *
 * <p>One reader reads one paragraph.
 */
final class ParagraphReader {
  private final int[] text;
  private final int start;
  private final int end;
  private final MarkedText output;

  /**
   * R5's stack, one entry per bracket: where the bracket as typed stands in
   * the output, shifted left by one, with {@link #IMAGE} in bit 0; null
   * until the paragraph's first bracket.
   */
  private int[] stack;

  private int stackSize;

  /**
   * Every link bracket below this stack index is inactive: "When a link (not
   * an image) is formed, every link bracket still on the stack becomes
   * inactive." Image brackets stay active.
   */
  private int activeFrom;

  /**
   * R4's record of the paragraph's backtick runs: the last start of a run of
   * each length from where a failed search began; null until a search fails.
   * Each run with no partner is then answered without reading again, so the
   * paragraph is read at most twice however many runs it has.
   */
  private int[] lastRunStart;

  private static final int IMAGE = 1;

  private ParagraphReader(int[] text, int start, int end, MarkedText output) {
    this.text = text;
    this.start = start;
    this.end = end;
    this.output = output;
  }

  /**
   * Reads the paragraph {@code text[start..end)} into {@code output}.
   *
   * @param text the text after R2
   * @param start where the paragraph starts
   * @param end where it ends
   * @param output what the paragraph reads as is appended here
   */
  static void read(int[] text, int start, int end, MarkedText output) {
    new ParagraphReader(text, start, end, output).read();
  }

  private void read() {
    int position = start;
    // Once the body is certainly over the limit, nothing more can matter.
    while (position < end && !output.isFull()) {
      int scalar = text[position];
      if (scalar == '`') {
        position = readBacktickRun(position);
        continue;
      }
      int urlEnd = BareUrl.end(text, start, end, position, stackSize > 0);
      if (urlEnd >= 0) {
        output.append(text, position, urlEnd, MarkedText.TEXT);
        position = urlEnd;
      } else if (scalar == '!' && position + 1 < end && text[position + 1] == '[') {
        push(true);
        output.append('!', MarkedText.TEXT);
        output.append('[', MarkedText.TEXT);
        position += 2;
      } else if (scalar == '[') {
        push(false);
        output.append('[', MarkedText.TEXT);
        position++;
      } else if (scalar == ']') {
        position = readClosingBracket(position);
      } else if ((scalar == '*' || scalar == '~')
          && position + 1 < end
          && text[position + 1] == scalar) {
        // R7: "Every ** and ~~ outside code and URLs is dropped, paired or not."
        position += 2;
      } else {
        // R8: kept as typed, with the scalars after it that start nothing.
        int runEnd = position + 1;
        while (runEnd < end && startsNothing(text[runEnd])) {
          runEnd++;
        }
        output.append(text, position, runEnd, MarkedText.TEXT);
        position = runEnd;
      }
    }
    // Brackets still on the stack stay as typed: they are in the output,
    // handed to the writer now.
    output.release();
  }

  /**
   * Whether a scalar is surely read as text (R8) wherever it stands: it is
   * none of the scalars that may start R4, R5, R6 or R7 ({@code `}, {@code !},
   * {@code [}, {@code ]}, {@code *}, {@code ~}, {@code h}, {@code H}).
   */
  private static boolean startsNothing(int scalar) {
    switch (scalar) {
      case '`':
      case '!':
      case '[':
      case ']':
      case '*':
      case '~':
      case 'h':
      case 'H':
        return false;
      default:
        return true;
    }
  }

  /**
   * R4 Code spans: "A run of n backticks opens a code span when a later run of
   * exactly n backticks exists in the same paragraph (runs are always taken
   * whole …). The span ends at the first such run. Both runs are dropped and
   * the content between them is kept exactly, line breaks included, except
   * that when the content begins and ends with a space and is not all spaces,
   * one leading and one trailing space are removed. … A run with no matching
   * run is text and stays as typed, and reading continues after it."
   *
   * @return where reading continues
   */
  private int readBacktickRun(int position) {
    int length = runLength(position);
    int contentStart = position + length;
    int closing = closer(length, contentStart);
    if (closing < 0) {
      output.append(text, position, contentStart, MarkedText.TEXT);
      return contentStart;
    }
    int from = contentStart;
    int to = closing;
    if (text[from] == ' ' && text[to - 1] == ' ' && !allSpaces(from, to)) {
      from++;
      to--;
    }
    output.append(text, from, to, MarkedText.CODE);
    return closing + length;
  }

  /**
   * Where the first run of exactly {@code length} backticks from {@code from}
   * on starts, or -1 when there is none.
   */
  private int closer(int length, int from) {
    int[] recorded = lastRunStart;
    if (recorded != null && (length >= recorded.length || recorded[length] < from)) {
      return -1;
    }
    int longest = 0;
    for (int index = nextRun(from); index < end; index = nextRun(index)) {
      int run = runLength(index);
      if (run == length) {
        return index;
      }
      longest = Math.max(longest, run);
      index += run;
    }
    int[] table = new int[longest + 1];
    Arrays.fill(table, -1);
    for (int index = nextRun(from); index < end; index = nextRun(index)) {
      int run = runLength(index);
      table[run] = index;
      index += run;
    }
    lastRunStart = table;
    return -1;
  }

  /** The first backtick from {@code index} on, or {@code end}. */
  private int nextRun(int index) {
    while (index < end && text[index] != '`') {
      index++;
    }
    return index;
  }

  private int runLength(int position) {
    int index = position;
    while (index < end && text[index] == '`') {
      index++;
    }
    return index - position;
  }

  private boolean allSpaces(int from, int to) {
    for (int index = from; index < to; index++) {
      if (text[index] != ' ') {
        return false;
      }
    }
    return true;
  }

  /**
   * R5: "{@code [} opens a link bracket and {@code ![} an image bracket; each
   * is pushed." Until the stack is empty again, what is read waits in the
   * output, which a {@code ]} may still drop a bracket from.
   */
  private void push(boolean isImage) {
    output.hold();
    if (stack == null) {
      stack = new int[8];
    } else if (stackSize == stack.length) {
      stack = Arrays.copyOf(stack, stackSize * 2);
    }
    stack[stackSize++] = output.length << 1 | (isImage ? IMAGE : 0);
  }

  /**
   * R5: "A {@code ]} with an empty stack is text. Otherwise it pops the top
   * bracket. If that bracket is active and the {@code ]} is directly followed
   * by an inline link tail, the bracket, the {@code ]} and the tail are
   * dropped and what was read between them (the label or alt text, itself
   * read by R4–R7) stays. Otherwise the bracket and the {@code ]} are text."
   *
   * @return where reading continues
   */
  private int readClosingBracket(int position) {
    if (stackSize == 0) {
      output.append(']', MarkedText.TEXT);
      return position + 1;
    }
    int bracket = stack[--stackSize];
    boolean isImage = (bracket & IMAGE) != 0;
    boolean isActive = isImage || stackSize >= activeFrom;
    // A bracket pushed later at this index is a new one, active.
    activeFrom = Math.min(activeFrom, stackSize);
    int tailEnd = isActive ? LinkTail.end(text, position + 1, end) : -1;
    if (tailEnd < 0) {
      output.append(']', MarkedText.TEXT);
    } else {
      output.remove(bracket >>> 1, isImage ? 2 : 1);
      if (!isImage) {
        activeFrom = stackSize;
      }
    }
    if (stackSize == 0) {
      output.release();
    }
    return tailEnd < 0 ? position + 1 : tailEnd;
  }
}
