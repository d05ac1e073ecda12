package notificationbody.serve;

import java.io.BufferedOutputStream;
import java.io.FileDescriptor;
import java.io.FileInputStream;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import notificationbody.NotificationBody;

/**
 * Speaks the line protocol of {@code docs/against-protocol.md} for
 * {@code notification-body diff --against}: one JSON request a line on
 * standard input, {@code {"input": "…", "limit": 256}}, and one answer a
 * line on standard output, {@code {"body": "…"}}, flushed before the next
 * request is read. A malformed request is answered {@code {"error": "why"}}
 * and serving goes on; it ends when standard input ends. Nothing else is
 * written to standard output.
 *
 * <p>A line is read as its bytes come ({@link LineReader}, {@link
 * RequestReader}), never kept whole: serve's memory is bounded by what it
 * keeps of a request, whatever the line's length.
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
    serve(new FileInputStream(FileDescriptor.in), new FileOutputStream(FileDescriptor.out));
  }

  /**
   * Answers each request line of {@code in} on {@code out}, flushing each
   * answer before the next request is read, until {@code in} ends.
   *
   * @param in the requests
   * @param out the answers
   * @throws IOException when either fails
   */
  static void serve(InputStream in, OutputStream out) throws IOException {
    LineReader requests = new LineReader(in);
    OutputStream answers = new BufferedOutputStream(out, 1 << 16);
    RequestReader request = new RequestReader();
    StringBuilder answer = new StringBuilder(1024);
    while (requests.next(request)) {
      answer.setLength(0);
      answer(request.finish(), answer);
      answer.append('\n');
      answers.write(answer.toString().getBytes(StandardCharsets.UTF_8));
      answers.flush();
    }
  }

  /**
   * Appends the answer to one request line, without its line break.
   *
   * @param request what the line holds
   * @param answer where the answer goes
   */
  static void answer(Request request, StringBuilder answer) {
    String body;
    try {
      if (request.jsonError != null) {
        throw new JsonException(request.jsonError);
      }
      if (!request.isObject) {
        throw new JsonException("a request is a JSON object");
      }
      Object input = request.input;
      if (!(input instanceof String)) {
        throw new JsonException(
            input == null ? "the request has no \"input\"" : "\"input\" is not a string");
      }
      body = NotificationBody.make((String) input, limit(request.limit));
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
