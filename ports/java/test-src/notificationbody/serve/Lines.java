package notificationbody.serve;

import static java.nio.charset.StandardCharsets.UTF_8;

import java.io.ByteArrayOutputStream;

/** Request lines for serve's tests: built from pieces, read in pieces, shown escaped. */
final class Lines {
  private Lines() {}

  /** Reads a line with a new reader, in pieces of {@code piece} bytes. */
  static Request read(String line, int piece) {
    return read(line.getBytes(UTF_8), piece);
  }

  /** Reads a line with a new reader, in pieces of {@code piece} bytes. */
  static Request read(byte[] line, int piece) {
    RequestReader reader = new RequestReader();
    for (int from = 0; from < line.length; from += piece) {
      reader.read(line, from, Math.min(line.length, from + piece));
    }
    return reader.finish();
  }

  /** Reads a piece of text as UTF-8. */
  static void feed(RequestReader reader, String text) {
    byte[] bytes = text.getBytes(UTF_8);
    reader.read(bytes, 0, bytes.length);
  }

  /** Strings (as UTF-8), byte arrays and single bytes (as ints), one after another. */
  static byte[] bytes(Object... parts) {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    for (Object part : parts) {
      if (part instanceof String) {
        bytes.writeBytes(((String) part).getBytes(UTF_8));
      } else if (part instanceof byte[]) {
        bytes.writeBytes((byte[]) part);
      } else {
        bytes.write((Integer) part);
      }
    }
    return bytes.toByteArray();
  }

  /** A line with every byte outside printable ASCII as {@code \xHH}. */
  static String escaped(byte[] line) {
    StringBuilder text = new StringBuilder();
    for (byte unit : line) {
      text.append(unit >= 0x20 && unit < 0x7F ? String.valueOf((char) unit) : String.format("\\x%02X", unit & 0xFF));
    }
    return text.toString();
  }
}
