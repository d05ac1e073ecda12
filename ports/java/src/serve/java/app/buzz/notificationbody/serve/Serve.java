package app.buzz.notificationbody.serve;

import static java.nio.charset.StandardCharsets.UTF_8;

import java.io.BufferedOutputStream;
import java.io.ByteArrayOutputStream;
import java.io.FileDescriptor;
import java.io.FileInputStream;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
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
    ByteArrayOutputStream line = new ByteArrayOutputStream(1 << 12);
    // The line's length so far, its bytes past the bound counted but not kept.
    long length = 0;
    int number = 0;
    for (int count = in.read(chunk); count >= 0; count = in.read(chunk)) {
      for (int start = 0, end = 0; start < count; start = end + 1) {
        for (end = start; end < count && chunk[end] != '\n'; end++) {}
        length += end - start;
        if (length <= MAX_LINE_BYTES) {
          line.write(chunk, start, end - start);
        }
        if (end < count) {
          answer(answers, line, length, ++number);
          line.reset();
          length = 0;
        }
      }
    }
    if (length > 0) {
      answer(answers, line, length, ++number);
    }
  }

  /**
   * Writes and flushes the answer to one request line, without its line
   * feed: its bytes as kept, {@code length} of them (more than {@link
   * #MAX_LINE_BYTES} for a line past the bound, whose bytes were not kept);
   * {@code number} counts lines from 1.
   */
  private static void answer(OutputStream answers, ByteArrayOutputStream line, long length, int number)
      throws IOException {
    StringBuilder answer = new StringBuilder(1024);
    try {
      if (length > MAX_LINE_BYTES) {
        throw new IllegalArgumentException("line " + number + " is longer than " + MAX_LINE_BYTES + " bytes");
      }
      Object request = JsonReader.read(line.toString(UTF_8));
      if (!(request instanceof Map)) {
        throw new IllegalArgumentException("a request is a JSON object");
      }
      Object input = ((Map<?, ?>) request).get("input");
      Object limit = ((Map<?, ?>) request).get("limit");
      if (!(input instanceof String)) {
        throw new IllegalArgumentException(
            input == null ? "the request has no \"input\"" : "\"input\" is not a string");
      }
      // A Long is a number written as digits (a huge one saturated): 1.5, 3e2 and 300.0 are not.
      if (limit != null && !(limit instanceof Long)) {
        throw new IllegalArgumentException("\"limit\" is not a whole number written as digits");
      }
      String body = NotificationBody.make((String) input, limit == null ? NotificationBody.DEFAULT_LIMIT : (Long) limit);
      JsonWriter.appendString(answer.append("{\"body\":"), body);
    } catch (RuntimeException | StackOverflowError failure) {
      String why = failure.getMessage() != null ? failure.getMessage() : failure.toString();
      JsonWriter.appendString(answer.append("{\"error\":"), why);
    }
    answers.write(answer.append("}\n").toString().getBytes(UTF_8));
    answers.flush();
  }
}
