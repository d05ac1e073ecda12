package notificationbody.serve;

import static java.nio.charset.StandardCharsets.UTF_8;
import static notificationbody.serve.Lines.bytes;
import static notificationbody.serve.Lines.escaped;
import static notificationbody.serve.Lines.feed;
import static notificationbody.serve.Lines.read;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.util.Arrays;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The request reader reads a line in pieces as {@link JsonReader} read it
 * whole (the same errors at the same characters), keeps what it promises and
 * no more, and cuts a long input where it decodes to a prefix of the whole.
 */
class RequestReaderTests {
  /**
   * Random requests, most of them broken somewhere, read in random pieces:
   * each reads as the whole line decoded and read by {@link JsonReader}.
   */
  @Test
  void everyLineReadsAsWhenItWasReadWhole() {
    Random random = new Random(11);
    int compared = 0;
    for (int round = 0; round < 12_000; round++) {
      byte[] line = mutated(random, request(random).getBytes(UTF_8));
      String whole = shown(wholeLine(line));
      if (whole.contains("is repeated")) {
        continue; // JsonReader refuses a repeated key; the request reader takes the last
      }
      assertEquals(whole, shown(read(line, 1 + random.nextInt(line.length + 1))), escaped(line));
      compared++;
    }
    assertTrue(compared > 9_000, compared + " lines compared");
  }

  @Test
  void illFormedUtf8IsReadAsTheJdkDecodesTheWholeLine() {
    byte[] line = bytes("{\"input\": \"", 0xED, 0xA0, 0x80, 0xFF, 0xC3, "\", x}");
    assertEquals("at character 18: an object's key must be a string", read(line, 1).jsonError);
    line = bytes("{\"a\":[1,", 0xF0, 0x9F, 0x98, "]}");
    assertEquals("at character 9: unexpected character U+FFFD", read(line, 1).jsonError);
    line = bytes("{\"a\":\"\\", 0xF0, 0x9F, 0x98, 0x80, "\"}");
    assertEquals("at character 8: an unknown escape \\\ud83d", read(line, 2).jsonError);
  }

  /** Where the JDK decodes an ASCII byte of a line is where {@link DecodedUnits} says it is. */
  @Test
  void decodedUnitsCountAsTheJdkDecodes() {
    Random random = new Random(12);
    int[] pool = {0x41, 0x22, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF, 0xE0, 0xE1,
      0xED, 0xEE, 0xEF, 0xF0, 0xF1, 0xF4, 0xF5, 0xFF};
    DecodedUnits units = new DecodedUnits();
    for (int round = 0; round < 40_000; round++) {
      byte[] line = new byte[random.nextInt(14)];
      for (int index = 0; index < line.length; index++) {
        line[index] = (byte) (random.nextInt(4) == 0 ? random.nextInt(256) : pool[random.nextInt(pool.length)]);
      }
      String decoded = new String(line, UTF_8);
      units.reset();
      int unit = 0;
      for (int index = 0; index < line.length; index++) {
        if (line[index] < 0) {
          units.add(line[index] & 0xFF, index);
          continue;
        }
        while (decoded.charAt(unit) >= 0x80) {
          unit++;
        }
        assertEquals(unit++, units.unitsBefore(index), escaped(line));
      }
    }
  }

  @Test
  void keysAreReadWithTheirEscapesAndTheLastOfARepeatedKeyWins() {
    assertEquals("esc", read("{\"inp\\u0075t\":\"esc\",\"x\":{\"input\":\"nested\"}}", 1).input);
    assertEquals("second", read("{\"input\":\"first\",\"input\":\"second\"}", 1).input);
    assertEquals(Request.OTHER_VALUE, read("{\"input\":\"first\",\"input\":[\"second\"]}", 1).input);
    assertNull(read("{\"input!\":\"a\",\"" + "input".repeat(20) + "\":\"b\",\"\u00ednput\":1}", 1).input);
    assertEquals("300", read("{\"input\":\"a\",\"l\\u0069mit\":300}", 1).limit.toString());
    assertNull(read("[{\"input\":\"a\"}]", 1).input);
  }

  @Test
  void aLimitLongerThanItsKeptBytesSaturatesAsTheWholeDoes() {
    String digits = "9".repeat(200);
    JsonNumber limit = (JsonNumber) read("{\"input\":\"a\",\"limit\":" + digits + "}", 7).limit;
    assertEquals(Long.MAX_VALUE, limit.saturatedLongValue());
    limit = (JsonNumber) read("{\"input\":\"a\",\"limit\":-" + digits + "}", 7).limit;
    assertEquals(Long.MIN_VALUE, limit.saturatedLongValue());
    assertFalse(((JsonNumber) read("{\"input\":\"a\",\"limit\":" + digits + "e2}", 7).limit).isInteger());
  }

