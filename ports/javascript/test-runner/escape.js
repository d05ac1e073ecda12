// Strings as a failing case shows them: every character that could hide
// (controls, marks, joiners, non-ASCII of any kind) written as an escape.

/** The most units of a string shown whole; a longer one shows its ends. */
const SHOWN_UNITS = 240;

/**
 * A string in double quotes with printable ASCII as typed, `\"`, `\\`,
 * `\n`, `\r`, `\t`, and every other scalar (a lone surrogate too) as
 * `\u{…}`, followed by its length in UTF-16 units. A long string shows its
 * first and last units with "…" between them.
 *
 * @param {string} text
 * @returns {string}
 */
export function escaped(text) {
  if (typeof text !== "string") return String(text);
  const length = `(${text.length} UTF-16 units)`;
  if (text.length <= SHOWN_UNITS) return `"${escapedUnits(text)}" ${length}`;
  const head = text.slice(0, SHOWN_UNITS - 60);
  const tail = text.slice(text.length - 60);
  return `"${escapedUnits(head)}" … "${escapedUnits(tail)}" ${length}`;
}

function escapedUnits(text) {
  let result = "";
  for (let index = 0; index < text.length; index++) {
    const codePoint = text.codePointAt(index);
    if (codePoint > 0xffff) index++;
    if (codePoint === 0x22) result += '\\"';
    else if (codePoint === 0x5c) result += "\\\\";
    else if (codePoint === 0x0a) result += "\\n";
    else if (codePoint === 0x0d) result += "\\r";
    else if (codePoint === 0x09) result += "\\t";
    else if (codePoint >= 0x20 && codePoint < 0x7f) result += String.fromCharCode(codePoint);
    else result += `\\u{${codePoint.toString(16).toUpperCase()}}`;
  }
  return result;
}
