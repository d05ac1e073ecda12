package app.buzz.notificationbody;

/**
 * R3–R8 for the whole text: code lines stay code, blank prose lines stay
 * text, each paragraph ("a maximal run of consecutive prose lines with no
 * blank line among them") is read by {@link ParagraphReader}, and what is
 * left is joined with line breaks again. Lines that vanish add nothing, not
 * even a line break, but still end a paragraph.
 */
final class BlockReader {
  private BlockReader() {}

  /**
   * What R3–R8 make of the text.
   *
   * @param text the text after R2
   * @param length its length
   * @param lines its lines, classified by R3
   * @return the text produced by R3–R8, marked for R9–R11
   */
  static MarkedText read(int[] text, int length, Lines lines) {
    MarkedText output = new MarkedText(length + 1);
    boolean anyBlock = false;
    int paragraphStart = -1;
    int paragraphEnd = -1;
    for (int line = 0; line < lines.count; line++) {
      byte kind = lines.kinds[line];
      boolean blank = kind == Lines.PROSE && lines.isBlank(text, line);
      if (kind == Lines.PROSE && !blank) {
        if (paragraphStart < 0) {
          paragraphStart = lines.starts[line];
        }
        paragraphEnd = lines.ends[line];
        continue;
      }
      if (paragraphStart >= 0) {
        anyBlock = separate(output, anyBlock);
        ParagraphReader.read(text, paragraphStart, paragraphEnd, output);
        paragraphStart = -1;
      }
      if (kind == Lines.CODE) {
        anyBlock = separate(output, anyBlock);
        output.append(text, lines.codeStarts[line], lines.codeEnds[line], MarkedText.CODE);
      } else if (blank) {
        anyBlock = separate(output, anyBlock);
        output.append(text, lines.starts[line], lines.ends[line], MarkedText.TEXT);
      }
    }
    if (paragraphStart >= 0) {
      separate(output, anyBlock);
      ParagraphReader.read(text, paragraphStart, paragraphEnd, output);
    }
    return output;
  }

  /** The line break that ended the last block's line, before the next block. */
  private static boolean separate(MarkedText output, boolean anyBlock) {
    if (anyBlock) {
      output.append('\n', MarkedText.TEXT);
    }
    return true;
  }
}
