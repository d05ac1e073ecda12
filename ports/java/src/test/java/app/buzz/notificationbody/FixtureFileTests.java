package app.buzz.notificationbody;

import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.TestMethodOrder;
import org.opentest4j.AssertionFailedError;

/**
 * Every case of the three shared fixture files, one dynamic test each: the
 * breaker on the boundary file first, as the contract asks, then the bodies.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class FixtureFileTests {
  private static final String BOUNDARIES = "grapheme-boundaries.json";
  private static final String BODIES = "notification-body.json";
  private static final String LONE_SURROGATES = "lone-surrogates.json";

  @TestFactory
  @Order(1)
  List<DynamicTest> graphemeBoundaries() throws IOException {
    List<DynamicTest> tests = new ArrayList<>();
    for (Map<String, Object> fixture : Fixtures.cases(BOUNDARIES)) {
      String name = (String) fixture.get("name");
      String input = (String) fixture.get("input");
      @SuppressWarnings("unchecked")
      List<Object> expected = (List<Object>) fixture.get("characters");
      tests.add(
          dynamicTest(
              name,
              () -> {
                List<String> actual;
                try {
                  actual = Characters.split(input);
                } catch (RuntimeException | StackOverflowError thrown) {
                  throw failure(BOUNDARIES, name, input, characters(expected), "threw " + thrown);
                }
                if (!actual.equals(expected)) {
                  throw failure(BOUNDARIES, name, input, characters(expected), characters(actual));
                }
              }));
    }
    return tests;
  }

  @TestFactory
  @Order(2)
  List<DynamicTest> notificationBodies() throws IOException {
    return bodyTests(BODIES);
  }

  @TestFactory
  @Order(3)
  List<DynamicTest> loneSurrogates() throws IOException {
    return bodyTests(LONE_SURROGATES);
  }

  private static List<DynamicTest> bodyTests(String file) throws IOException {
    List<DynamicTest> tests = new ArrayList<>();
    for (Map<String, Object> fixture : Fixtures.cases(file)) {
      String name = (String) fixture.get("name");
      String input = (String) fixture.get("input");
      String expected = (String) fixture.get("expect");
      Object limitValue = fixture.get("limit");
      long limit = limitValue == null ? 256 : (Long) limitValue;
      tests.add(
          dynamicTest(
              name,
              () -> {
                String label = limitValue == null ? file : file + " (limit " + limit + ")";
                String actual;
                try {
                  actual = NotificationBody.make(input, limit);
                } catch (RuntimeException | StackOverflowError thrown) {
                  throw failure(label, name, input, Fixtures.escaped(expected), "threw " + thrown);
                }
                // Compared unit for unit: scalar for scalar, never normalized.
                if (!actual.equals(expected)) {
                  throw failure(
                      label, name, input, Fixtures.escaped(expected), Fixtures.escaped(actual));
                }
              }));
    }
    return tests;
  }

  private static String characters(List<?> characters) {
    StringBuilder out = new StringBuilder("[");
    for (Object character : characters) {
      if (out.length() > 1) {
        out.append(", ");
      }
      out.append(Fixtures.escaped((String) character));
    }
    return out.append(']').toString();
  }

  /** The failing case, printed in full on standard output and carried by the failure. */
  private static AssertionFailedError failure(
      String file, String name, String input, String expected, String actual) {
    String report =
        "FAILED "
            + file
            + ": "
            + name
            + "\n  input:    "
            + Fixtures.shortened(Fixtures.escaped(input))
            + "\n  expected: "
            + Fixtures.shortened(expected)
            + "\n  actual:   "
            + Fixtures.shortened(actual);
    synchronized (System.out) {
      System.out.println(report);
    }
    return new AssertionFailedError(report);
  }
}