  /** A value of an unknown key, long and nested as deep as allowed, is skipped; one level deeper is refused. */
  @Test
  void aLongDeeplyNestedUnknownValueIsSkipped() {
    RequestReader reader = new RequestReader();
    feed(reader, "{\"skip\":[");
    // 2 levels open; 508 + 1 + 1 more make 512, the deepest allowed.
    byte[] nested =
        ("[".repeat(508) + "{\"k\\u0041\":[1,-2.5e3,true,false,null,\"x\\\"\u00e9\"]}" + "]".repeat(508) + ",")
            .getBytes(UTF_8);
    for (int round = 0; round < 5_000; round++) { // 5 MB
      reader.read(nested, 0, nested.length);
    }
    feed(reader, "0],\"input\":\"kept\",\"limit\":300}");
    Request request = reader.finish();
    assertNull(request.jsonError);
    assertEquals("kept", request.input);
    assertEquals("300", request.limit.toString());

    feed(reader, "{\"skip\":" + "[".repeat(511) + "{");
    assertEquals("at character 520: nested deeper than 512 levels", reader.finish().jsonError);
    // 50 MB of "[": refused at the 513th, the rest only read.
    byte[] brackets = "[".repeat(1 << 16).getBytes(UTF_8);
    for (int round = 0; round < 50_000_000 >> 16; round++) {
      reader.read(brackets, 0, brackets.length);
    }
    assertEquals("at character 513: nested deeper than 512 levels", reader.finish().jsonError);
  }

  /**
   * Inputs of many-byte characters, ill-formed bytes and escaped pairs past
   * 384 KiB, in random pieces: what is kept decodes to a prefix of the whole
   * string, at most one escape or one character short of the bound.
   */
  @Test
  void aLongInputIsCutWhereItDecodesToAPrefixOfTheWhole() {
    Random random = new Random(13);
    String[] pieces = {"a", "\u00e9", "\u20ac", "\ud83d\ude00", "\\ud83d\\ude00", "\\ud800", "\\n"};
    int[] illFormed = {0x80, 0xBF, 0xC3, 0xE2, 0x82, 0xED, 0xA0, 0xF0, 0x9F, 0x98, 0xFF};
    for (int round = 0; round < 6; round++) {
      ByteArrayOutputStream text = new ByteArrayOutputStream();
      while (text.size() < RequestReader.KEPT_INPUT_BYTES + 20) {
        if (round % 3 == 0 && random.nextInt(5) == 0) {
          text.write(illFormed[random.nextInt(illFormed.length)]);
        } else {
          String piece = pieces[round % 3 == 0 ? random.nextInt(pieces.length) : round % pieces.length];
          text.writeBytes(piece.getBytes(UTF_8));
        }
      }
      byte[] json = text.toByteArray();
      String input = (String) read(bytes("{\"input\":\"", json, "\"}"), 1 + random.nextInt(1 << 17)).input;
      String whole = inputOf(json);
      assertTrue(whole.startsWith(input), "round " + round);
      // At most an escape (6 bytes) or a character's first bytes (3) short of the bound.
      int cut = RequestReader.KEPT_INPUT_BYTES - 9;
      while ((json[cut] & 0xC0) == 0x80) {
        cut--;
      }
      for (int back = 1; back < 6; back++) {
        if (json[cut - back] == '\\') {
          cut -= back;
          break;
        }
      }
      assertTrue(input.length() >= inputOf(Arrays.copyOf(json, cut)).length(), "round " + round);
    }
  }

  // Helpers.

  /** The input whose JSON text is {@code json}, read by {@link JsonReader}. */
  private static String inputOf(byte[] json) {
    Map<?, ?> request = (Map<?, ?>) JsonReader.read(new String(bytes("{\"input\":\"", json, "\"}"), UTF_8));
    return (String) request.get("input");
  }

  /** The line as serve read it before: decoded whole, then read whole by {@link JsonReader}. */
  private static Request wholeLine(byte[] line) {
    Object value;
    try {
      value = JsonReader.read(new String(line, UTF_8));
    } catch (JsonException notJson) {
      return new Request(notJson.getMessage(), false, null, null);
    }
    if (!(value instanceof Map)) {
      return new Request(null, false, null, null);
    }
    Object input = ((Map<?, ?>) value).get("input");
    Object limit = ((Map<?, ?>) value).get("limit");
    return new Request(
        null,
        true,
        input == null || input instanceof String ? input : Request.OTHER_VALUE,
        limit == null || limit instanceof JsonNumber ? limit : Request.OTHER_VALUE);
  }

