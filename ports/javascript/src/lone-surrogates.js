// Terms, Lone surrogate: before R1, each UTF-16 unit U+D800–U+DFFF that is
// not half of a surrogate pair becomes U+FFFD, one unit, so no length moves.

import { isHighSurrogate, isLowSurrogate } from "./utf16.js";

/** U+FFFD REPLACEMENT CHARACTER. */
const REPLACEMENT = "\uFFFD";

/**
 * Any surrogate. Without the `u` flag a pattern reads UTF-16 units, and its
 * native search skips text without surrogates at a third of a loop's cost
 * (at once in a string the engine stores as Latin-1).
 */
const SURROGATE = /[\uD800-\uDFFF]/;

/** Whether the engine has String.prototype.isWellFormed (Node 20 and later). */
const HAS_IS_WELL_FORMED = typeof String.prototype.isWellFormed === "function";

/**
 * `text.slice(0, end)` with every lone surrogate replaced by U+FFFD. A high
 * surrogate at `end - 1` is lone or not by the unit at `end` in `text`, so a
 * pair that `end` splits keeps its high half.
 *
 * @param {string} text Any string.
 * @param {number} end 0 to `text.length`: nothing from there on is read but
 *   the unit at `end`.
 * @returns {string} The prefix, well formed but possibly for that last half.
 * @complexity O(end); no copy when the prefix holds no lone surrogate.
 */
export function replacingLoneSurrogates(text, end) {
  // A slice of a long message is a view, not a copy: nothing past the
  // prefix is searched.
  const prefix = end < text.length ? text.slice(0, end) : text;
  // The engine's own check first; from the first surrogate on, a loop tells
  // lone ones from pairs (and from a pair that `end` splits).
  if (HAS_IS_WELL_FORMED ? prefix.isWellFormed() : prefix.search(SURROGATE) < 0) return prefix;
  let index = firstLoneSurrogate(text, prefix.search(SURROGATE), end);
  if (index >= end) return prefix;
  let result = "";
  let copied = 0;
  while (index < end) {
    result += text.slice(copied, index) + REPLACEMENT;
    copied = index + 1;
    index = firstLoneSurrogate(text, copied, end);
  }
  return result + text.slice(copied, end);
}

/**
 * The first lone surrogate in `text[start..end)`, or `end` (or more) when
 * there is none.
 *
 * @param {string} text
 * @param {number} start A scalar boundary.
 * @param {number} end
 * @returns {number}
 */
function firstLoneSurrogate(text, start, end) {
  const length = text.length;
  for (let index = start; index < end; index++) {
    const unit = text.charCodeAt(index);
    if (unit < 0xd800 || unit > 0xdfff) continue;
    if (isHighSurrogate(unit) && index + 1 < length && isLowSurrogate(text.charCodeAt(index + 1))) {
      index++; // the pair's low half
      continue;
    }
    return index;
  }
  return end;
}
