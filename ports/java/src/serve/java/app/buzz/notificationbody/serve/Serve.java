package app.buzz.notificationbody.serve;

import static java.nio.charset.StandardCharsets.UTF_8;

import java.io.BufferedOutputStream;
import java.io.FileDescriptor;
import java.io.FileInputStream;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.Arrays;
import java.util.Map;
import app.buzz.notificationbody.NotificationBody;

/**
 * Speaks the line protocol of {@code docs/against-protocol.md} for
 * {@code notification-body diff --against}: one JSON request a line on
 * standard input, {@code {"input": "…", "limit": 256}}, and one answer a
 * line on standard output, {@code {"body": "…"}}, flushed before the next
 * request is read. A malformed request is answered {@code {"error": "why"}}
 * and serving goes on; it ends when standard input ends. Nothing else is
 * written to standard output.
 *
 * <p>A line is kept up to {@link #MAX_LINE_BYTES} and read with {@link
 * JsonReader}; the bytes of a longer one are skipped as they come, and it is
 * answered with an error naming the bound.
 */
public final class Serve {
  /** The most bytes a request line may hold, its line feed aside (8 MiB). */
  static final int MAX_LINE_BYTES = 8 * 1024 * 1024;

  private Serve() {}

  /**
   * Serves until standard input ends.
   *
   * @param arguments none are read
   * @throws IOException when standard input or output fails
   */
  public static void main(String[] arguments) throws IOException {
    serve(new FileInputStream(FileDescriptor.in), new FileOutputStream(FileDescriptor.out));
  }

  /**
   * Answers each request line of {@code in} on {@code out}, flushing each
   * answer before the next request is read, until {@code in} ends. Lines
   * are split on line feeds only; a last line without one is answered too.
   *
   * @param in the requests
   * @param out the answers
   * @throws IOException when either fails
   */
  static void serve(InputStream in, OutputStream out) throws IOException {
    OutputStream answers = new BufferedOutputStream(out, 1 << 16);
    byte[] chunk = new byte[1 << 16];
    byte[] line = new byte[1 << 12];
    // The line's length so far, counted to one past the bound.
    int length = 0;
    boolean pending = false;
    int number = 0;
    for (int count = in.read(chunk); count >= 0; count = in.read(chunk)) {
      for (int start = 0; start < count; ) {
        int end = start;
        while (end < count && chunk[end] != '\n') {
          end++;
        }
        if (length + end - start <= MAX_LINE_BYTES) {
          if (length + end - start > line.length) {
            line = Arrays.copyOf(line, Math.min(MAX_LINE_BYTES, 2 * (length + end - start)));
          }
          System.arraycopy(chunk, start, line, length, end - start);
        }
        length = Math.min(length + end - start, MAX_LINE_BYTES + 1);
        pending = true;
        if (end == count) {
          break;
        }
        answer(answers, length > MAX_LINE_BYTES ? null : new String(line, 0, length, UTF_8), ++number);
        length = 0;
        pending = false;
        start = end + 1;
      }
    }
    if (pending) {
      answer(answers, length > MAX_LINE_BYTES ? null : new String(line, 0, length, UTF_8), ++number);
    }
  }

  /** Writes and flushes the answer to one request line, null for one past the bound. */
  private static void answer(OutputStream answers, String line, int number) throws IOException {
    StringBuilder answer = new StringBuilder(1024);
    answer(line, number, answer);
    answers.write(answer.append('\n').toString().getBytes(UTF_8));
    answers.flush();
  }

  /**
   * Appends the answer to one request line, without its line break.
   *
   * @param line the request's JSON text; null for a line past {@link #MAX_LINE_BYTES}
   * @param number its line number, from 1
   * @param answer where the answer goes
   */
  static void answer(String line, int number, StringBuilder answer) {
    String body;
    try {
      if (line == null) {
        throw new JsonException("line " + number + " is longer than " + MAX_LINE_BYTES + " bytes");
      }
      Object request = JsonReader.read(line);
      if (!(request instanceof Map)) {
        throw new JsonException("a request is a JSON object");
      }
      Object input = ((Map<?, ?>) request).get("input");
      if (!(input instanceof String)) {
        throw new JsonException(
            input == null ? "the request has no \"input\"" : "\"input\" is not a string");
      }
      body = NotificationBody.make((String) input, limit(((Map<?, ?>) request).get("limit")));
    } catch (RuntimeException | StackOverflowError failure) {
      answer.append("{\"error\":");
      String why = failure.getMessage() != null ? failure.getMessage() : failure.toString();
      JsonWriter.appendString(answer, why);
      answer.append('}');
      return;
    }
    answer.append("{\"body\":");
    JsonWriter.appendString(answer, body);
    answer.append('}');
  }

  /** The request's limit: 256 when it has none; a huge one saturates at Long.MAX_VALUE. */
  private static long limit(Object limit) {
    if (limit == null) {
      return NotificationBody.DEFAULT_LIMIT;
    }
    if (!(limit instanceof JsonNumber) || !((JsonNumber) limit).isInteger()) {
      throw new JsonException("\"limit\" is not a whole number written as digits");
    }
    return ((JsonNumber) limit).saturatedLongValue();
  }
}
