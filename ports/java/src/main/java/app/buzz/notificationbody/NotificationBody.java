package app.buzz.notificationbody;

import org.jetbrains.annotations.NotNull;

/**
 * Turns a chat message's Markdown into the text of its push-notification
 * body, by the rules R1–R12 of {@code docs/contract.md}; the cases in
 * {@code test-fixtures/notification-body.json} pin them for every platform.
 *
 * <pre>{@code
 * NotificationBody.make("Hello **world**");              // "Hello world"
 * NotificationBody.make("Run:\n```sh\nmake\n```");         // "Run:\nmake"
 * NotificationBody.make(longMessage, 1000);              // at most 1000 UTF-16 units
 * }</pre>
 *
 * <p>Lengths and limits count UTF-16 code units ({@link String#length()}); a
 * cut never splits a character (an extended grapheme cluster of Unicode 17.0,
 * see {@link Characters}). The class holds no state: every method is pure and
 * thread-safe.
 */
public final class NotificationBody {
  private NotificationBody() {}

  /** The default and smallest limit: 256 UTF-16 code units. */
  public static final long DEFAULT_LIMIT = Limit.DEFAULT;

  /** The most UTF-16 code units of a message that are read (R1). */
  public static final int WINDOW_UTF16_UNITS = Window.UNITS;

  /**
   * The notification body for a message, at most 256 UTF-16 code units long.
   *
   * @param markdown the message as the sender typed it; any string, lone
   *     surrogates included (each is read as U+FFFD)
   * @return the body: at most 256 UTF-16 code units, cut on whole characters
   *     and ended with "…" (U+2026) when text was left out
   * @throws NullPointerException if {@code markdown} is null
   */
  public static @NotNull String make(@NotNull String markdown) {
    return make(markdown, DEFAULT_LIMIT);
  }

  /**
   * The notification body for a message, at most {@code limit} UTF-16 code
   * units long.
   *
   * <p>Only the first 4096 UTF-16 code units of the message are read (R1), so
   * the work is bounded whatever the message's length.
   *
   * @param markdown the message as the sender typed it; any string, lone
   *     surrogates included (each is read as U+FFFD)
   * @param limit the most UTF-16 code units the body may hold (R12); a value
   *     below 256 (zero and negative ones included) is clamped up to 256, and
   *     any larger value, up to {@link Long#MAX_VALUE}, is used as it is
   * @return the body: at most {@code limit} UTF-16 code units, cut on whole
   *     characters and ended with "…" (U+2026) when text was left out
   * @throws NullPointerException if {@code markdown} is null
   */
  public static @NotNull String make(@NotNull String markdown, long limit) {
    // Terms: the limit is never below 256.
    long units = Limit.clamped(limit);
    // Terms, lone surrogates, and R1: the window, read as scalars.
    Window window = Window.of(markdown);
    int[] text = window.scalars;
    // R2: line breaks become "\n"; R3's lines.
    Lines lines = Lines.of(text, window.length);
    int length = lines.length;
    // R3: fenced code blocks, prose lines, paragraphs.
    FencedBlocks.classify(text, lines);
    // R4–R8: each paragraph read once from left to right, handing what
    // they keep to R9–R11 as they go, until the body is certainly over the
    // limit.
    BodyWriter body = new BodyWriter((int) Math.min(length + 1, units + 64), units);
    BlockReader.read(text, lines, new MarkedText(body));
    // R12: the cap.
    return Cap.apply(body.scalars, body.settled, units, window.leftTextOut || body.isFull);
  }
}