  /** A request as text, to compare two: its error, or what it is and holds. */
  private static String shown(Request request) {
    if (request.jsonError != null) {
      return "error: " + request.jsonError;
    }
    return "object " + request.isObject + ", input " + shown(request.input) + ", limit " + shown(request.limit);
  }

  private static String shown(Object member) {
    if (member == null || member == Request.OTHER_VALUE) {
      return member == null ? "none" : "other";
    }
    if (member instanceof JsonNumber) {
      return member + (((JsonNumber) member).isInteger() ? " (integer)" : "");
    }
    StringBuilder text = new StringBuilder();
    JsonWriter.appendString(text, (String) member);
    return text.toString();
  }

  private static final String[] KEYS = {"input", "limit", "inp\\u0075t", "x", "lim\\u0069t", "\u00e9", "in"};
  private static final String[] TEXT = {
    "a", " ", "\u00e9", "\ud83d\ude00", "\\n", "\\u0041", "\\ud800", "\\/", "\\\"", "\u2028", "**", "\\uDE00", "\\\\",
  };
  private static final String[] NUMBERS = {
    "0", "-0", "12", "-3.5", "1e5", "2E-3", "256", "300", "99999999999999999999999", "1.0", "-1", "4096",
  };

  /** An object of up to four members, the first often the input; now and then another value. */
  private static String request(Random random) {
    StringBuilder line = new StringBuilder();
    if (random.nextInt(10) == 0) {
      value(random, line, 1);
      return line.toString();
    }
    line.append('{');
    int members = random.nextInt(5);
    for (int index = 0; index < members; index++) {
      if (index > 0) {
        line.append(random.nextBoolean() ? "," : " , ");
      }
      String key = index == 0 && random.nextBoolean() ? "input" : KEYS[random.nextInt(KEYS.length)];
      line.append('"').append(key).append("\":");
      value(random, line, key.equals("input") ? 3 : 1);
    }
    return line.append('}').toString();
  }

  /** A value; strings most often, and no containers from depth 4 on. */
  private static void value(Random random, StringBuilder line, int depth) {
    switch (random.nextInt(depth > 3 ? 4 : 6)) {
      case 0:
      case 1:
        line.append('"');
        for (int count = random.nextInt(6); count > 0; count--) {
          line.append(TEXT[random.nextInt(TEXT.length)]);
        }
        line.append('"');
        break;
      case 2:
        line.append(NUMBERS[random.nextInt(NUMBERS.length)]);
        break;
      case 3:
        line.append(new String[] {"true", "false", "null"}[random.nextInt(3)]);
        break;
      case 4:
        line.append('[');
        for (int count = random.nextInt(3); count > 0; count--) {
          value(random, line, depth + 1);
          line.append(count > 1 ? "," : "");
        }
        line.append(']');
        break;
      default:
        line.append("{\"").append(KEYS[random.nextInt(KEYS.length)]).append("\": ");
        value(random, line, depth + 1);
        line.append('}');
    }
  }

  /** Most lines broken: cut short, a byte dropped, or a stray byte put in; none holds a line feed. */
  private static byte[] mutated(Random random, byte[] line) {
    byte[] strays = {'"', '\\', '{', '}', '[', ']', ',', ':', ' ', '\t', '0', '-', 'e', '.', 'u', 't', 'x', 0,
      (byte) 0x80, (byte) 0xC3, (byte) 0xED, (byte) 0xF0, (byte) 0xFF};
    for (int count = random.nextInt(3); count > 0 && line.length > 0; count--) {
      int at = random.nextInt(line.length);
      switch (random.nextInt(3)) {
        case 0:
          line = Arrays.copyOf(line, at);
          break;
        case 1:
          byte[] shorter = new byte[line.length - 1];
          System.arraycopy(line, 0, shorter, 0, at);
          System.arraycopy(line, at + 1, shorter, at, line.length - at - 1);
          line = shorter;
          break;
        default:
          byte[] longer = new byte[line.length + 1];
          System.arraycopy(line, 0, longer, 0, at);
          longer[at] = strays[random.nextInt(strays.length)];
          System.arraycopy(line, at, longer, at + 1, line.length - at);
          line = longer;
      }
    }
    return line;
  }
}
