package notificationbody;

import java.util.ArrayList;
import java.util.List;

/**
 * The contract's characters: extended grapheme clusters as UAX #29 defines
 * them for Unicode 17.0, over the data generated into
 * {@code GraphemeBreakProperty} (never {@code java.text.BreakIterator} or
 * ICU, whose data and rules differ by platform version).
 *
 * <pre>{@code
 * Characters.split("e\u0301🇺🇸!")  // ["e\u0301", "🇺🇸", "!"]
 * }</pre>
 */
public final class Characters {
  private Characters() {}

  /**
   * Splits a text into its characters.
   *
   * <p>The text is read as it is: a lone surrogate is not replaced here (it
   * has Grapheme_Cluster_Break=Control, so it is a character of its own).
   * {@link NotificationBody#make(String, long)} replaces lone surrogates
   * with U+FFFD before it cuts anything.
   *
   * @param text any text
   * @return its characters in order; joined, they give {@code text} back
   */
  public static List<String> split(String text) {
    List<String> characters = new ArrayList<>();
    GraphemeBreaker breaker = new GraphemeBreaker();
    int start = 0;
    int index = 0;
    while (index < text.length()) {
      int scalar = text.codePointAt(index);
      if (breaker.isBoundaryBefore(scalar) && index > start) {
        characters.add(text.substring(start, index));
        start = index;
      }
      index += Character.charCount(scalar);
    }
    if (start < text.length()) {
      characters.add(text.substring(start));
    }
    return characters;
  }
}
