// The notification body of a chat message's Markdown: docs/contract.md's
// rules R1–R12, in their order. The public API of the JavaScript port.

import { capped } from "./cap.js";
import { readBlocks } from "./fenced-blocks.js";
import { inputWindow, WINDOW_UNITS } from "./input-window.js";
import { isKeptAsTyped } from "./kept-as-typed.js";
import { describedValue } from "./described-value.js";
import { clampedLimit, DEFAULT_LIMIT } from "./limit.js";
import { normalizedLineEndings } from "./line-endings.js";
import { MarkedText } from "./marked-text.js";
import { BodyWriter } from "./white-space.js";

export { characters } from "./grapheme-break.js";
export { UNICODE_VERSION } from "./grapheme-break-property.js";
export { DEFAULT_LIMIT } from "./limit.js";
export { WINDOW_UNITS } from "./input-window.js";

/**
 * The push-notification body of a chat message.
 *
 * Lengths count UTF-16 code units (`String.length`); the body is cut only
 * between whole characters (extended grapheme clusters, Unicode 17.0.0),
 * never inside a surrogate pair, a flag or a letter with its marks. Lone
 * surrogates in the message become U+FFFD first. At most the first 4096
 * units of the message are read, however long it is.
 *
 * @example
 * makeBody("Hello **world**"); // "Hello world"
 * makeBody("Run:\n```sh\nmake\n```\nthen"); // "Run:\nmake\nthen"
 * makeBody("a".repeat(300)); // "a" × 255 + "…"
 *
 * @param {string} markdown The message as the sender typed it; any string.
 * @param {number | bigint} [limit=256] The most UTF-16 code units the body
 *   may hold. A value below 256 is clamped up to 256; any larger whole
 *   number works, 2^53 − 1 and beyond (a fraction is rounded down).
 * @returns {string} The body: at most `limit` UTF-16 code units, ended with
 *   "…" when text was left out.
 * @throws {TypeError} When `markdown` is not a string, or `limit` is
 *   neither a number nor a bigint (or is NaN); the message says what it
 *   got (null, a string "300", a Number object).
 */
export function makeBody(markdown, limit = DEFAULT_LIMIT) {
  if (typeof markdown !== "string") {
    throw new TypeError(`makeBody: markdown must be a string, not ${describedValue(markdown)}`);
  }
  // Terms: the limit is never below 256.
  const units = clampedLimit(limit);
  // A message that no rule changes and that fits is its own body.
  if (markdown.length <= units && markdown.length <= WINDOW_UNITS && isKeptAsTyped(markdown)) return markdown;
  // Terms, then R1: lone surrogates become U+FFFD; the window.
  const window = inputWindow(markdown);
  // R2: line breaks become "\n".
  const text = normalizedLineEndings(window.text);
  // R3–R8: fenced blocks, then each paragraph read once from left to right,
  // handing what they keep to R9–R11 as they go, until the body is
  // certainly over the limit.
  const writer = new BodyWriter(text, units);
  readBlocks(text, new MarkedText(writer));
  const body = writer.body();
  // R12: the cap.
  return capped(body, units, window.leftTextOut || writer.isFull);
}
