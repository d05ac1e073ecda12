package app.buzz.notificationbody;

/**
 * R5 Inline link tail: "{@code (} and optional white space; then either
 * {@code )} at once, or a destination, optionally white space and a title,
 * optional white space and {@code )}. A title needs a destination before it
 * and white space between them. … Each part is read once, as far as it goes,
 * and never read again another way."
 */
final class LinkTail {
  private LinkTail() {}

  /** "at most 32 levels of parentheses" (Decisions). */
  static final int MAXIMUM_DEPTH = 32;

  /**
   * Where the tail that starts at {@code start} ends.
   *
   * @param text the text after R2
   * @param start the position right after a {@code ]}
   * @param end the paragraph's end: a tail never reaches past it
   * @return the position after the tail's {@code )}, or -1 when no inline
   *     link tail starts at {@code start}
   */
  static int end(int[] text, int start, int end) {
    if (start >= end || text[start] != '(') {
      return -1;
    }
    int position = skipWhiteSpace(text, start + 1, end);
    // ")" at once.
    if (position < end && text[position] == ')') {
      return position + 1;
    }
    // Or a destination.
    int destinationEnd = destinationEnd(text, position, end);
    if (destinationEnd < 0) {
      return -1;
    }
    position = destinationEnd;
    // Optionally white space and a title.
    int titleStart = skipWhiteSpace(text, position, end);
    if (titleStart > position
        && titleStart < end
        && (text[titleStart] == '"' || text[titleStart] == '\'' || text[titleStart] == '(')) {
      int titleEnd = titleEnd(text, titleStart, end);
      if (titleEnd < 0) {
        return -1;
      }
      position = titleEnd;
    }
    // Optional white space and ")".
    position = skipWhiteSpace(text, position, end);
    return position < end && text[position] == ')' ? position + 1 : -1;
  }

  private static int skipWhiteSpace(int[] text, int start, int end) {
    int position = start;
    while (position < end && LineEndings.isSpaceTabOrLineBreak(text[position])) {
      position++;
    }
    return position;
  }

  /**
   * A destination: "either {@code <…>} holding no line break, {@code <} or
   * {@code >}; or a non-empty run that does not start with {@code <} and holds
   * no space, tab, line break or ASCII control character (U+0000–U+001F,
   * U+007F), whose parentheses are balanced, nested at most 32 deep, and which
   * ends before the first {@code )} that has no partner."
   *
   * @return where it ends, or -1 when none starts at {@code start}
   */
  private static int destinationEnd(int[] text, int start, int end) {
    if (start < end && text[start] == '<') {
      int position = start + 1;
      while (position < end && text[position] != '>') {
        if (text[position] == '\n' || text[position] == '<') {
          return -1;
        }
        position++;
      }
      return position < end ? position + 1 : -1;
    }
    int position = start;
    int depth = 0;
    while (position < end) {
      int scalar = text[position];
      if (scalar <= 0x20 || scalar == 0x7F) {
        break;
      }
      if (scalar == '(') {
        depth++;
        if (depth > MAXIMUM_DEPTH) {
          return -1;
        }
      } else if (scalar == ')') {
        if (depth == 0) {
          break;
        }
        depth--;
      }
      position++;
    }
    return position > start && depth == 0 ? position : -1;
  }

  /**
   * A title: "{@code "…"}, {@code '…'} or {@code (…)}; the first {@code "},
   * {@code '} or {@code )} respectively ends it, and a {@code (…)} title holds
   * no {@code (}. It may hold line breaks."
   *
   * @return the position after it, or -1 when it is not closed
   */
  private static int titleEnd(int[] text, int start, int end) {
    int opening = text[start];
    int closing = opening == '(' ? ')' : opening;
    int position = start + 1;
    while (position < end && text[position] != closing) {
      if (opening == '(' && text[position] == '(') {
        return -1;
      }
      position++;
    }
    return position < end ? position + 1 : -1;
  }
}
