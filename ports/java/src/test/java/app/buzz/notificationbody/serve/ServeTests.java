package app.buzz.notificationbody.serve;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedOutputStream;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import app.buzz.notificationbody.NotificationBody;
import org.junit.jupiter.api.Test;

/**
 * Serve's promises: a malformed line gets the words it always got, lines
 * are split on line feeds only, and a line past the bound is refused
 * without being kept.
 */
class ServeTests {
  /**
   * Lines that are not requests, each with the answer serve has always given
   * it: one for each way the reader and serve refuse a line (the bound's is
   * the 50 MB test's).
   */
  private static final String[][] MALFORMED = {
    {"[1, 2]", "a request is a JSON object"},
    {"{}", "the request has no \"input\""},
    {"{\"input\": null}", "\"input\" is not a string"},
    {"{\"input\": \"a\", \"limit\": 1.5}", "\"limit\" is not a whole number written as digits"},
    {"{\"input\": \"a\", \"limit\": 300.0}", "\"limit\" is not a whole number written as digits"},
    {"{\"input\": \"a\", \"limit\": \"300\"}", "\"limit\" is not a whole number written as digits"},
    {"   ", "at the end of the text: a value is missing"},
    {"[1,]", "at character 4: unexpected character ']'"},
    {"\ufeff{\"input\": \"a\"}", "at character 1: unexpected character U+FEFF"},
    {"not json", "at character 2: unexpected character 'o'"},
    {"tru", "at the end of the text: a value is cut short"},
    {"{\"input\": \"a\"} x", "at character 16: text after the value"},
    {"{\"input\": \"a\", \"b\": [" + "[".repeat(511), "at character 532: nested deeper than 512 levels"},
    {"{\"input\": \"\ud83d\ude00\", \u00e9}", "at character 17: an object's key must be a string"},
    {"{\"a\" 1}", "at character 6: expected ':'"},
    {"{\"input\": \"a\", \"input\": \"b\"}", "at character 16: the key \"input\" is repeated"},
    {"{\"input\": \"a\"", "at the end of the text: expected ',' or '}' in an object"},
    {"[1 2]", "at character 4: expected ',' or ']' in an array"},
    {"{\"input\": \"a", "at the end of the text: a string is not closed"},
    {"\"\\", "at the end of the text: a string is not closed"},
    {"{\"input\": \"\t\"}", "at character 12: a raw control character U+0009 in a string"},
    {"{\"input\": \"\u00e9\\x\"}", "at character 14: an unknown escape \\x"},
    {"{\"input\": \"a\\u12\"}", "at character 15: a \\u escape needs four hex digits"},
    {"{\"input\": \"a\\u\uff10000\"}", "at character 15: a \\u escape needs four hex digits"},
    {"{\"input\": \"a\\u", "at the end of the text: a \\u escape needs four hex digits"},
    {"{\"a\": 01}", "at character 8: a number with a leading zero"},
    {"{\"a\": -}", "at character 8: a number needs a digit"},
    {"{\"a\": 1.}", "at character 9: a number needs a digit after '.'"},
    {"{\"a\": 1e+}", "at character 10: a number needs a digit in its exponent"},
    {"1e", "at the end of the text: a number needs a digit in its exponent"},
  };

  @Test
  void malformedLinesGetTheWordsTheyAlwaysGot() throws IOException {
    StringBuilder requests = new StringBuilder();
    for (String[] line : MALFORMED) {
      requests.append(line[0]).append('\n');
    }
    List<String> answers = serve(requests.toString().getBytes(UTF_8));
    assertEquals(MALFORMED.length, answers.size());
    for (int index = 0; index < MALFORMED.length; index++) {
      StringBuilder expected = new StringBuilder("{\"error\":");
      JsonWriter.appendString(expected, MALFORMED[index][1]);
      assertEquals(expected.append('}').toString(), answers.get(index), MALFORMED[index][0]);
    }
  }

  @Test
  void linesAreSplitOnLineFeedsOnlyAndTheLastNeedsNone() throws IOException {
    List<String> answers = serve("{\"input\":\"x\"}\r\n\n{\"input\":\"y\",\"limit\":99999999999999999999}".getBytes(UTF_8));
    assertEquals(
        List.of("{\"body\":\"x\"}", "{\"error\":\"at the end of the text: a value is missing\"}", "{\"body\":\"y\"}"),
        answers);
    assertEquals(List.of("{\"body\":\"z\"}"), serve("{\"input\":\"z\"}\n".getBytes(UTF_8)));
    assertEquals(List.of(), serve(new byte[0]));
  }

  /**
   * A 50 MB line through a pipe to serve in a child JVM run as {@code ./serve}
   * runs it: refused for its length, its bytes skipped, and the next line
   * answered. A line of exactly the bound is read as usual.
   */
  @Test
  void aFiftyMegabyteLineIsRefusedAndServingGoesOn() throws Exception {
    // serve's classes and the library's: one folder under ./compile, two under Maven.
    String classes = location(Serve.class) + File.pathSeparator + location(NotificationBody.class);
    String java = Paths.get(System.getProperty("java.home"), "bin", "java").toString();
    Path errors = Files.createTempFile("serve", ".txt");
    Process serve =
        new ProcessBuilder(java, "-Xmx64m", "-XX:+UseSerialGC", "-cp", classes, Serve.class.getName())
            .redirectError(errors.toFile())
            .start();
    byte[] words = "ab ".repeat(1 << 14).getBytes(UTF_8);
    int pieces = 50_000_000 / words.length;
    String largest = "x".repeat(Serve.MAX_LINE_BYTES - 12);
    Thread writer =
        new Thread(
            () -> {
              try (OutputStream requests = new BufferedOutputStream(serve.getOutputStream(), 1 << 16)) {
                requests.write("{\"input\":\"".getBytes(UTF_8));
                for (int piece = 0; piece < pieces; piece++) {
                  requests.write(words);
                }
                requests.write("\"}\n{\"input\":\"still serving\"}\n".getBytes(UTF_8));
                requests.write(("{\"input\":\"" + largest + "\"}\n").getBytes(UTF_8));
              } catch (IOException ended) {
                // serve died: its answers and error say why
              }
            });
    writer.start();
    byte[] output = serve.getInputStream().readAllBytes();
    writer.join();
    assertTrue(serve.waitFor(30, TimeUnit.SECONDS));
    String stderr = Files.readString(errors);
    Files.delete(errors);
    assertEquals(0, serve.exitValue(), stderr);
    StringBuilder expected = new StringBuilder("{\"error\":\"line 1 is longer than 8388608 bytes\"}\n");
    expected.append("{\"body\":\"still serving\"}\n{\"body\":");
    JsonWriter.appendString(expected, NotificationBody.make(largest, NotificationBody.DEFAULT_LIMIT));
    assertEquals(expected.append("}\n").toString(), new String(output, UTF_8));
  }

  // Helpers.

  /** Runs serve over {@code requests}; its answers, one a line. */
  private static List<String> serve(byte[] requests) throws IOException {
    ByteArrayOutputStream answers = new ByteArrayOutputStream();
    Serve.serve(new ByteArrayInputStream(requests), answers);
    String text = answers.toString(UTF_8);
    List<String> lines = new ArrayList<>(Arrays.asList(text.split("\n", -1)));
    assertEquals("", lines.remove(lines.size() - 1), "the answers end with a line break");
    return lines;
  }

  /** The class path entry (a folder or a jar) a class was loaded from. */
  private static String location(Class<?> type) throws URISyntaxException {
    return Paths.get(type.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
  }
}
