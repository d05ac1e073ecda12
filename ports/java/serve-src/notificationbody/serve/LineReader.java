package notificationbody.serve;

import java.io.IOException;
import java.io.InputStream;

/**
 * Splits a stream of bytes into lines on {@code "\n"} only (a {@code "\r"}
 * stays in its line; the last line needs no line break), and hands each
 * line's bytes to a {@link RequestReader} as they come, a buffer at a time:
 * a line is never kept whole, so its length costs no memory.
 */
final class LineReader {
  private final InputStream input;
  private final byte[] buffer = new byte[1 << 16];
  /** The bytes not yet handed on are {@code buffer[start..end)}. */
  private int start;
  private int end;
  private boolean ended;

  LineReader(InputStream input) {
    this.input = input;
  }

  /**
   * Hands the next line's bytes, without its line break, to {@code reader}.
   *
   * @param reader reads them
   * @return whether there was a line: false when the stream has ended
   * @throws IOException when the stream can't be read
   */
  boolean next(RequestReader reader) throws IOException {
    boolean some = false;
    while (true) {
      for (int index = start; index < end; index++) {
        if (buffer[index] == '\n') {
          reader.read(buffer, start, index);
          start = index + 1;
          return true;
        }
      }
      if (start < end) {
        reader.read(buffer, start, end);
        some = true;
      }
      start = 0;
      end = 0;
      if (ended) {
        return some;
      }
      int read = input.read(buffer, 0, buffer.length);
      if (read < 0) {
        ended = true;
      } else {
        end = read;
      }
    }
  }
}
