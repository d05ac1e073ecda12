package app.buzz.notificationbody;

/** R6 Bare URLs. */
final class BareUrl {
  private BareUrl() {}

  /**
   * If a URL starts at {@code start}, where it ends.
   *
   * <ul>
   *   <li>"{@code http://} or {@code https://}, in any mix of upper and lower
   *       case, starts a URL when it begins the paragraph or follows a space,
   *       tab, line break, {@code *}, {@code _}, {@code ~} or {@code (} in the
   *       message."
   *   <li>"The URL runs to the first space, tab or line break; when a bracket
   *       opened by R5 is still on the stack, it also ends before the first
   *       {@code ]}. Then, as in GFM's autolink extension, repeatedly: one of
   *       {@code ?!.,:*_~} at its end is removed from it, or a {@code )} at its
   *       end is removed when the URL holds more {@code )} than {@code (}."
   * </ul>
   *
   * @param text the text after R2
   * @param paragraphStart where the paragraph starts
   * @param paragraphEnd where it ends
   * @param start the position read
   * @param bracketOpen whether R5's stack holds a bracket
   * @return where the URL ends, or -1 when none starts at {@code start}
   */
  static int end(
      int[] text, int paragraphStart, int paragraphEnd, int start, boolean bracketOpen) {
    int first = text[start];
    if (first != 'h' && first != 'H') {
      return -1;
    }
    if (start > paragraphStart && !mayPrecede(text[start - 1])) {
      return -1;
    }
    if (!startsWithScheme(text, start, paragraphEnd)) {
      return -1;
    }
    int end = start;
    int opening = 0;
    int closing = 0;
    while (end < paragraphEnd) {
      int scalar = text[end];
      if (LineEndings.isSpaceTabOrLineBreak(scalar) || (bracketOpen && scalar == ']')) {
        break;
      }
      if (scalar == '(') {
        opening++;
      } else if (scalar == ')') {
        closing++;
      }
      end++;
    }
    // The scheme ends with "/", which is never removed: the URL stays non-empty.
    while (true) {
      int last = text[end - 1];
      if (isTrailingPunctuation(last)) {
        end--;
      } else if (last == ')' && closing > opening) {
        end--;
        closing--;
      } else {
        return end;
      }
    }
  }

  /** "a space, tab, line break, {@code *}, {@code _}, {@code ~} or {@code (}". */
  private static boolean mayPrecede(int scalar) {
    switch (scalar) {
      case ' ':
      case '\t':
      case '\n':
      case '*':
      case '_':
      case '~':
      case '(':
        return true;
      default:
        return false;
    }
  }

  /** "one of {@code ?!.,:*_~}". */
  private static boolean isTrailingPunctuation(int scalar) {
    switch (scalar) {
      case '?':
      case '!':
      case '.':
      case ',':
      case ':':
      case '*':
      case '_':
      case '~':
        return true;
      default:
        return false;
    }
  }

  /** Whether {@code http://} or {@code https://} stands at {@code start}, in any case. */
  private static boolean startsWithScheme(int[] text, int start, int end) {
    int index = start;
    if (!matches(text, index, end, "http")) {
      return false;
    }
    index += 4;
    if (index < end && (text[index] == 's' || text[index] == 'S')) {
      index++;
    }
    return index + 3 <= end && text[index] == ':' && text[index + 1] == '/' && text[index + 2] == '/';
  }

  private static boolean matches(int[] text, int start, int end, String lowerCase) {
    if (start + lowerCase.length() > end) {
      return false;
    }
    for (int offset = 0; offset < lowerCase.length(); offset++) {
      int scalar = text[start + offset];
      int lowered = scalar >= 'A' && scalar <= 'Z' ? scalar + 0x20 : scalar;
      if (lowered != lowerCase.charAt(offset)) {
        return false;
      }
    }
    return true;
  }
}
