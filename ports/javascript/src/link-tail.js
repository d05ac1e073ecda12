// R5 Inline link tail: `(` and optional white space; then either `)` at
// once, or a destination, optionally white space and a title, optional white
// space and `)`. Each part is read once, as far as it goes.

const TAB = 0x09;
const LINE_FEED = 0x0a;
const SPACE = 0x20;
const DOUBLE_QUOTE = 0x22;
const SINGLE_QUOTE = 0x27;
const OPEN_PAREN = 0x28;
const CLOSE_PAREN = 0x29;
const LESS_THAN = 0x3c;
const GREATER_THAN = 0x3e;
const DELETE = 0x7f;

/** Destinations nest parentheses at most this deep (as cmark does). */
export const MAXIMUM_PARENTHESIS_DEPTH = 32;

/**
 * Where the inline link tail that starts at `start` ends.
 *
 * - A destination is `<…>` holding no line break, `<` or `>`; or a
 *   non-empty run that does not start with `<` and holds no space, tab, line
 *   break or ASCII control character, whose parentheses are balanced, nested
 *   at most 32 deep, and which ends before the first `)` with no partner.
 * - A title is `"…"`, `'…'` or `(…)`, ended by the first `"`, `'` or `)`;
 *   a `(…)` title holds no `(`. It needs white space before it.
 * - White space is spaces, tabs and line breaks.
 *
 * @param {string} text The text after R2.
 * @param {number} start Just after a `]`.
 * @param {number} end The paragraph's end: a tail never reaches past it.
 * @returns {number} The offset just past the tail's `)`, or -1 when no
 *   inline link tail starts at `start`.
 * @complexity O(t) in the units read, which stop where a part ends.
 */
export function linkTailEnd(text, start, end) {
  let index = start;
  if (index >= end || text.charCodeAt(index) !== OPEN_PAREN) return -1;
  index = skippingWhiteSpace(text, index + 1, end);
  if (index >= end) return -1;
  if (text.charCodeAt(index) === CLOSE_PAREN) return index + 1;

  if (text.charCodeAt(index) === LESS_THAN) {
    index++;
    while (index < end) {
      const unit = text.charCodeAt(index);
      if (unit === GREATER_THAN) break;
      if (unit === LINE_FEED || unit === LESS_THAN) return -1;
      index++;
    }
    if (index >= end) return -1;
    index++;
  } else {
    const destinationStart = index;
    let depth = 0;
    while (index < end) {
      const unit = text.charCodeAt(index);
      if (unit <= SPACE || unit === DELETE) break;
      if (unit === OPEN_PAREN) {
        depth++;
        if (depth > MAXIMUM_PARENTHESIS_DEPTH) return -1;
      } else if (unit === CLOSE_PAREN) {
        if (depth === 0) break;
        depth--;
      }
      index++;
    }
    if (index === destinationStart || depth !== 0) return -1;
  }

  const destinationEnd = index;
  index = skippingWhiteSpace(text, index, end);
  if (index >= end) return -1;
  if (text.charCodeAt(index) === CLOSE_PAREN) return index + 1;
  // A title needs white space between it and the destination.
  if (index === destinationEnd) return -1;

  const open = text.charCodeAt(index);
  let close;
  if (open === DOUBLE_QUOTE || open === SINGLE_QUOTE) close = open;
  else if (open === OPEN_PAREN) close = CLOSE_PAREN;
  else return -1;
  index++;
  while (index < end) {
    const unit = text.charCodeAt(index);
    if (unit === close) break;
    if (open === OPEN_PAREN && unit === OPEN_PAREN) return -1;
    index++;
  }
  if (index >= end) return -1;
  index = skippingWhiteSpace(text, index + 1, end);
  if (index >= end || text.charCodeAt(index) !== CLOSE_PAREN) return -1;
  return index + 1;
}

function skippingWhiteSpace(text, start, end) {
  let index = start;
  while (index < end) {
    const unit = text.charCodeAt(index);
    if (unit !== SPACE && unit !== TAB && unit !== LINE_FEED) break;
    index++;
  }
  return index;
}
