package app.buzz.notificationbody;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The port's own promises beyond the fixture files: the limit's clamp and
 * range, the window's bound on the work, the rule for lone surrogates at
 * any position, and the step back from a cut against a forward pass.
 */
class PortTests {
  /** Scalars of every Grapheme_Cluster_Break and run the rules read, and the syntax's. */
  private static final int[] SCALARS = {
    'a', 'b', ' ', '\t', '\n', '\r', '*', '`', '[', ']', '(', ')', '~', 'h',
    0x0600, // Prepend
    0x0301, // Extend
    0x200D, // ZWJ
    0x1F1FA, 0x1F1F8, // Regional_Indicator
    0x1F600, 0x2764, // Extended_Pictographic
    0x1F3FF, // Extend (skin tone)
    0x0915, 0x0937, // InCB=Consonant
    0x094D, // InCB=Linker
    0x093F, // SpacingMark
    0x1100, 0x1161, 0x11A8, 0xAC00, 0xAC01, // L, V, T, LV, LVT
    0x0007, 0xFFFD, 0x2026,
  };

  private static String text(Random random, int scalars) {
    StringBuilder text = new StringBuilder();
    for (int index = 0; index < scalars; index++) {
      text.appendCodePoint(SCALARS[random.nextInt(SCALARS.length)]);
    }
    return text.toString();
  }

  private static String repeat(String text, int count) {
    StringBuilder result = new StringBuilder(text.length() * count);
    for (int index = 0; index < count; index++) {
      result.append(text);
    }
    return result.toString();
  }

  @Test
  void aLimitBelow256IsClampedUpTo256() {
    String message = repeat("a", 300);
    String body = NotificationBody.make(message, 256);
    assertEquals(256, body.length());
    assertEquals(body, NotificationBody.make(message));
    assertEquals(body, NotificationBody.make(message, 100));
    assertEquals(body, NotificationBody.make(message, 0));
    assertEquals(body, NotificationBody.make(message, -1));
    assertEquals(body, NotificationBody.make(message, Long.MIN_VALUE));
  }

  @Test
  void anyLargeLimitWorksWithoutOverflow() {
    String message = repeat("word ", 800);
    String expected = message.substring(0, message.length() - 1);
    assertEquals(expected, NotificationBody.make(message, 9007199254740991L));
    assertEquals(expected, NotificationBody.make(message, Long.MAX_VALUE));
    String longer = repeat("word ", 820);
    assertTrue(NotificationBody.make(longer, Long.MAX_VALUE).endsWith("\u2026"));
  }

  @Test
  void aHugeMessageIsReadOnlyAsFarAsItsWindow() {
    String window = repeat("x", 4096);
    String huge = window + repeat("**y** ", 700_000);
    String body = NotificationBody.make(huge, Long.MAX_VALUE);
    assertEquals(window + "\u2026", body);
  }

  @Test
  void loneSurrogatesAnywhereReadAsReplacementCharacters() {
    Random random = new Random(1);
    char[] units = {'a', ' ', '*', '\uD800', '\uDBFF', '\uDC00', '\uDFFF', '\uD83D', '\uDE00'};
    for (int round = 0; round < 3000; round++) {
      int length = round % 3 == 0 ? 4090 + random.nextInt(12) : random.nextInt(40);
      StringBuilder message = new StringBuilder();
      for (int index = 0; index < length; index++) {
        message.append(units[random.nextInt(units.length)]);
      }
      String input = message.toString();
      String replaced = replacingLoneSurrogates(input);
      long limit = 256 + random.nextInt(4000);
      assertEquals(
          NotificationBody.make(replaced, limit),
          NotificationBody.make(input, limit),
          Fixtures.escaped(input));
    }
  }

  /** The rule written the obvious way, over the whole string. */
  private static String replacingLoneSurrogates(String text) {
    StringBuilder result = new StringBuilder(text.length());
    int index = 0;
    while (index < text.length()) {
      char unit = text.charAt(index);
      if (Character.isHighSurrogate(unit)
          && index + 1 < text.length()
          && Character.isLowSurrogate(text.charAt(index + 1))) {
        result.append(unit).append(text.charAt(index + 1));
        index += 2;
      } else {
        result.append(Character.isSurrogate(unit) ? '\uFFFD' : unit);
        index++;
      }
    }
    return result.toString();
  }

  @Test
  void steppingBackFromACutFindsWhatAForwardPassFinds() {
    Random random = new Random(2);
    for (int round = 0; round < 5000; round++) {
      int[] scalars = text(random, 1 + random.nextInt(30)).codePoints().toArray();
      GraphemeBreaker forward = new GraphemeBreaker();
      int lastBoundary = 0;
      for (int index = 0; index < scalars.length; index++) {
        boolean boundary = forward.isBoundaryBefore(scalars[index]);
        if (boundary) {
          lastBoundary = index;
        }
        assertEquals(lastBoundary, CharacterBoundary.atOrBefore(scalars, index));
        assertEquals(boundary, CharacterBoundary.isBefore(scalars, index));
      }
    }
  }

  @Test
  void everyScalarHasTheEntryOfTheLastRangeThatStartsAtOrBeforeIt() {
    int[] ranges = GraphemeBreakProperty.RANGES;
    int range = 0;
    for (int scalar = 0; scalar <= 0x10FFFF; scalar++) {
      while (range + 1 < ranges.length && (ranges[range + 1] >>> 8) <= scalar) {
        range++;
      }
      if (ScalarProperties.of(scalar) != (ranges[range] & 0xFF)) {
        assertEquals(ranges[range] & 0xFF, ScalarProperties.of(scalar), "U+" + Integer.toHexString(scalar));
      }
    }
  }

  /** Characters' Javadoc: a lone surrogate's code point is Other, as U+FFFD is, never Control. */
  @Test
  void aLoneSurrogateBreaksAsTheReplacementCharacter() {
    for (String lone : List.of("\uD800", "\uDBFF", "\uDC00", "\uDFFF")) {
      for (String text : List.of("%s\u0301", "a%s\u0301b", "%s\u200D\u2764", "\r%s")) {
        String withLone = String.format(text, lone);
        List<String> expected = Characters.split(String.format(text, "\uFFFD"));
        List<String> actual = Characters.split(withLone);
        assertEquals(expected.size(), actual.size(), Fixtures.escaped(withLone));
      }
    }
    assertEquals(List.of("\uD800\u0301"), Characters.split("\uD800\u0301"));
  }

  @Test
  void charactersJoinToTheirText() {
    Random random = new Random(3);
    for (int round = 0; round < 2000; round++) {
      String text = text(random, random.nextInt(20)) + (round % 2 == 0 ? "\uD800" : "");
      List<String> characters = Characters.split(text);
      assertEquals(text, String.join("", characters));
      assertTrue(characters.stream().noneMatch(String::isEmpty));
    }
  }
}
