// R9 Spaces, R10 Line breaks and R11 Trim: the text R3–R8 produced becomes
// the body before the cap.

import { CODE, DROPPED, LINE_BREAK } from "./marked-text.js";

const TAB = 0x09;
const LINE_FEED = 0x0a;
const SPACE = 0x20;

/**
 * The body after R9–R11, from the pieces R3–R8 kept. One pass over their
 * units applies, in their order:
 *
 * - R9: outside code, every run of two or more spaces becomes one space
 *   (dropped brackets are gone, so the spaces they separated are one run);
 *   a space that is code is never removed and joins no run.
 * - R10: a line that holds nothing but spaces and tabs, none of them code,
 *   is emptied; then, everywhere, three or more line breaks in a row become
 *   two. (R9 never looks past a line break and emptying a line only ever
 *   follows one, so the steps can share the pass.)
 * - R11: spaces, tabs and line breaks at the start and end are removed.
 *
 * @param {import("./marked-text.js").MarkedText} marked
 * @returns {string} The body before R12.
 */
export function tidiedBody(marked) {
  const text = marked.text;
  const pieces = marked.pieces;
  const units = new Uint16Array(marked.unitCount);
  let kept = 0;
  let lineStart = 0;
  // Whether the current line holds anything but prose spaces and tabs.
  let lineHasContent = false;
  // Whether the last unit kept is a prose space (R9).
  let afterProseSpace = false;
  for (let piece = 0; piece < pieces.length; piece += 3) {
    const kind = pieces[piece + 2];
    if (kind === DROPPED) continue;
    const end = pieces[piece + 1];
    for (let index = pieces[piece]; index < end; index++) {
      const unit = kind === LINE_BREAK ? LINE_FEED : text.charCodeAt(index);
      if (unit === LINE_FEED) {
        // R10: the line ends; emptied unless it has content.
        if (!lineHasContent) kept = lineStart;
        lineHasContent = false;
        afterProseSpace = false;
        // R10: a third line break in a row is dropped.
        if (kept < 2 || units[kept - 1] !== LINE_FEED || units[kept - 2] !== LINE_FEED) {
          units[kept++] = LINE_FEED;
        }
        lineStart = kept;
        continue;
      }
      if (kind === CODE || (unit !== SPACE && unit !== TAB)) {
        lineHasContent = true;
        afterProseSpace = false;
      } else if (unit === TAB) {
        afterProseSpace = false;
      } else if (afterProseSpace) {
        // R9: a prose space after a prose space joins its run.
        continue;
      } else {
        afterProseSpace = true;
      }
      units[kept++] = unit;
    }
  }
  if (!lineHasContent) kept = lineStart;
  // R11: trim both ends.
  let first = 0;
  while (first < kept && isTrimmable(units[first])) first++;
  let last = kept;
  while (last > first && isTrimmable(units[last - 1])) last--;
  return stringOfUnits(units, first, last);
}

function isTrimmable(unit) {
  return unit === SPACE || unit === TAB || unit === LINE_FEED;
}

/**
 * Decodes UTF-16 units in the platform's byte order: little-endian on every
 * platform Node, Electron and the browsers run on; null on a big-endian one.
 * A U+FEFF that starts the body is text, not a byte order mark.
 */
const UNITS_DECODER =
  new Uint8Array(new Uint16Array([1]).buffer)[0] === 1
    ? new TextDecoder("utf-16le", { ignoreBOM: true })
    : null;

/** The most units passed to one String.fromCharCode call. */
const CHUNK = 4096;

/**
 * The string of `units[start..end)`, which hold no lone surrogate (they come
 * from the window, whose lone surrogates are replaced, cut between scalars).
 */
function stringOfUnits(units, start, end) {
  if (UNITS_DECODER !== null) return UNITS_DECODER.decode(units.subarray(start, end));
  let result = "";
  for (let from = start; from < end; from += CHUNK) {
    result += String.fromCharCode.apply(null, units.subarray(from, Math.min(from + CHUNK, end)));
  }
  return result;
}
