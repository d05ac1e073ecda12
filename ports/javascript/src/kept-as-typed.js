// The fast path: a message with no syntax, no white space to tidy and no
// lone surrogate is its own body (R1–R11 keep it as typed), so a short
// reply like "sounds good 👍" is read once and never rebuilt.

const TAB = 0x09;
const LINE_FEED = 0x0a;
const CARRIAGE_RETURN = 0x0d;
const SPACE = 0x20;
const ASTERISK = 0x2a;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const BACKTICK = 0x60;
const TILDE = 0x7e;

/**
 * The ASCII units that may make the body differ from the message: line
 * breaks (R2, R3, R10), tabs (R10, R11), `*` and `~` (R7), backticks (R3,
 * R4) and brackets (R5). A space is judged by its neighbours (R9, R11). A
 * bare URL (R6) is kept exactly, so without these its `:` changes nothing.
 */
const MAY_CHANGE = new Uint8Array(0x80);
for (const unit of [TAB, LINE_FEED, CARRIAGE_RETURN, ASTERISK, OPEN_BRACKET, CLOSE_BRACKET, BACKTICK, TILDE]) {
  MAY_CHANGE[unit] = 1;
}

/**
 * Whether R1–R11 keep a message exactly as typed: it holds no line break,
 * tab, `*`, `~`, backtick or bracket, no lone surrogate, no space at
 * its start or end and no two spaces in a row. Then no rule finds anything
 * to drop or tidy, and the body is the message itself when it is no longer
 * than the limit and the window (R12, R1).
 *
 * @example
 * isKeptAsTyped("sounds good 👍"); // true
 * isKeptAsTyped("sounds **good**"); // false
 *
 * @param {string} message The whole message.
 * @returns {boolean}
 * @complexity O(n), stopping at the first unit that may change the body.
 */
export function isKeptAsTyped(message) {
  const length = message.length;
  let afterSpace = true; // R11: a space at the start is trimmed.
  for (let index = 0; index < length; index++) {
    const unit = message.charCodeAt(index);
    if (unit < 0x80) {
      if (unit === SPACE) {
        if (afterSpace) return false;
        afterSpace = true;
        continue;
      }
      if (MAY_CHANGE[unit] === 1) return false;
    } else if ((unit & 0xf800) === 0xd800) {
      // A surrogate: only a whole pair is kept as typed.
      if (unit > 0xdbff || index + 1 >= length || (message.charCodeAt(index + 1) & 0xfc00) !== 0xdc00) return false;
      index++;
    }
    afterSpace = false;
  }
  // R11: a space at the end is trimmed.
  return !afterSpace || length === 0;
}
