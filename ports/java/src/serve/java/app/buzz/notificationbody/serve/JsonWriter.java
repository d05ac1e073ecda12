package app.buzz.notificationbody.serve;

/** Writes JSON strings: quotes, backslashes and control characters escaped. */
public final class JsonWriter {
  private JsonWriter() {}

  private static final char[] HEX = "0123456789abcdef".toCharArray();

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
    int length = value.length();
    int plain = 0;
    for (int index = 0; index < length; index++) {
      char unit = value.charAt(index);
      if (unit >= 0x20 && unit != '"' && unit != '\\' && unit < 0x2028) {
        continue;
      }
      if (unit >= 0x2028 && !needsEscape(value, index, unit)) {
        continue;
      }
      out.append(value, plain, index);
      plain = index + 1;
      switch (unit) {
        case '"':
          out.append("\\\"");
          break;
        case '\\':
          out.append("\\\\");
          break;
        case '\n':
          out.append("\\n");
          break;
        case '\r':
          out.append("\\r");
          break;
        case '\t':
          out.append("\\t");
          break;
        case '\b':
          out.append("\\b");
          break;
        case '\f':
          out.append("\\f");
          break;
        default:
          out.append("\\u")
              .append(HEX[unit >> 12 & 0xF])
              .append(HEX[unit >> 8 & 0xF])
              .append(HEX[unit >> 4 & 0xF])
              .append(HEX[unit & 0xF]);
      }
    }
    out.append(value, plain, length).append('"');
  }

  /** For a unit from U+2028 up: whether it is U+2028, U+2029 or a lone surrogate. */
  private static boolean needsEscape(String value, int index, char unit) {
    if (unit == 0x2028 || unit == 0x2029) {
      return true;
    }
    if (Character.isHighSurrogate(unit)) {
      return index + 1 >= value.length() || !Character.isLowSurrogate(value.charAt(index + 1));
    }
    if (Character.isLowSurrogate(unit)) {
      return index == 0 || !Character.isHighSurrogate(value.charAt(index - 1));
    }
    return false;
  }
}
