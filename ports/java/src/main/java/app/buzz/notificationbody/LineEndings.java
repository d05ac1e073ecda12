package app.buzz.notificationbody;

/**
 * R2 Line endings: "{@code \r\n} and a lone {@code \r} are line breaks and
 * become {@code \n}, everywhere, code included."
 */
final class LineEndings {
  private LineEndings() {}

  /**
   * Rewrites every line break of {@code text[0..length)} as U+000A, in
   * place.
   *
   * @param text the window's scalars
   * @param length how many there are
   * @return the text's new length: each {@code \r\n} became one scalar
   */
  static int normalize(int[] text, int length) {
    int written = 0;
    boolean afterCarriageReturn = false;
    for (int index = 0; index < length; index++) {
      int scalar = text[index];
      if (scalar == '\n' && afterCarriageReturn) {
        // The "\n" of "\r\n" adds nothing: its "\r" already became "\n".
        afterCarriageReturn = false;
        continue;
      }
      afterCarriageReturn = scalar == '\r';
      text[written++] = afterCarriageReturn ? '\n' : scalar;
    }
    return written;
  }

  /** Space or tab: "A line is blank when it holds nothing but spaces and tabs." */
  static boolean isSpaceOrTab(int scalar) {
    return scalar == ' ' || scalar == '\t';
  }

  /** Space, tab or line break: the white space of R5's link tail, R11 and R12. */
  static boolean isSpaceTabOrLineBreak(int scalar) {
    return scalar == ' ' || scalar == '\t' || scalar == '\n';
  }
}
