// Checks of the public API beyond the fixture files: the limit's clamp and
// range, the breaker's export, refusals, and that a huge message costs no
// more than its window.

import { characters, makeBody, UNICODE_VERSION, WINDOW_UNITS } from "../src/notification-body.js";
import { escaped } from "./escape.js";

/** Null when `actual` is `expected`, else the lines a failure shows. */
function same(actual, expected) {
  return actual === expected ? null : [["expected", escaped(expected)], ["actual", escaped(actual)]];
}

/**
 * Null when `call` throws a TypeError whose message ends with `naming`
 * (what it says it got), else the lines a failure shows.
 */
function throwsTypeError(call, naming) {
  try {
    call();
  } catch (error) {
    if (!(error instanceof TypeError)) return [["threw", String(error)]];
    if (error.message.endsWith(naming)) return null;
    return [["expected", `a TypeError ending "${naming}"`], ["actual", error.message]];
  }
  return [["expected", "a TypeError"], ["actual", "no error"]];
}

/**
 * @returns {[string, () => (null | [string, string][])][]} Named checks.
 */
export function apiChecks() {
  const long = "a".repeat(5000);
  return [
    ["the default limit is 256", () => same(makeBody("Hello **world**"), "Hello world")],
    ["a limit below 256 is clamped up to 256", () => same(makeBody(long, 100), makeBody(long, 256))],
    ["a negative limit is clamped up to 256", () => same(makeBody(long, -1), "a".repeat(255) + "\u2026")],
    ["limit 2^53 − 1", () => same(makeBody(long, 2 ** 53 - 1), "a".repeat(WINDOW_UNITS) + "\u2026")],
    ["a limit past 2^53", () => same(makeBody(long, 2 ** 64), "a".repeat(WINDOW_UNITS) + "\u2026")],
    ["an infinite limit", () => same(makeBody(long, Infinity), "a".repeat(WINDOW_UNITS) + "\u2026")],
    ["a bigint limit", () => same(makeBody(long, 2n ** 70n), "a".repeat(WINDOW_UNITS) + "\u2026")],
    ["a fractional limit is rounded down", () => same(makeBody(long, 300.9), "a".repeat(299) + "\u2026")],
    ["a message that is not a string is refused", () => throwsTypeError(() => makeBody(42), "not the number 42")],
    ["a null message is refused as null, not as an object", () => throwsTypeError(() => makeBody(null), "not null")],
    ["a missing message is refused", () => throwsTypeError(() => makeBody(), "not undefined")],
    [
      "a String object is refused as one",
      () =>
        throwsTypeError(() => makeBody(new String("a")), 'not a String object wrapping "a" (pass the primitive value)'),
    ],
    ["a NaN limit is refused", () => throwsTypeError(() => makeBody("a", NaN), "not NaN")],
    [
      "a limit that is a string is refused as a string",
      () => throwsTypeError(() => makeBody("a", "300"), 'not a string "300"'),
    ],
    [
      "a Number object limit is refused as one",
      () =>
        throwsTypeError(
          () => makeBody("a", new Number(300)),
          "not a Number object wrapping 300 (pass the primitive value)",
        ),
    ],
    ["characters() refuses what is not a string", () => throwsTypeError(() => characters(42), "not the number 42")],
    ["characters() refuses null", () => throwsTypeError(() => characters(null), "not null")],
    [
      "characters() splits on the contract's characters",
      () => same(JSON.stringify(characters("e\u0301\u{1F1FA}\u{1F1F8}!\r\n")), JSON.stringify(["e\u0301", "\u{1F1FA}\u{1F1F8}", "!", "\r\n"])),
    ],
    ["characters() of the empty string", () => same(JSON.stringify(characters("")), "[]")],
    ["the table is Unicode 17.0.0's", () => same(UNICODE_VERSION, "17.0.0")],
    ["a U+FEFF that starts the body is text, not a byte order mark", () => same(makeBody("\uFEFF**a**"), "\uFEFFa")],
    [
      "a lone surrogate becomes U+FFFD in any input, not only the fixtures'",
      () => same(makeBody("\uDC00**a**\uD800"), "\uFFFDa\uFFFD"),
    ],
    [
      "a 50 MB message's body is its window's",
      () => {
        // Flat, as JSON.parse makes it. What lies past the window (here a
        // lone surrogate at the very end) never reaches the body; how far the
        // port reads is the window's bound, not a clock's to judge.
        const huge = "**x** \r\n".repeat(6_250_000) + "\uD800";
        return same(makeBody(huge, 1e9), makeBody(huge.slice(0, 5000), 1e9));
      },
    ],
  ];
}
