package app.buzz.notificationbody;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.Map;
import app.buzz.notificationbody.serve.JsonReader;

/** The shared fixture files of {@code test-fixtures/}, read with the port's own JSON reader. */
final class Fixtures {
  private Fixtures() {}

  /** The folder named by {@code -Dnotificationbody.fixtures}, or {@code test-fixtures} above here. */
  static Path folder() {
    String property = System.getProperty("notificationbody.fixtures");
    if (property != null) {
      return Paths.get(property);
    }
    Path here = Paths.get("").toAbsolutePath();
    for (Path folder = here; folder != null; folder = folder.getParent()) {
      Path candidate = folder.resolve("test-fixtures");
      if (Files.isDirectory(candidate)) {
        return candidate;
      }
    }
    throw new IllegalStateException("no test-fixtures folder above " + here);
  }

  /**
   * The cases of a fixture file.
   *
   * @param file its name in the folder
   * @return its {@code cases}, each a JSON object
   */
  @SuppressWarnings("unchecked")
  static List<Map<String, Object>> cases(String file) throws IOException {
    String text = new String(Files.readAllBytes(folder().resolve(file)), StandardCharsets.UTF_8);
    Map<String, Object> root = (Map<String, Object>) JsonReader.read(text);
    Object version = root.get("version");
    if (version == null || !version.toString().equals("1")) {
      throw new IllegalStateException(file + ": version " + version + " is not 1");
    }
    return (List<Map<String, Object>>) root.get("cases");
  }

  /**
   * A text with every character that is hard to see escaped as
   * {@code \}{@code u{XXXX}}, in quotes.
   *
   * @param text any text
   * @return it, escaped
   */
  static String escaped(String text) {
    StringBuilder out = new StringBuilder(text.length() + 2).append('"');
    int index = 0;
    while (index < text.length()) {
      int scalar = text.codePointAt(index);
      index += Character.charCount(scalar);
      if (scalar == '"' || scalar == '\\') {
        out.append('\\').appendCodePoint(scalar);
      } else if (scalar == '\n') {
        out.append("\\n");
      } else if (scalar == '\r') {
        out.append("\\r");
      } else if (scalar == '\t') {
        out.append("\\t");
      } else if (isVisible(scalar)) {
        out.appendCodePoint(scalar);
      } else {
        out.append(String.format("\\u{%04X}", scalar));
      }
    }
    return out.append('"').toString();
  }

  private static boolean isVisible(int scalar) {
    if (scalar == ' ') {
      return true;
    }
    switch (Character.getType(scalar)) {
      case Character.CONTROL:
      case Character.FORMAT:
      case Character.SURROGATE:
      case Character.PRIVATE_USE:
      case Character.UNASSIGNED:
      case Character.SPACE_SEPARATOR:
      case Character.LINE_SEPARATOR:
      case Character.PARAGRAPH_SEPARATOR:
      case Character.NON_SPACING_MARK:
      case Character.ENCLOSING_MARK:
      case Character.COMBINING_SPACING_MARK:
        return false;
      default:
        return !(scalar >= 0xFE00 && scalar <= 0xFE0F) && !(scalar >= 0xE0100 && scalar <= 0xE01EF);
    }
  }

  /** Shortens a long escaped text for a report: its start and its end. */
  static String shortened(String escaped) {
    if (escaped.length() <= 400) {
      return escaped;
    }
    return escaped.substring(0, 200)
        + " … (" + escaped.length() + " characters escaped) … "
        + escaped.substring(escaped.length() - 150);
  }
}
