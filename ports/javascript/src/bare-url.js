// R6 Bare URLs: `http://` or `https://` in any case, after the paragraph's
// start or a space, tab, line break, `*`, `_`, `~` or `(`, kept exactly.

const TAB = 0x09;
const LINE_FEED = 0x0a;
const SPACE = 0x20;
const EXCLAMATION = 0x21;
const OPEN_PAREN = 0x28;
const CLOSE_PAREN = 0x29;
const ASTERISK = 0x2a;
const COMMA = 0x2c;
const PERIOD = 0x2e;
const SLASH = 0x2f;
const COLON = 0x3a;
const QUESTION = 0x3f;
const CLOSE_BRACKET = 0x5d;
const UNDERSCORE = 0x5f;
const TILDE = 0x7e;

/**
 * The URL whose scheme ends at the `:` at `colon`, if one starts there.
 *
 * - `http://` or `https://`, in any mix of upper and lower case, starts a
 *   URL when it begins the paragraph or follows a space, tab, line break,
 *   `*`, `_`, `~` or `(` in the message.
 * - The URL runs to the first space, tab or line break; while a bracket is
 *   open (R5) it also ends before the first `]`. Then, repeatedly, one of
 *   `?!.,:*_~` at its end is removed, or a `)` when the URL holds more `)`
 *   than `(`.
 *
 * @param {string} text The text after R2.
 * @param {number} colon The offset of a `:` in the paragraph.
 * @param {number} plainStart Where the text that reading took unit by unit
 *   as plain text starts: the scheme is read no further back (before it,
 *   reading took something else, which a scheme never follows).
 * @param {number} paragraphStart
 * @param {number} paragraphEnd
 * @returns {number} Where the URL starts (its end is `urlEnd`'s answer),
 *   or -1 when none starts there.
 */
export function urlStart(text, colon, plainStart, paragraphStart, paragraphEnd) {
  if (
    colon + 2 >= paragraphEnd ||
    text.charCodeAt(colon + 1) !== SLASH ||
    text.charCodeAt(colon + 2) !== SLASH
  ) {
    return -1;
  }
  let start;
  if (colon - 5 >= plainStart && isScheme(text, colon - 5, "https")) start = colon - 5;
  else if (colon - 4 >= plainStart && isScheme(text, colon - 4, "http")) start = colon - 4;
  else return -1;
  if (start > paragraphStart) {
    switch (text.charCodeAt(start - 1)) {
      case SPACE:
      case TAB:
      case LINE_FEED:
      case ASTERISK:
      case UNDERSCORE:
      case TILDE:
      case OPEN_PAREN:
        break;
      default:
        return -1;
    }
  }
  return start;
}

/**
 * Where the URL whose scheme ends at `colon` ends (see `urlStart`).
 *
 * @param {string} text
 * @param {number} colon
 * @param {number} paragraphEnd
 * @param {boolean} bracketOpen Whether R5's stack holds a bracket.
 * @returns {number}
 */
export function urlEnd(text, colon, paragraphEnd, bracketOpen) {
  let index = colon + 3;
  let opens = 0;
  let closes = 0;
  scan: while (index < paragraphEnd) {
    switch (text.charCodeAt(index)) {
      case SPACE:
      case TAB:
      case LINE_FEED:
        break scan;
      case CLOSE_BRACKET:
        if (bracketOpen) break scan;
        break;
      case OPEN_PAREN:
        opens++;
        break;
      case CLOSE_PAREN:
        closes++;
        break;
    }
    index++;
  }
  // GFM's trailing punctuation is never part of the URL.
  for (;;) {
    switch (text.charCodeAt(index - 1)) {
      case QUESTION:
      case EXCLAMATION:
      case PERIOD:
      case COMMA:
      case COLON:
      case ASTERISK:
      case UNDERSCORE:
      case TILDE:
        index--;
        continue;
      case CLOSE_PAREN:
        if (closes > opens) {
          index--;
          closes--;
          continue;
        }
        return index;
      default:
        return index;
    }
  }
}

/** Whether `scheme`, in lower case, stands at `start` in any case. */
function isScheme(text, start, scheme) {
  for (let offset = 0; offset < scheme.length; offset++) {
    const unit = text.charCodeAt(start + offset);
    // A–Z to a–z; nothing else maps onto a lower-case letter.
    const lowered = unit >= 0x41 && unit <= 0x5a ? unit + 0x20 : unit;
    if (lowered !== scheme.charCodeAt(offset)) return false;
  }
  return true;
}
