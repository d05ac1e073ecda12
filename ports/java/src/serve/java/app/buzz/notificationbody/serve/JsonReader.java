package app.buzz.notificationbody.serve;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A small, strict JSON reader (RFC 8259) for the line protocol and the
 * fixture files. Unlike most JSON libraries it keeps a {@code \}{@code u}
 * escape of a lone surrogate in the string it makes, so the port itself
 * applies the contract's rule for them.
 *
 * <p>Values become: {@link Map} (insertion-ordered, a repeated key refused),
 * {@link List}, {@link String}, {@link Boolean}, {@link #NULL} for {@code
 * null}, and for a number: a {@link Long} when it is written as digits only
 * (with an optional minus; beyond a {@code long} it is read as {@link
 * Long#MAX_VALUE} or {@link Long#MIN_VALUE}), else a {@link Double}, so
 * {@code 300.0} and {@code 3e2} are never taken for a whole number.
 */
public final class JsonReader {
  /** JSON's {@code null}. */
  public static final Object NULL = new Object();

  /** How deep arrays and objects may nest, as the Swift reader allows. */
  private static final int MAXIMUM_DEPTH = 512;

  /** The text's UTF-16 units: read from an array, the hot loops need no bounds-checked charAt. */
  private final char[] text;
  private int position;

  private JsonReader(String text) {
    this.text = text.toCharArray();
  }

  /**
   * Reads one JSON value that is the whole of {@code text} (white space
   * around it allowed).
   *
   * @param text JSON text
   * @return its value
   * @throws IllegalArgumentException when {@code text} is not one JSON value;
   *     its message names the place: {@code at character N: …} (counted in
   *     UTF-16 units from 1) or {@code at the end of the text: …}
   */
  public static Object read(String text) {
    JsonReader reader = new JsonReader(text);
    Object value = reader.value(0);
    reader.next();
    if (reader.position < reader.text.length) {
      throw reader.error("text after the value");
    }
    return value;
  }

  /** The value after any white space; {@code depth} arrays and objects hold it. */
  private Object value(int depth) {
    char first = next();
    switch (first) {
      case '{':
      case '[':
        if (depth == MAXIMUM_DEPTH) {
          throw error("nested deeper than " + MAXIMUM_DEPTH + " levels");
        }
        position++;
        return first == '{' ? object(depth + 1) : array(depth + 1);
      case '"':
        return string();
      case 't':
        return literal("true", Boolean.TRUE);
      case 'f':
        return literal("false", Boolean.FALSE);
      case 'n':
        return literal("null", NULL);
      default:
        if (first == '-' || isDigit(first)) {
          return number();
        }
        throw unexpected("a value is missing");
    }
  }

  /** An object's members, read from just after its '{'. */
  private Map<String, Object> object(int depth) {
    Map<String, Object> members = new LinkedHashMap<>();
    if (next() == '}') {
      position++;
      return members;
    }
    do {
      if (next() != '"') {
        throw error("an object's key must be a string");
      }
      int keyPosition = position;
      String key = string();
      if (next() != ':') {
        throw error("expected ':'");
      }
      position++;
      if (members.put(key, value(depth)) != null) {
        position = keyPosition;
        throw error("the key \"" + key + "\" is repeated");
      }
    } while (separator('}', "expected ',' or '}' in an object"));
    return members;
  }

  /** An array's elements, read from just after its '['. */
  private List<Object> array(int depth) {
    List<Object> elements = new ArrayList<>();
    if (next() == ']') {
      position++;
      return elements;
    }
    do {
      elements.add(value(depth));
    } while (separator(']', "expected ',' or ']' in an array"));
    return elements;
  }

  /** Reads the ',' (true) or the {@code close} (false) after a member or an element. */
  private boolean separator(char close, String why) {
    char next = next();
    if (next != ',' && next != close) {
      throw error(why);
    }
    position++;
    return next == ',';
  }

  /** A string, read from its opening quote: runs without escapes are copied whole. */
  private String string() {
    StringBuilder unescaped = null;
    for (int run = ++position; ; run = position) {
      while (position < text.length
          && text[position] != '"'
          && text[position] != '\\'
          && text[position] >= 0x20) {
        position++;
      }
      if (position >= text.length) {
        throw error("a string is not closed");
      }
      if (text[position] < 0x20) {
        throw error("a raw control character " + describe(text[position]) + " in a string");
      }
      if (text[position] == '"' && unescaped == null) {
        return new String(text, run, position++ - run);
      }
      unescaped = unescaped == null ? new StringBuilder(position - run + 16) : unescaped;
      unescaped.append(text, run, position - run);
      if (text[position++] == '"') {
        return unescaped.toString();
      }
      if (position >= text.length) {
        throw error("a string is not closed");
      }
      int escape = "\"\\/bfnrtu".indexOf(text[position]);
      if (escape < 0) {
        throw error("an unknown escape \\" + text[position]);
      }
      position++;
      // Escape 8, u and four hex digits, is kept as the unit it names, a lone surrogate included.
      unescaped.append(escape == 8 ? hexUnit() : "\"\\/\b\f\n\r\t".charAt(escape));
    }
  }

  /** The four hex digits at the position, as a UTF-16 unit. */
  private char hexUnit() {
    int value = 0;
    for (int offset = 0; offset < 4; offset++) {
      char digit = at(position + offset);
      // Character.digit takes other scripts' digits too, all of them past 'f'.
      if (Character.digit(digit, 16) < 0 || digit > 'f') {
        throw error("a \\u escape needs four hex digits");
      }
      value = value << 4 | Character.digit(digit, 16);
    }
    position += 4;
    return (char) value;
  }

  /** A number: a Long when written as digits only, saturated; else a Double. */
  private Object number() {
    int start = position;
    if (peek() == '-') {
      position++;
    }
    if (peek() == '0' && isDigit(at(position + 1))) {
      position++;
      throw error("a number with a leading zero");
    }
    digits("a number needs a digit");
    boolean integer = peek() != '.' && peek() != 'e' && peek() != 'E';
    if (peek() == '.') {
      position++;
      digits("a number needs a digit after '.'");
    }
    if (peek() == 'e' || peek() == 'E') {
      position += at(position + 1) == '+' || at(position + 1) == '-' ? 2 : 1;
      digits("a number needs a digit in its exponent");
    }
    String written = new String(text, start, position - start);
    if (!integer) {
      return Double.valueOf(written);
    }
    try {
      return Long.valueOf(written);
    } catch (NumberFormatException beyondLong) {
      return written.startsWith("-") ? Long.MIN_VALUE : Long.MAX_VALUE;
    }
  }

  /** Reads one or more digits, or fails with {@code why}. */
  private void digits(String why) {
    if (!isDigit(peek())) {
      throw error(why);
    }
    while (isDigit(peek())) {
      position++;
    }
  }

  private Object literal(String word, Object value) {
    for (int offset = 0; offset < word.length(); offset++, position++) {
      if (peek() != word.charAt(offset)) {
        throw unexpected("a value is cut short");
      }
    }
    return value;
  }

  /** Skips white space; the unit then at the position. */
  private char next() {
    while (position < text.length
        && (text[position] == ' '
            || text[position] == '\t'
            || text[position] == '\n'
            || text[position] == '\r')) {
      position++;
    }
    return peek();
  }

  /** The unit at the position, or U+0000 at the end (which no branch accepts there). */
  private char peek() {
    return at(position);
  }

  /** The unit at {@code index}, or U+0000 past the end. */
  private char at(int index) {
    return index < text.length ? text[index] : '\0';
  }

  private static boolean isDigit(char unit) {
    return unit >= '0' && unit <= '9';
  }

  /** A character as an error names it: quoted when printable ASCII, else as U+XXXX. */
  private static String describe(char unit) {
    return unit >= 0x20 && unit < 0x7F ? "'" + unit + "'" : String.format("U+%04X", (int) unit);
  }

  /** The unit at the position is not what was expected; {@code atEnd} when there is none. */
  private IllegalArgumentException unexpected(String atEnd) {
    return error(position < text.length ? "unexpected character " + describe(text[position]) : atEnd);
  }

  private IllegalArgumentException error(String why) {
    String place = position < text.length ? "at character " + (position + 1) : "at the end of the text";
    return new IllegalArgumentException(place + ": " + why);
  }
}
