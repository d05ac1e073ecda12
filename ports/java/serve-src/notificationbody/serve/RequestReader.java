package notificationbody.serve;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Reads one request line as its bytes arrive, and keeps only what serve
 * answers from: the top-level {@code "input"} string up to
 * {@link #KEPT_INPUT_BYTES} bytes of its JSON text and the {@code "limit"}
 * token up to {@link #KEPT_LIMIT_BYTES} bytes. The line itself is never
 * kept, so a request line of any length costs the same memory: the body
 * depends only on the message's first 4096 UTF-16 units and the character
 * straddling unit 4096 (R1), at most 12,293 UTF-8 bytes of it.
 *
 * <p>The rest of the line is read to check it, not kept. It is checked as
 * {@link JsonReader} checks a whole line, and an error says the same words
 * at the same place: strings (escapes, no raw control characters), numbers,
 * literals, and nesting to {@link #MAXIMUM_DEPTH} levels, tracked as one bit
 * a level, object or array. Unlike {@link JsonReader}, a repeated key is
 * not refused (that would mean keeping every key): the last occurrence wins.
 *
 * <p>Feed it a line's bytes with {@link #read} (as many pieces as they come
 * in), then {@link #finish} it, which also makes it ready for the next line.
 */
final class RequestReader {
  /**
   * How many bytes of the input's JSON text are kept: 384 KiB, six times 64
   * KiB, so even a message written wholly as six-byte {@code \}{@code uXXXX}
   * escapes keeps 64 KiB of text, far past the 12,293 bytes R1 ever reads.
   * A longer input is cut before a whole escape or a whole UTF-8 sequence,
   * never inside one; the cut may fall between the two escapes of a
   * surrogate pair, and the lone half it leaves is far past R1's reach.
   */
  static final int KEPT_INPUT_BYTES = 6 << 16;

  /**
   * How many bytes of the limit's token are kept: a longer integer has more
   * than 60 digits, so its first 64 bytes saturate to the same {@code long}
   * as the whole, and a longer token that is not an integer is refused all
   * the same.
   */
  static final int KEPT_LIMIT_BYTES = 64;

  /** How many units of a top-level key are kept: enough to tell "input" and "limit" from the rest. */
  static final int KEPT_KEY_UNITS = 32;

  /** How deep arrays and objects may nest, as {@link JsonReader} allows. */
  static final int MAXIMUM_DEPTH = 512;

  // What the next byte may be.
  /** A value, after white space. */
  private static final int VALUE = 0;
  /** After "[": "]" or a value. */
  private static final int FIRST_ELEMENT = 1;
  /** After "{": "}" or a key. */
  private static final int FIRST_KEY = 2;
  /** After "," in an object: a key. */
  private static final int KEY = 3;
  private static final int COLON = 4;
  /** After a value: "," or its container's end, or only white space at the top. */
  private static final int AFTER_VALUE = 5;
  private static final int STRING = 6;
  /** After a backslash in a string. */
  private static final int ESCAPE = 7;
  /** After a backslash and "u": four hex digits. */
  private static final int HEX = 8;
  private static final int MINUS = 9;
  private static final int ZERO = 10;
  private static final int DIGITS = 11;
  private static final int POINT = 12;
  private static final int FRACTION = 13;
  private static final int EXPONENT_MARK = 14;
  private static final int EXPONENT_SIGN = 15;
  private static final int EXPONENT = 16;
  /** Inside "true", "false" or "null". */
  private static final int LITERAL = 17;
  /** The line is not JSON: the rest is only looked at to name the character at the error. */
  private static final int FAILED = 18;

  // What the string being read is.
  private static final int KEPT_KEY = 0;
  private static final int SKIPPED_KEY = 1;
  private static final int INPUT_STRING = 2;
  private static final int SKIPPED_STRING = 3;

  // Which top-level member the next value is.
  private static final int NO_MEMBER = 0;
  private static final int INPUT = 1;
  private static final int LIMIT = 2;

  // What a member turned out to be.
  private static final int ABSENT = 0;
  private static final int KEPT = 1;
  private static final int OTHER = 2;

  private int state = VALUE;

  /** The line's bytes before the piece being read. */
  private long lineBytes;

  /** The line's offset of the piece's byte 0: a byte's offset is this plus its index. */
  private long pieceBase;

  private final DecodedUnits units = new DecodedUnits();

  /** How many arrays and objects are open. */
  private int depth;

  /** One bit a level, set when the container open at that level is an object. */
  private final long[] objects = new long[MAXIMUM_DEPTH / 64];

  private boolean isObject;
  private int member = NO_MEMBER;
  private int stringKind;

  private final char[] key = new char[KEPT_KEY_UNITS];
  /** The key's units, up to one past {@link #KEPT_KEY_UNITS}: then it is neither of ours. */
  private int keyLength;
  /** Whether the key holds a byte from 0x80 up: neither of ours. */
  private boolean keyForeign;
  private int keyMember = NO_MEMBER;

  /** The escape being read, backslash first. */
  private final byte[] escape = new byte[6];
  private int escapeLength;
  private int hexValue;
  /** The units before the escape's first hex digit, where a bad escape is reported. */
  private long hexUnits;

  private int inputKind = ABSENT;
  /** The input's JSON text as kept, grown as needed up to {@link #KEPT_INPUT_BYTES}. */
  private byte[] input = new byte[1 << 12];
  private int inputLength;
  private boolean inputKeeping;
  private boolean inputEscaped;

  private int limitKind = ABSENT;
  private final byte[] limit = new byte[KEPT_LIMIT_BYTES];
  private int limitLength;
  private boolean limitInteger;
  /** Whether the number being read is the limit. */
  private boolean limitReading;

  private String literal;
  private int literalMatched;

  /** Why the line is not JSON, or null. */
  private String error;
  /** An error's words but for the character they name, which starts with a byte from 0x80 up; or null. */
  private String describing;
  private boolean describeQuoted;
  /** The first bytes from that character on: the JDK decodes its first unit from at most four. */
  private final byte[] described = new byte[4];
  private int describedLength;

  /**
   * Reads the next bytes of the line.
   *
   * @param bytes holds them
   * @param from the first
   * @param to past the last; no {@code "\n"} among them
   */
  void read(byte[] bytes, int from, int to) {
    pieceBase = lineBytes - from;
    int index = from;
    while (index < to) {
      if (state == STRING) {
        index = string(bytes, index, to);
      } else if (state == FAILED) {
        index = failed(bytes, index, to);
      } else if (step(bytes[index] & 0xFF, index)) {
        index++;
      }
    }
    lineBytes += to - from;
  }

  /**
   * What the line holds, once all its bytes are read; the reader is then
   * ready for the next line.
   *
   * @return the request
   */
  Request finish() {
    if (describing != null) {
      finishDescribing();
    }
    if (error == null) {
      endOfLine();
    }
    Request request =
        error != null
            ? new Request(error, false, null, null)
            : new Request(null, isObject, inputValue(), limitValue());
    reset();
    return request;
  }

  private void reset() {
    state = VALUE;
    lineBytes = 0;
    units.reset();
    depth = 0;
    isObject = false;
    member = NO_MEMBER;
    keyMember = NO_MEMBER;
    inputKind = ABSENT;
    inputKeeping = false;
    limitKind = ABSENT;
    limitReading = false;
    error = null;
    describing = null;
  }

  /** Reads one byte outside a string; false when it is to be read again in the new state. */
  private boolean step(int unit, int index) {
    switch (state) {
      case VALUE:
        return value(unit, index);
      case FIRST_ELEMENT:
        if (isWhiteSpace(unit)) {
          return true;
        }
        if (unit == ']') {
          close();
          return true;
        }
        state = VALUE;
        member = NO_MEMBER;
        return false;
      case FIRST_KEY:
        if (isWhiteSpace(unit)) {
          return true;
        }
        if (unit == '}') {
          close();
          return true;
        }
        state = KEY;
        return false;
      case KEY:
        if (isWhiteSpace(unit)) {
          return true;
        }
        if (unit != '"') {
          return fail("an object's key must be a string", index);
        }
        startString(depth == 1 ? KEPT_KEY : SKIPPED_KEY);
        if (depth == 1) {
          keyLength = 0;
          keyForeign = false;
        }
        return true;
      case COLON:
        if (isWhiteSpace(unit)) {
          return true;
        }
        if (unit != ':') {
          return fail("expected ':'", index);
        }
        state = VALUE;
        member = keyMember;
        return true;
      case AFTER_VALUE:
        return afterValue(unit, index);
      case ESCAPE:
        return escape(unit, index);
      case HEX:
        return hex(unit);
      case LITERAL:
        if (unit != literal.charAt(literalMatched)) {
          return failDescribing("unexpected character ", true, unit, index);
        }
        if (++literalMatched == literal.length()) {
          valueDone();
        }
        return true;
      default:
        return number(unit, index);
    }
  }

  private boolean value(int unit, int index) {
    if (isWhiteSpace(unit)) {
      return true;
    }
    switch (unit) {
      case '{':
      case '[':
        if (depth == MAXIMUM_DEPTH) {
          return fail("nested deeper than " + MAXIMUM_DEPTH + " levels", index);
        }
        claim(OTHER, OTHER);
        boolean object = unit == '{';
        if (depth == 0) {
          isObject = object;
        }
        if (object) {
          objects[depth >> 6] |= 1L << depth;
        } else {
          objects[depth >> 6] &= ~(1L << depth);
        }
        depth++;
        state = object ? FIRST_KEY : FIRST_ELEMENT;
        return true;
      case '"':
        startString(member == INPUT ? INPUT_STRING : SKIPPED_STRING);
        claim(KEPT, OTHER);
        if (stringKind == INPUT_STRING) {
          inputLength = 0;
          inputKeeping = true;
          inputEscaped = false;
        }
        return true;
      case 't':
        return startLiteral("true");
      case 'f':
        return startLiteral("false");
      case 'n':
        return startLiteral("null");
      default:
        if (unit == '-' || isDigit(unit)) {
          limitReading = member == LIMIT;
          claim(OTHER, KEPT);
          if (limitReading) {
            limitLength = 0;
            limitInteger = true;
          }
          state = unit == '-' ? MINUS : unit == '0' ? ZERO : DIGITS;
          keepLimit(unit);
          return true;
        }
        return failDescribing("unexpected character ", true, unit, index);
    }
  }

  /** Notes what the value now starting is, when it is the input's or the limit's. */
  private void claim(int asInput, int asLimit) {
    if (member == INPUT) {
      inputKind = asInput;
    } else if (member == LIMIT) {
      limitKind = asLimit;
    }
  }

  private boolean startLiteral(String word) {
    claim(OTHER, OTHER);
    literal = word;
    literalMatched = 1;
    state = LITERAL;
    return true;
  }

  private void startString(int kind) {
    stringKind = kind;
    state = STRING;
  }

  private boolean afterValue(int unit, int index) {
    if (isWhiteSpace(unit)) {
      return true;
    }
    if (depth == 0) {
      return fail("text after the value", index);
    }
    if (inObject()) {
      if (unit == '}') {
        close();
      } else if (unit == ',') {
        state = KEY;
      } else {
        return fail("expected ',' or '}' in an object", index);
      }
    } else if (unit == ']') {
      close();
    } else if (unit == ',') {
      state = VALUE;
      member = NO_MEMBER;
    } else {
      return fail("expected ',' or ']' in an array", index);
    }
    return true;
  }

  private boolean inObject() {
    int level = depth - 1;
    return (objects[level >> 6] & 1L << level) != 0;
  }

  private void close() {
    depth--;
    valueDone();
  }

  private void valueDone() {
    state = AFTER_VALUE;
    member = NO_MEMBER;
    limitReading = false;
  }

  /**
   * Reads a string's bytes up to its end, a raw control character or the
   * piece's end; keeps them when they are the input's or a top-level key's.
   * An escape the piece holds whole is read here too, the common case; one
   * cut by the piece's end, or bad, is read a byte at a time by
   * {@link #step}.
   */
  private int string(byte[] bytes, int index, int to) {
    while (true) {
      int run = index;
      while (index < to) {
        byte unit = bytes[index];
        if (unit >= 0x20) {
          if (unit == '"' || unit == '\\') {
            break;
          }
        } else if (unit < 0) {
          units.add(unit & 0xFF, pieceBase + index);
        } else {
          break;
        }
        index++;
      }
      if (index > run) {
        if (stringKind == INPUT_STRING) {
          if (inputKeeping) {
            keepInput(bytes, run, index);
          }
        } else if (stringKind == KEPT_KEY) {
          keepKey(bytes, run, index);
        }
      }
      if (index == to) {
        return index;
      }
      byte unit = bytes[index];
      if (unit == '"') {
        if (stringKind == KEPT_KEY) {
          keyMember = keyMember();
          state = COLON;
        } else if (stringKind == SKIPPED_KEY) {
          keyMember = NO_MEMBER;
          state = COLON;
        } else {
          valueDone();
        }
        return index + 1;
      }
      if (unit != '\\') {
        fail("a raw control character " + JsonReader.describe((char) unit) + " in a string", index);
        return index + 1;
      }
      int length = wholeEscape(bytes, index, to);
      if (length == 0) {
        escape[0] = '\\';
        escapeLength = 1;
        state = ESCAPE;
        return index + 1;
      }
      System.arraycopy(bytes, index, escape, 0, length);
      escapeLength = length;
      escaped((char) (length == 2 ? unescaped(bytes[index + 1]) : hexValue));
      index += length;
    }
  }

  /**
   * The length of the good escape at {@code index} when the piece holds it
   * whole (a {@code \}{@code u} escape's unit then in {@link #hexValue}), else 0.
   */
  private int wholeEscape(byte[] bytes, int index, int to) {
    if (index + 1 >= to) {
      return 0;
    }
    int kind = bytes[index + 1];
    if (kind != 'u') {
      return unescaped(kind) >= 0 ? 2 : 0;
    }
    if (index + 6 > to) {
      return 0;
    }
    int value = 0;
    for (int digit = index + 2; digit < index + 6; digit++) {
      int digitValue = hexDigit(bytes[digit]);
      if (digitValue < 0) {
        return 0;
      }
      value = value << 4 | digitValue;
    }
    hexValue = value;
    return 6;
  }

  private boolean escape(int unit, int index) {
    escape[escapeLength++] = (byte) unit;
    if (unit == 'u') {
      hexValue = 0;
      hexUnits = units.unitsBefore(pieceBase + index + 1);
      state = HEX;
      return true;
    }
    int escaped = unescaped(unit);
    if (escaped < 0) {
      return failDescribing("an unknown escape \\", false, unit, index);
    }
    escaped((char) escaped);
    return true;
  }

  private boolean hex(int unit) {
    int digit = hexDigit(unit);
    if (digit < 0) {
      return failAt("a \\u escape needs four hex digits", hexUnits);
    }
    escape[escapeLength++] = (byte) unit;
    hexValue = hexValue << 4 | digit;
    if (escapeLength == 6) {
      // Kept as the unit it names, a lone surrogate included.
      escaped((char) hexValue);
    }
    return true;
  }

  /** An escape is read whole: it is kept whole or not at all, never cut. */
  private void escaped(char unit) {
    if (stringKind == INPUT_STRING) {
      if (inputKeeping) {
        if (escapeLength <= KEPT_INPUT_BYTES - inputLength) {
          appendInput(escape, 0, escapeLength);
          inputEscaped = true;
        } else {
          inputKeeping = false;
        }
      }
    } else if (stringKind == KEPT_KEY) {
      keepKeyUnit(unit);
    }
    state = STRING;
  }

  private boolean number(int unit, int index) {
    boolean digit = isDigit(unit);
    switch (state) {
      case MINUS:
        if (!digit) {
          return fail("a number needs a digit", index);
        }
        state = unit == '0' ? ZERO : DIGITS;
        break;
      case ZERO:
      case DIGITS:
        if (digit && state == ZERO) {
          return fail("a number with a leading zero", index);
        }
        if (!digit && !afterDigits(unit, true)) {
          return false;
        }
        break;
      case POINT:
        if (!digit) {
          return fail("a number needs a digit after '.'", index);
        }
        state = FRACTION;
        break;
      case FRACTION:
        if (!digit && !afterDigits(unit, false)) {
          return false;
        }
        break;
      case EXPONENT_MARK:
      case EXPONENT_SIGN:
        if (state == EXPONENT_MARK && (unit == '+' || unit == '-')) {
          state = EXPONENT_SIGN;
          break;
        }
        if (!digit) {
          return fail("a number needs a digit in its exponent", index);
        }
        state = EXPONENT;
        break;
      default: // EXPONENT
        if (!digit) {
          valueDone();
          return false;
        }
    }
    keepLimit(unit);
    return true;
  }

  /** After a number's digits: a fraction, an exponent, or the number's end (false: read the byte again). */
  private boolean afterDigits(int unit, boolean pointAllowed) {
    if (unit == '.' && pointAllowed) {
      state = POINT;
      return true;
    }
    if (unit == 'e' || unit == 'E') {
      state = EXPONENT_MARK;
      return true;
    }
    valueDone();
    return false;
  }

  private void keepLimit(int unit) {
    if (!limitReading) {
      return;
    }
    if (unit == '.' || unit == 'e' || unit == 'E') {
      limitInteger = false;
    }
    if (limitLength < KEPT_LIMIT_BYTES) {
      limit[limitLength++] = (byte) unit;
    }
  }

  private void keepKey(byte[] bytes, int from, int to) {
    for (int index = from; index < to; index++) {
      if (bytes[index] < 0) {
        keyForeign = true;
        return;
      }
      keepKeyUnit((char) bytes[index]);
    }
  }

  private void keepKeyUnit(char unit) {
    if (keyLength < KEPT_KEY_UNITS) {
      key[keyLength] = unit;
    }
    if (keyLength <= KEPT_KEY_UNITS) {
      keyLength++;
    }
  }

  private int keyMember() {
    if (keyForeign || keyLength != 5) {
      return NO_MEMBER;
    }
    String name = new String(key, 0, 5);
    return name.equals("input") ? INPUT : name.equals("limit") ? LIMIT : NO_MEMBER;
  }

  /** Keeps a run of the input's bytes (no quote, backslash or control character among them). */
  private void keepInput(byte[] bytes, int from, int to) {
    int room = KEPT_INPUT_BYTES - inputLength;
    if (to - from <= room) {
      appendInput(bytes, from, to - from);
      return;
    }
    appendInput(bytes, from, room);
    inputKeeping = false;
    // The cut must not split a UTF-8 sequence: the first byte left out is
    // then no continuation byte, and the kept bytes decode to a prefix of
    // what the whole string decodes to. A sequence is at most four bytes, so
    // only a lead byte among the last three kept can own the byte left out.
    if ((bytes[from + room] & 0xC0) != 0x80) {
      return;
    }
    for (int index = inputLength - 1; index >= Math.max(0, inputLength - 3); index--) {
      int kept = input[index] & 0xFF;
      if ((kept & 0xC0) != 0x80) {
        if (kept >= 0xC0) {
          inputLength = index;
        }
        return;
      }
    }
  }

  private void appendInput(byte[] bytes, int from, int length) {
    if (inputLength + length > input.length) {
      int capacity = Math.max(input.length * 2, inputLength + length);
      input = Arrays.copyOf(input, Math.min(capacity, KEPT_INPUT_BYTES));
    }
    System.arraycopy(bytes, from, input, inputLength, length);
    inputLength += length;
  }

  private Object inputValue() {
    if (inputKind != KEPT) {
      return inputKind == ABSENT ? null : Request.OTHER_VALUE;
    }
    // Decoded as the whole line was: the string starts and ends at an ASCII
    // byte, where the JDK's decoder starts afresh, and its cut is at no
    // continuation byte.
    String text = new String(input, 0, inputLength, StandardCharsets.UTF_8);
    return inputEscaped ? unescaped(text) : text;
  }

  /** The kept JSON text with its escapes read; they were checked as they came. */
  private static String unescaped(String text) {
    char[] units = text.toCharArray();
    int kept = 0;
    int index = 0;
    while (index < units.length) {
      char unit = units[index];
      if (unit != '\\') {
        units[kept++] = unit;
        index++;
      } else if (units[index + 1] == 'u') {
        int value = 0;
        for (int digit = index + 2; digit < index + 6; digit++) {
          value = value << 4 | hexDigit(units[digit]);
        }
        units[kept++] = (char) value;
        index += 6;
      } else {
        units[kept++] = (char) unescaped(units[index + 1]);
        index += 2;
      }
    }
    return new String(units, 0, kept);
  }

  private Object limitValue() {
    if (limitKind != KEPT) {
      return limitKind == ABSENT ? null : Request.OTHER_VALUE;
    }
    return new JsonNumber(new String(limit, 0, limitLength, StandardCharsets.US_ASCII), limitInteger);
  }

  /** At the line's end with no error yet: the error for a value cut short, if any. */
  private void endOfLine() {
    switch (state) {
      case VALUE:
      case FIRST_ELEMENT:
        failAtEnd("a value is missing");
        return;
      case FIRST_KEY:
      case KEY:
        failAtEnd("an object's key must be a string");
        return;
      case COLON:
        failAtEnd("expected ':'");
        return;
      case STRING:
      case ESCAPE:
        failAtEnd("a string is not closed");
        return;
      case HEX:
        if (escapeLength == 2) {
          failAtEnd("a \\u escape needs four hex digits");
        } else {
          failAt("a \\u escape needs four hex digits", hexUnits);
        }
        return;
      case MINUS:
        failAtEnd("a number needs a digit");
        return;
      case POINT:
        failAtEnd("a number needs a digit after '.'");
        return;
      case EXPONENT_MARK:
      case EXPONENT_SIGN:
        failAtEnd("a number needs a digit in its exponent");
        return;
      case LITERAL:
        failAtEnd("a value is cut short");
        return;
      case ZERO:
      case DIGITS:
      case FRACTION:
      case EXPONENT:
        valueDone();
        break;
      default:
        break;
    }
    // AFTER_VALUE
    if (depth > 0) {
      failAtEnd(inObject() ? "expected ',' or '}' in an object" : "expected ',' or ']' in an array");
    }
  }

  private boolean fail(String why, int index) {
    return failAt(why, units.unitsBefore(pieceBase + index));
  }

  private boolean failAt(String why, long unitsBefore) {
    error = "at character " + (unitsBefore + 1) + ": " + why;
    state = FAILED;
    return true;
  }

  private void failAtEnd(String why) {
    error = "at the end of the text: " + why;
  }

  /**
   * Fails at a character the error names, as {@link JsonReader#describe}
   * when {@code quoted}, else as itself: at once for an ASCII byte, else
   * once the bytes that make its first unit have come.
   */
  private boolean failDescribing(String words, boolean quoted, int unit, int index) {
    String where = "at character " + (units.unitsBefore(pieceBase + index) + 1) + ": ";
    state = FAILED;
    if (unit < 0x80) {
      error = where + words + (quoted ? JsonReader.describe((char) unit) : String.valueOf((char) unit));
      return true;
    }
    describing = where + words;
    describeQuoted = quoted;
    described[0] = (byte) unit;
    describedLength = 1;
    return true;
  }

  /** After an error: the rest of the line is skipped, but for the bytes of a character it names. */
  private int failed(byte[] bytes, int index, int to) {
    if (describing != null) {
      while (index < to && describedLength < described.length) {
        described[describedLength++] = bytes[index++];
      }
      if (describedLength == described.length) {
        finishDescribing();
      }
    }
    return to;
  }

  private void finishDescribing() {
    char unit = new String(described, 0, describedLength, StandardCharsets.UTF_8).charAt(0);
    error = describing + (describeQuoted ? JsonReader.describe(unit) : String.valueOf(unit));
    describing = null;
  }

  /** What each ASCII letter after a backslash names: JSON's one-letter escapes, -1 for the rest. */
  private static final int[] ONE_LETTER_ESCAPES = new int[128];

  static {
    Arrays.fill(ONE_LETTER_ESCAPES, -1);
    String letters = "\"\\/bfnrt";
    String units = "\"\\/\b\f\n\r\t";
    for (int index = 0; index < letters.length(); index++) {
      ONE_LETTER_ESCAPES[letters.charAt(index)] = units.charAt(index);
    }
  }

  /** The unit a one-letter escape names, or -1. */
  private static int unescaped(int kind) {
    return kind >= 0 && kind < 128 ? ONE_LETTER_ESCAPES[kind] : -1;
  }

  private static int hexDigit(int unit) {
    if (unit >= '0' && unit <= '9') {
      return unit - '0';
    }
    if (unit >= 'a' && unit <= 'f') {
      return unit - 'a' + 10;
    }
    if (unit >= 'A' && unit <= 'F') {
      return unit - 'A' + 10;
    }
    return -1;
  }

  private static boolean isDigit(int unit) {
    return unit >= '0' && unit <= '9';
  }

  /** JSON's white space but for "\n", which ends the line before it gets here. */
  private static boolean isWhiteSpace(int unit) {
    return unit == ' ' || unit == '\t' || unit == '\r';
  }
}
