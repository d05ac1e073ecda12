package app.buzz.notificationbody;

import java.util.ArrayList;
import java.util.List;
import org.jetbrains.annotations.NotNull;

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
   * <p>The text is read as it is: a lone surrogate is not replaced here. Its
   * code point has Grapheme_Cluster_Break=Other (Unicode's data lists no
   * surrogate), as U+FFFD has, so it breaks as U+FFFD would: a combining
   * mark after it joins it. {@link NotificationBody#make(String, long)}
   * replaces lone surrogates with U+FFFD before it cuts anything.
   *
   * @param text any text
   * @return its characters in order; joined, they give {@code text} back
   */
  public static @NotNull List<@NotNull String> split(@NotNull String text) {
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
