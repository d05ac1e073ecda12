package app.buzz.notificationbody;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The port's property lookup ({@link ScalarProperties#of}) against Unicode's own data files, at
 * every one of the 1,114,112 code points: Grapheme_Cluster_Break from
 * {@code auxiliary/GraphemeBreakProperty.txt}, Extended_Pictographic from
 * {@code emoji/emoji-data.txt} and Indic_Conjunct_Break from {@code DerivedCoreProperties.txt},
 * each parsed here, not by the generator. Unicode's boundary test reaches few of the table's
 * edges (no Control but U+0000, nothing above U+1F6D1); this reaches all of them.
 */
class PropertyTableTests {
  private static final int CODE_POINTS = 0x110000;

  private static final Map<String, Integer> CLUSTER_BREAKS =
      Map.ofEntries(
          Map.entry("CR", GraphemeBreakProperty.CR),
          Map.entry("LF", GraphemeBreakProperty.LF),
          Map.entry("Control", GraphemeBreakProperty.CONTROL),
          Map.entry("Extend", GraphemeBreakProperty.EXTEND),
          Map.entry("ZWJ", GraphemeBreakProperty.ZWJ),
          Map.entry("Regional_Indicator", GraphemeBreakProperty.REGIONAL_INDICATOR),
          Map.entry("Prepend", GraphemeBreakProperty.PREPEND),
          Map.entry("SpacingMark", GraphemeBreakProperty.SPACING_MARK),
          Map.entry("L", GraphemeBreakProperty.L),
          Map.entry("V", GraphemeBreakProperty.V),
          Map.entry("T", GraphemeBreakProperty.T),
          Map.entry("LV", GraphemeBreakProperty.LV),
          Map.entry("LVT", GraphemeBreakProperty.LVT));

  private static final Map<String, Integer> CONJUNCT_BREAKS =
      Map.of(
          "Linker", GraphemeBreakProperty.CONJUNCT_LINKER,
          "Consonant", GraphemeBreakProperty.CONJUNCT_CONSONANT,
          "Extend", GraphemeBreakProperty.CONJUNCT_EXTEND);

  @Test
  void everyCodePointHasUnicodesProperties() throws IOException {
    assertEquals(GraphemeBreakProperty.UNICODE_VERSION, folder().getFileName().toString());
    // Unlisted code points are Other, not Extended_Pictographic, InCB=None: 0.
    int[] expected = new int[CODE_POINTS];
    for (String[] line : lines("auxiliary/GraphemeBreakProperty.txt", 2)) {
      fill(expected, line[0], value(CLUSTER_BREAKS, line[1], line));
    }
    for (String[] line : lines("emoji/emoji-data.txt", 2)) {
      if (line[1].equals("Extended_Pictographic")) {
        fill(expected, line[0], GraphemeBreakProperty.EXTENDED_PICTOGRAPHIC);
      }
    }
    for (String[] line : lines("DerivedCoreProperties.txt", 3)) {
      if (line[1].equals("InCB")) {
        fill(expected, line[0], value(CONJUNCT_BREAKS, line[2], line));
      }
    }
    List<String> wrong = new ArrayList<>();
    int wrongCount = 0;
    for (int codePoint = 0; codePoint < CODE_POINTS; codePoint++) {
      int actual = ScalarProperties.of(codePoint);
      if (actual != expected[codePoint]) {
        wrongCount++;
        if (wrong.size() < 10) {
          wrong.add(
              String.format(
                  "U+%04X: 0x%02X, Unicode's files say 0x%02X", codePoint, actual, expected[codePoint]));
        }
      }
    }
    assertTrue(
        wrongCount == 0, wrongCount + " of 1,114,112 code points differ from Unicode's files: " + wrong);
  }

  /**
   * The folder of Unicode's files named by {@code -Dnotificationbody.unicode}, or the
   * version's folder in {@code unicode/} beside {@code test-fixtures/}.
   */
  private static Path folder() {
    String property = System.getProperty("notificationbody.unicode");
    if (property != null) {
      return Paths.get(property);
    }
    return Fixtures.folder().resolveSibling("unicode").resolve(GraphemeBreakProperty.UNICODE_VERSION);
  }

  /**
   * A data file's lines without comments and blank lines, each its first {@code fields} fields,
   * trimmed ("" for a field a line lacks).
   */
  private static List<String[]> lines(String file, int fields) throws IOException {
    List<String[]> lines = new ArrayList<>();
    for (String line : Files.readAllLines(folder().resolve(file), StandardCharsets.UTF_8)) {
      int comment = line.indexOf('#');
      String data = (comment >= 0 ? line.substring(0, comment) : line).trim();
      if (data.isEmpty()) {
        continue;
      }
      String[] parts = data.split(";");
      if (parts.length < 2) {
        throw new IllegalStateException(file + ": no property: " + line);
      }
      String[] kept = new String[fields];
      for (int index = 0; index < fields; index++) {
        kept[index] = index < parts.length ? parts[index].trim() : "";
      }
      lines.add(kept);
    }
    return lines;
  }

  /** Sets {@code bits} at every code point of {@code range}, "XXXX" or "XXXX..YYYY". */
  private static void fill(int[] properties, String range, int bits) {
    int dots = range.indexOf("..");
    int first = Integer.parseInt(dots < 0 ? range : range.substring(0, dots), 16);
    int last = dots < 0 ? first : Integer.parseInt(range.substring(dots + 2), 16);
    for (int codePoint = first; codePoint <= last; codePoint++) {
      properties[codePoint] |= bits;
    }
  }

  private static int value(Map<String, Integer> values, String name, String[] line) {
    Integer value = values.get(name);
    if (value == null) {
      throw new IllegalStateException("an unknown value " + name + " in " + String.join("; ", line));
    }
    return value;
  }
}
