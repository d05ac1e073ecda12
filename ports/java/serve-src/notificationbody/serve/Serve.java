package notificationbody.serve;

import java.io.BufferedOutputStream;
import java.io.FileDescriptor;
import java.io.FileInputStream;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import notificationbody.NotificationBody;

/**
 * Speaks the line protocol of {@code docs/against-protocol.md} for
 * {@code notification-body diff --against}: one JSON request a line on
 * standard input, {@code {"input": "…", "limit": 256}}, and one answer a
 * line on standard output, {@code {"body": "…"}}, flushed before the next
 * request is read. A malformed request is answered {@code {"error": "why"}}
 * and serving goes on; it ends when standard input ends. Nothing else is
 * written to standard output.
 */
public final class Serve {
  private Serve() {}

  /**
   * Serves until standard input ends.
   *
   * @param arguments none are read
   * @throws IOException when standard input or output fails
   */
  public static void main(String[] arguments) throws IOException {
    LineReader requests = new LineReader(new FileInputStream(FileDescriptor.in));
    OutputStream answers = new BufferedOutputStream(new FileOutputStream(FileDescriptor.out), 1 << 16);
    StringBuilder answer = new StringBuilder(1024);
    String line;
    while ((line = requests.next()) != null) {
      answer.setLength(0);
      answer(line, answer);
      answer.append('\n');
      answers.write(answer.toString().getBytes(StandardCharsets.UTF_8));
      answers.flush();
    }
  }

  /**
   * Appends the answer to one request line, without its line break.
   *
   * @param request the request's line
   * @param answer where the answer goes
   */
  static void answer(String request, StringBuilder answer) {
    String body;
    try {
      Object value = JsonReader.read(request);
      if (!(value instanceof Map)) {
        throw new JsonException("a request is a JSON object");
      }
      Map<?, ?> members = (Map<?, ?>) value;
      Object input = members.get("input");
      if (!(input instanceof String)) {
        throw new JsonException(
            input == null ? "the request has no \"input\"" : "\"input\" is not a string");
      }
      body = NotificationBody.make((String) input, limit(members.get("limit")));
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
