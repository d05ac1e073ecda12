// Reading a paragraph: R4–R8 read each paragraph once, from left to right,
// keeping a stack of open brackets for R5. At each position the first of
// these that applies is taken: a run of backticks (R4); the start of a bare
// URL (R6); `![` or `[` (R5 opens a bracket); `]` (R5 may close a link or
// image); `**` or `~~` (R7); anything else is text, kept as typed (R8).
//
// Every construct starts at an ASCII unit and ends next to one, so reading
// UTF-16 units finds the same syntax as reading scalars: a surrogate is never
// syntax, and `**` before a combining mark is still a marker.

import { BacktickRuns, backtickRunEnd } from "./backtick-runs.js";
import { urlEnd, urlStart } from "./bare-url.js";
import { linkTailEnd } from "./link-tail.js";
import { CODE, TEXT } from "./marked-text.js";

const SPACE = 0x20;
const EXCLAMATION = 0x21;
const ASTERISK = 0x2a;
const COLON = 0x3a;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const BACKTICK = 0x60;
const TILDE = 0x7e;

/** How many units of plain text are read, at most, before they are kept. */
const KEPT_EVERY = 256;
/**
 * How many units of plain text stay pending when it is kept early: enough
 * for a `!` that a `[` may make an image bracket, and for the `https` that
 * a `:` may make a URL's scheme, to be kept with what they turn out to be.
 */
const PENDING_TAIL = 8;

/**
 * Reads the paragraph `text[start..end)` (its lines joined by their line
 * breaks) into `out`.
 *
 * Plain text is not handed over unit by unit as it is read: `plain` is
 * where the text read as plain (R8) since the last construct starts, and
 * `pending` where the part of it not yet kept starts. It is kept when a
 * construct starts, at the paragraph's end, and every few hundred units
 * while no bracket is open, so that reading stops soon after the body is
 * full (R12): what a paragraph left unread would keep comes after all
 * that the cut keeps.
 *
 * @param {string} text The text after R2.
 * @param {number} start
 * @param {number} end
 * @param {import("./marked-text.js").MarkedText} out
 * @complexity O(n) in the paragraph's length.
 */
export function readParagraph(text, start, end, out) {
  // R5's stack: each bracket's piece in `out` (where it was kept as text)
  // and whether it is `![`.
  const bracketPieces = [];
  const bracketIsImage = [];
  // Link brackets below this height are inactive: a link never contains a link.
  let activeFrom = 0;
  /** @type {BacktickRuns | null} */
  let backtickRuns = null;
  let plain = start;
  let pending = start;
  let index = start;
  while (index < end) {
    const unit = text.charCodeAt(index);
    switch (unit) {
      case BACKTICK: {
        // R4 Code spans: a run of n backticks opens a code span when a later
        // run of exactly n exists in the paragraph; the first such run ends
        // it. Both runs are dropped; the content is kept exactly, but for one
        // space at each end when it begins and ends with a space and is not
        // all spaces. A run with no partner is text.
        const runEnd = backtickRunEnd(text, index + 1, end);
        const length = runEnd - index;
        if (backtickRuns === null) backtickRuns = new BacktickRuns(text, end);
        const closer = backtickRuns.closer(length, runEnd);
        if (closer < 0) {
          index = runEnd;
          break;
        }
        out.append(pending, index, TEXT);
        let contentStart = runEnd;
        let contentEnd = closer;
        if (
          contentEnd - contentStart >= 3 &&
          text.charCodeAt(contentStart) === SPACE &&
          text.charCodeAt(contentEnd - 1) === SPACE &&
          !isAllSpaces(text, contentStart, contentEnd)
        ) {
          contentStart++;
          contentEnd--;
        }
        out.append(contentStart, contentEnd, CODE);
        index = closer + length;
        plain = pending = index;
        if (out.isFull) return;
        break;
      }
      case COLON: {
        // R6 Bare URLs, found at the scheme's `:`.
        const urlFrom = urlStart(text, index, plain, start, end);
        if (urlFrom < 0) {
          index++;
          break;
        }
        const urlTo = urlEnd(text, index, end, bracketPieces.length > 0);
        out.append(pending, urlTo, TEXT);
        index = urlTo;
        plain = pending = index;
        if (out.isFull) return;
        break;
      }
      case OPEN_BRACKET: {
        // R5: `[` opens a link bracket and `![` an image bracket; each is
        // pushed on the stack and kept as text until a `]` makes it syntax.
        const isImage = index > plain && text.charCodeAt(index - 1) === EXCLAMATION;
        const bracketStart = isImage ? index - 1 : index;
        out.append(pending, bracketStart, TEXT);
        out.hold();
        bracketPieces.push(out.append(bracketStart, index + 1, TEXT));
        bracketIsImage.push(isImage);
        index++;
        plain = pending = index;
        break;
      }
      case CLOSE_BRACKET: {
        // R5: a `]` with an empty stack is text. Otherwise it pops the top
        // bracket; when that bracket is active and an inline link tail
        // follows, the bracket, the `]` and the tail are dropped and the
        // label stays. A link makes every link bracket still open inactive.
        if (bracketPieces.length === 0) {
          index++;
          break;
        }
        const piece = bracketPieces.pop();
        const isImage = bracketIsImage.pop();
        const height = bracketPieces.length;
        const isActive = isImage || height >= activeFrom;
        if (activeFrom > height) activeFrom = height;
        const tailEnd = isActive ? linkTailEnd(text, index + 1, end) : -1;
        if (tailEnd < 0) {
          index++;
        } else {
          out.append(pending, index, TEXT);
          out.drop(piece);
          if (!isImage) activeFrom = height;
          index = tailEnd;
          plain = pending = index;
        }
        // The last bracket closed: the waiting pieces are final.
        if (height === 0) {
          out.append(pending, index, TEXT);
          pending = index;
          out.release();
          if (out.isFull) return;
        }
        break;
      }
      case ASTERISK:
      case TILDE: {
        // R7: every `**` and `~~` is dropped, paired or not, two at a time
        // from the left; a lone `*` or `~` is text.
        if (index + 1 < end && text.charCodeAt(index + 1) === unit) {
          out.append(pending, index, TEXT);
          index += 2;
          plain = pending = index;
          if (out.isFull) return;
        } else {
          index++;
        }
        break;
      }
      default: {
        // R8: everything else stays as typed: this unit and those after it
        // up to the next that may start a construct, or until plain text
        // is due to be kept.
        const stop = bracketPieces.length === 0 ? Math.min(end, pending + KEPT_EVERY + 1) : end;
        index++;
        while (index < stop && !maySpellSyntax(text.charCodeAt(index))) index++;
        if (index - pending > KEPT_EVERY && bracketPieces.length === 0) {
          // The last units stay pending: a `!` before a `[`, a URL's scheme.
          out.append(pending, index - PENDING_TAIL, TEXT);
          pending = index - PENDING_TAIL;
          if (out.isFull) return;
        }
      }
    }
  }
  out.append(pending, end, TEXT);
  // Brackets still open stay as typed.
  out.release();
}

function isAllSpaces(text, start, end) {
  for (let index = start; index < end; index++) {
    if (text.charCodeAt(index) !== SPACE) return false;
  }
  return true;
}

/**
 * Whether a unit is one that the switch in `readParagraph` reads as more
 * than text: a backtick, `:`, `[`, `]`, `*` or `~`.
 */
function maySpellSyntax(unit) {
  return (
    unit === BACKTICK ||
    unit === COLON ||
    unit === OPEN_BRACKET ||
    unit === CLOSE_BRACKET ||
    unit === ASTERISK ||
    unit === TILDE
  );
}
