// R9 Spaces, R10 Line breaks and R11 Trim: the text R3–R8 produced becomes
// the body before the cap.

import { CODE, DROPPED } from "./marked-text.js";

const TAB = 0x09;
const LINE_FEED = 0x0a;
const SPACE = 0x20;

/**
 * The body after R9–R11, from the marked text R3–R8 produced. One pass over
 * the units applies, in their order:
 *
 * - R9: outside code, every run of two or more spaces becomes one space
 *   (dropped brackets are gone, so the spaces they separated are one run);
 *   a space that is code is never removed and joins no run.
 * - R10: a line that holds nothing but spaces and tabs, none of them code,
 *   is emptied; then, everywhere, three or more line breaks in a row become
 *   two. (Emptying a line only ever follows a line break, and R9 never
 *   looks past one, so the steps can share the pass.)
 * - R11: spaces, tabs and line breaks at the start and end are removed.
 *
 * @param {import("./marked-text.js").MarkedText} marked Changed in place.
 * @returns {string} The body before R12.
 */
export function tidiedBody(marked) {
  const units = marked.units;
  const kinds = marked.kinds;
  const length = marked.length;
  let kept = 0;
  let lineStart = 0;
  // Whether the current line holds anything but prose spaces and tabs.
  let lineHasContent = false;
  for (let index = 0; index < length; index++) {
    const kind = kinds[index];
    if (kind === DROPPED) continue;
    const unit = units[index];
    if (unit === LINE_FEED) {
      // R10: the line ends; emptied unless it has content.
      if (!lineHasContent) kept = lineStart;
      // R10: a third line break in a row is dropped.
      if (kept >= 2 && units[kept - 1] === LINE_FEED && units[kept - 2] === LINE_FEED) {
        lineStart = kept;
        lineHasContent = false;
        continue;
      }
      units[kept] = LINE_FEED;
      kinds[kept] = kind;
      kept++;
      lineStart = kept;
      lineHasContent = false;
      continue;
    }
    if (kind !== CODE && (unit === SPACE || unit === TAB)) {
      // R9: a prose space after a prose space joins its run.
      if (unit === SPACE && kept > lineStart && units[kept - 1] === SPACE && kinds[kept - 1] !== CODE) {
        continue;
      }
    } else {
      lineHasContent = true;
    }
    units[kept] = unit;
    kinds[kept] = kind;
    kept++;
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

/** The most units passed to one String.fromCharCode call. */
const CHUNK = 4096;

/** The string of `units[start..end)`. */
function stringOfUnits(units, start, end) {
  if (end - start <= CHUNK) return String.fromCharCode.apply(null, units.subarray(start, end));
  let result = "";
  for (let from = start; from < end; from += CHUNK) {
    result += String.fromCharCode.apply(null, units.subarray(from, Math.min(from + CHUNK, end)));
  }
  return result;
}
