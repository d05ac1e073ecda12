package app.buzz.notificationbody;

/**
 * R3–R8 for the whole text: code lines stay code, blank prose lines stay
 * text, each paragraph ("a maximal run of consecutive prose lines with no
 * blank line among them") is read by {@link ParagraphReader}, and what is
 * left is joined with line breaks again. Lines that vanish add nothing, not
 * even a line break, but still end a paragraph. Reading stops once the body
 * is certainly over the limit.
 */
final class BlockReader {
  private BlockReader() {}

  /**
   * Hands what R3–R8 make of the text to {@code output}.
   *
   * @param text the text after R2
   * @param lines its lines, classified by R3
   * @param output where what is kept goes, for R9–R11
   */
  static void read(int[] text, Lines lines, MarkedText output) {
    int paragraphStart = -1;
    int paragraphEnd = -1;
    for (int line = 0; line < lines.count && !output.isFull(); line++) {
      byte kind = lines.kind(line);
      boolean blank = kind == Lines.PROSE && lines.isBlank(text, line);
      if (kind == Lines.PROSE && !blank) {
        if (paragraphStart < 0) {
          paragraphStart = lines.starts[line];
        }
        paragraphEnd = lines.ends[line];
        continue;
      }
      if (paragraphStart >= 0) {
        output.beginBlock();
        ParagraphReader.read(text, paragraphStart, paragraphEnd, output);
        paragraphStart = -1;
      }
      if (kind == Lines.CODE) {
        output.beginBlock();
        output.append(text, lines.codeStarts[line], lines.codeEnds[line], MarkedText.CODE);
      } else if (blank) {
        output.beginBlock();
        output.append(text, lines.starts[line], lines.ends[line], MarkedText.TEXT);
      }
    }
    if (paragraphStart >= 0) {
      output.beginBlock();
      ParagraphReader.read(text, paragraphStart, paragraphEnd, output);
    }
  }
}
