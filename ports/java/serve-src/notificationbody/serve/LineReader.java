package notificationbody.serve;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Reads lines of UTF-8 from a stream, split on {@code "\n"} only (a
 * {@code "\r"} stays in its line); the last line needs no line break.
 */
final class LineReader {
  private final InputStream input;
  private byte[] buffer = new byte[1 << 16];
  /** The unread bytes are {@code buffer[start..end)}. */
  private int start;
  private int end;
  private boolean ended;

  LineReader(InputStream input) {
    this.input = input;
  }

  /**
   * The next line, decoded as UTF-8 (each ill-formed sequence read as
   * U+FFFD), without its line break.
   *
   * @return the line, or null when the stream has ended
   * @throws IOException when the stream can't be read
   */
  String next() throws IOException {
    // How many unread bytes are already known to hold no line break.
    int searched = 0;
    while (true) {
      for (int index = start + searched; index < end; index++) {
        if (buffer[index] == '\n') {
          String line = new String(buffer, start, index - start, StandardCharsets.UTF_8);
          start = index + 1;
          return line;
        }
      }
      searched = end - start;
      if (ended) {
        if (start == end) {
          return null;
        }
        String line = new String(buffer, start, end - start, StandardCharsets.UTF_8);
        start = end;
        return line;
      }
      fill();
    }
  }

  /** Reads more bytes, moving the unread ones to the front or growing the buffer. */
  private void fill() throws IOException {
    if (start > 0) {
      System.arraycopy(buffer, start, buffer, 0, end - start);
      end -= start;
      start = 0;
    }
    if (end == buffer.length) {
      buffer = Arrays.copyOf(buffer, buffer.length * 2);
    }
    int read = input.read(buffer, end, buffer.length - end);
    if (read < 0) {
      ended = true;
    } else {
      end += read;
    }
  }
}
