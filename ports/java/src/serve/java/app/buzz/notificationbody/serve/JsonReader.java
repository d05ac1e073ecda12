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
 * {@link List}, {@link String}, {@link JsonNumber}, {@link Boolean}, and
 * {@link #NULL} for {@code null}.
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
   * @throws JsonException when {@code text} is not one JSON value
   */
  public static Object read(String text) {
    JsonReader reader = new JsonReader(text);
    reader.skipWhiteSpace();
    Object value = reader.value(0);
    reader.skipWhiteSpace();
    if (reader.position < reader.text.length) {
      throw reader.error("text after the value");
    }
    return value;
  }

  private Object value(int depth) {
    if (position >= text.length) {
      throw error("a value is missing");
    }
    char first = text[position];
    switch (first) {
      case '{':
        return object(depth + 1);
      case '[':
        return array(depth + 1);
      case '"':
        return string();
      case 't':
        return literal("true", Boolean.TRUE);
      case 'f':
        return literal("false", Boolean.FALSE);
      case 'n':
        return literal("null", NULL);
      default:
        if (first == '-' || (first >= '0' && first <= '9')) {
          return number();
        }
        throw error("unexpected character " + describe(first));
    }
  }

  private Map<String, Object> object(int depth) {
    checkDepth(depth);
    position++; // {
    Map<String, Object> members = new LinkedHashMap<>();
    skipWhiteSpace();
    if (peek() == '}') {
      position++;
      return members;
    }
    while (true) {
      skipWhiteSpace();
      if (peek() != '"') {
        throw error("an object's key must be a string");
      }
      int keyPosition = position;
      String key = string();
      skipWhiteSpace();
      expect(':');
      skipWhiteSpace();
      Object member = value(depth);
      if (members.put(key, member) != null) {
        position = keyPosition;
        throw error("the key \"" + key + "\" is repeated");
      }
      skipWhiteSpace();
      char next = peek();
      position++;
      if (next == '}') {
        return members;
      }
      if (next != ',') {
        position--;
        throw error("expected ',' or '}' in an object");
      }
    }
  }

  private List<Object> array(int depth) {
    checkDepth(depth);
    position++; // [
    List<Object> elements = new ArrayList<>();
    skipWhiteSpace();
    if (peek() == ']') {
      position++;
      return elements;
    }
    while (true) {
      skipWhiteSpace();
      elements.add(value(depth));
      skipWhiteSpace();
      char next = peek();
      position++;
      if (next == ']') {
        return elements;
      }
      if (next != ',') {
        position--;
        throw error("expected ',' or ']' in an array");
      }
    }
  }

  private String string() {
    position++; // "
    int start = position;
    // The common case: no escape, read as one run.
    while (position < text.length) {
      char unit = text[position];
      if (unit == '"') {
        return new String(text, start, position++ - start);
      }
      if (unit == '\\' || unit < 0x20) {
        break;
      }
      position++;
    }
    StringBuilder result = new StringBuilder(position - start + 16);
    result.append(text, start, position - start);
    while (true) {
      int run = position;
      while (position < text.length) {
        char unit = text[position];
        if (unit == '"' || unit == '\\' || unit < 0x20) {
          break;
        }
        position++;
      }
      result.append(text, run, position - run);
      if (position >= text.length) {
        throw error("a string is not closed");
      }
      char unit = text[position++];
      if (unit == '"') {
        return result.toString();
      }
      if (unit < 0x20) {
        position--;
        throw error("a raw control character " + describe(unit) + " in a string");
      }
      if (position >= text.length) {
        throw error("a string is not closed");
      }
      char escaped = text[position++];
      switch (escaped) {
        case '"':
        case '\\':
        case '/':
          result.append(escaped);
          break;
        case 'b':
          result.append('\b');
          break;
        case 'f':
          result.append('\f');
          break;
        case 'n':
          result.append('\n');
          break;
        case 'r':
          result.append('\r');
          break;
        case 't':
          result.append('\t');
          break;
        case 'u':
          // Kept as the unit it names, a lone surrogate included.
          result.append((char) hexUnit());
          break;
        default:
          position--;
          throw error("an unknown escape \\" + escaped);
      }
    }
  }

  private int hexUnit() {
    if (position + 4 > text.length) {
      throw error("a \\u escape needs four hex digits");
    }
    int value = 0;
    for (int offset = 0; offset < 4; offset++) {
      int digit = Character.digit(text[position + offset], 16);
      if (digit < 0 || text[position + offset] > 'f') {
        throw error("a \\u escape needs four hex digits");
      }
      value = value << 4 | digit;
    }
    position += 4;
    return value;
  }

  private JsonNumber number() {
    int start = position;
    if (peek() == '-') {
      position++;
    }
    if (peek() == '0') {
      position++;
      if (isDigit(peek())) {
        throw error("a number with a leading zero");
      }
    } else if (isDigit(peek())) {
      skipDigits();
    } else {
      throw error("a number needs a digit");
    }
    boolean integer = true;
    if (peek() == '.') {
      integer = false;
      position++;
      if (!isDigit(peek())) {
        throw error("a number needs a digit after '.'");
      }
      skipDigits();
    }
    if (peek() == 'e' || peek() == 'E') {
      integer = false;
      position++;
      if (peek() == '+' || peek() == '-') {
        position++;
      }
      if (!isDigit(peek())) {
        throw error("a number needs a digit in its exponent");
      }
      skipDigits();
    }
    return new JsonNumber(new String(text, start, position - start), integer);
  }

  private Object literal(String word, Object value) {
    for (int offset = 0; offset < word.length(); offset++) {
      if (position + offset >= text.length || text[position + offset] != word.charAt(offset)) {
        position += offset;
        throw error(
            position < text.length ? "unexpected character " + describe(text[position]) : "a value is cut short");
      }
    }
    position += word.length();
    return value;
  }

  private void checkDepth(int depth) {
    if (depth > MAXIMUM_DEPTH) {
      throw error("nested deeper than " + MAXIMUM_DEPTH + " levels");
    }
  }

  private void expect(char expected) {
    if (peek() != expected) {
      throw error("expected '" + expected + "'");
    }
    position++;
  }

  /** The unit at the position, or U+0000 at the end (which no branch accepts there). */
  private char peek() {
    return position < text.length ? text[position] : '\0';
  }

  private void skipDigits() {
    while (isDigit(peek())) {
      position++;
    }
  }

  private static boolean isDigit(char unit) {
    return unit >= '0' && unit <= '9';
  }

  private void skipWhiteSpace() {
    while (position < text.length) {
      char unit = text[position];
      if (unit != ' ' && unit != '\t' && unit != '\n' && unit != '\r') {
        return;
      }
      position++;
    }
  }

  /** A character as an error names it: quoted when printable ASCII, else as U+XXXX. */
  static String describe(char unit) {
    return unit >= 0x20 && unit < 0x7F ? "'" + unit + "'" : String.format("U+%04X", (int) unit);
  }

  private JsonException error(String why) {
    if (position >= text.length) {
      return new JsonException("at the end of the text: " + why);
    }
    return new JsonException("at character " + (position + 1) + ": " + why);
  }
}
