// R12 Cap: a body longer than the limit, or built from a window that left
// text out, is cut on whole characters and ended with "…".

import { characterBoundaryAtOrBefore, isCharacterBoundary } from "./character-boundary.js";
import { scalarBoundaryAtOrBefore } from "./utf16.js";

const TAB = 0x09;
const LINE_FEED = 0x0a;
const SPACE = 0x20;

/** U+2026 HORIZONTAL ELLIPSIS. */
export const ELLIPSIS = "\u2026";

/**
 * R12: if the body is longer than the limit, or R1 left text out, the body
 * becomes the longest prefix of whole characters of at most limit − 1
 * units, with the characters at its end that are a space, a tab or a line
 * break removed, followed by "…". Otherwise it is unchanged.
 *
 * @param {string} body The body after R11.
 * @param {number} limit At least 256 (any number past that, Infinity too).
 * @param {boolean} leftTextOut Whether R1's window is shorter than the message.
 * @returns {string} At most `limit` units.
 * @complexity O(min(body length, limit)).
 */
export function capped(body, limit, leftTextOut) {
  if (!leftTextOut && body.length <= limit) return body;
  // All of it fits; R11 left no white space at its end.
  if (limit - 1 >= body.length) return body + ELLIPSIS;
  // The longest prefix of whole characters of at most limit − 1 units.
  let kept = characterBoundaryAtOrBefore(body, scalarBoundaryAtOrBefore(body, limit - 1));
  // White space at its end goes as whole characters: a last character that
  // is one space, tab or line break (a space after a Prepend scalar is part
  // of the character before it, and stays).
  while (kept > 0 && isTrimmable(body.charCodeAt(kept - 1)) && isCharacterBoundary(body, kept - 1)) {
    kept--;
  }
  return body.slice(0, kept) + ELLIPSIS;
}

function isTrimmable(unit) {
  return unit === SPACE || unit === TAB || unit === LINE_FEED;
}
