package app.buzz.notificationbody.serve;

/** Writes JSON strings: quotes, backslashes and control characters escaped. */
public final class JsonWriter {
  private JsonWriter() {}

  /**
   * Appends {@code value} as a JSON string, quotes included. Everything else
   * stays raw (non-ASCII is written as itself), but for U+2028 and U+2029,
   * which some JavaScript readers take for line breaks, and lone surrogates,
   * which UTF-8 can't hold: they are {@code \}{@code u} escapes.
   *
   * @param out where to append
   * @param value any string
   */
  public static void appendString(StringBuilder out, String value) {
    out.append('"');
    int plain = 0;
    for (int index = 0; index < value.length(); index++) {
      char unit = value.charAt(index);
      if (unit >= 0x20 && unit != '"' && unit != '\\' && (unit < 0x2028 || !needsEscape(value, index, unit))) {
        continue;
      }
      out.append(value, plain, index);
      plain = index + 1;
      int shortEscape = "\"\\\n\r\t\b\f".indexOf(unit);
      if (shortEscape >= 0) {
        out.append('\\').append("\"\\nrtbf".charAt(shortEscape));
      } else {
        out.append("\\u").append(Integer.toHexString(0x10000 | unit), 1, 5);
      }
    }
    out.append(value, plain, value.length()).append('"');
  }

  /** For a unit from U+2028 up: whether it is U+2028, U+2029 or a lone surrogate. */
  private static boolean needsEscape(String value, int index, char unit) {
    if (Character.isHighSurrogate(unit)) {
      return index + 1 >= value.length() || !Character.isLowSurrogate(value.charAt(index + 1));
    }
    if (Character.isLowSurrogate(unit)) {
      return index == 0 || !Character.isHighSurrogate(value.charAt(index - 1));
    }
    return unit == 0x2028 || unit == 0x2029;
  }
}
