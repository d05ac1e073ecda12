package app.buzz.notificationbody;

/**
 * White space as the rules name it. R2 itself ("{@code \r\n} and a lone
 * {@code \r} are line breaks and become {@code \n}") is applied by
 * {@link Lines#of}, in the same pass that finds the lines.
 */
final class LineEndings {
  private LineEndings() {}

  /** Space or tab: "A line is blank when it holds nothing but spaces and tabs." */
  static boolean isSpaceOrTab(int scalar) {
    return scalar == ' ' || scalar == '\t';
  }

  /** Space, tab or line break: the white space of R5's link tail, R11 and R12. */
  static boolean isSpaceTabOrLineBreak(int scalar) {
    return scalar == ' ' || scalar == '\t' || scalar == '\n';
  }
}
