// R9 Spaces, R10 Line breaks and R11 Trim, applied as R3–R8 hand over the
// text they keep, so that no pass over the text is needed afterwards and
// reading stops once the body certainly runs past the cap (R12).

const TAB = 0x09;
const LINE_FEED = 0x0a;
const SPACE = 0x20;

/**
 * The body being made, unit by unit, in order. It applies:
 *
 * - R9: outside code, every run of two or more spaces becomes one space
 *   (dropped markers and brackets never reach it, so the spaces they
 *   separated are one run); a space that is code is never removed and joins
 *   no run.
 * - R10: a line that holds nothing but spaces and tabs, none of them code,
 *   is emptied; then, everywhere, three or more line breaks in a row become
 *   two. (R9 never looks past a line break and emptying a line only ever
 *   follows one, so the steps can share the pass.)
 * - R11: spaces, tabs and line breaks at the start are never kept (whatever
 *   came before the first other unit is all trimmed); those at the end go
 *   when the body is taken.
 *
 * Every unit before the last one that is not a space, tab or line break is
 * final: nothing that comes later removes it. Once `limit + 1` of them are
 * kept, the body is longer than the limit and R12's cut (at most limit − 1
 * units, and the one scalar after them) lies among them: the writer is full
 * and keeps nothing more.
 */
export class BodyWriter {
  /**
   * @param {string} text The text after R2, which everything kept comes from.
   * @param {number} limit The limit (R12), at least 256.
   */
  constructor(text, limit) {
    this.text = text;
    this.units = new Uint16Array(text.length + 1);
    /** How many units are kept. */
    this.kept = 0;
    /** Where the current line starts. */
    this.lineStart = 0;
    /** Whether the current line holds anything but prose spaces and tabs. */
    this.lineHasContent = false;
    /** Whether the last unit kept is a prose space. */
    this.afterProseSpace = false;
    /** How many units are final: up to the last that is not white space. */
    this.settled = 0;
    this.fullAt = limit + 1;
    /** Whether the body is certainly longer than the limit, its cut decided. */
    this.isFull = false;
  }

  /** Keeps a line break: R3's between blocks, or one read in a paragraph. */
  lineBreak() {
    if (this.kept === 0 || this.isFull) return;
    const units = this.units;
    // R10: the line ends; emptied unless it has content.
    if (!this.lineHasContent) this.kept = this.lineStart;
    const kept = this.kept;
    // R10: a third line break in a row is dropped.
    if (kept < 2 || units[kept - 1] !== LINE_FEED || units[kept - 2] !== LINE_FEED) {
      units[kept] = LINE_FEED;
      this.kept = kept + 1;
    }
    this.lineStart = this.kept;
    this.lineHasContent = false;
    this.afterProseSpace = false;
  }

  /**
   * Keeps `text[start..end)`, prose or code.
   *
   * @param {number} start
   * @param {number} end
   * @param {boolean} isCode Whether it is code (R3, R4), which R9 and R10's
   *   emptying never touch.
   */
  append(start, end, isCode) {
    if (this.isFull) return;
    const text = this.text;
    const units = this.units;
    let kept = this.kept;
    let afterProseSpace = this.afterProseSpace;
    let lineHasContent = this.lineHasContent;
    for (let index = start; index < end; index++) {
      const unit = text.charCodeAt(index);
      if (unit === LINE_FEED) {
        this.kept = kept;
        this.lineHasContent = lineHasContent;
        this.lineBreak();
        kept = this.kept;
        lineHasContent = false;
        afterProseSpace = false;
        continue;
      }
      if (unit === SPACE || unit === TAB) {
        // R11: nothing but white space so far.
        if (kept === 0) continue;
        if (isCode) {
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
        continue;
      }
      lineHasContent = true;
      afterProseSpace = false;
      units[kept++] = unit;
      this.settled = kept;
      if (kept >= this.fullAt) {
        this.isFull = true;
        break;
      }
    }
    this.kept = kept;
    this.afterProseSpace = afterProseSpace;
    this.lineHasContent = lineHasContent;
  }

  /**
   * The body before R12: what is kept, without the white space at its end
   * (R11; an emptied last line is white space too).
   *
   * @returns {string}
   */
  body() {
    return stringOfUnits(this.units, 0, this.settled);
  }
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
