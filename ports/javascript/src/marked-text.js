// The text R3–R8 produce, one UTF-16 unit at a time, each marked with what
// it came from, as far as R9–R11 need to know.

/** Prose (R5, R7, R8) or a bare URL (R6): its spaces collapse (R9). */
export const TEXT = 0;
/** Code from a fenced block (R3) or a code span (R4), kept verbatim. */
export const CODE = 1;
/** A bracket that a `]` turned into link syntax (R5): not in the body. */
export const DROPPED = 2;

/**
 * The units R3–R8 keep, in order, with their kinds. Every unit kept stands
 * for a unit of the text after R2 (a block's line break for the one that
 * ended its line), so that text's length is all the room it needs.
 */
export class MarkedText {
  /** @param {number} capacity The length of the text after R2. */
  constructor(capacity) {
    /** @type {Uint16Array} */
    this.units = new Uint16Array(capacity + 1);
    /** @type {Uint8Array} */
    this.kinds = new Uint8Array(capacity + 1);
    /** How many units are kept. */
    this.length = 0;
    /** Whether a block was appended, so that the next one needs a line break. */
    this.hasBlock = false;
  }

  /**
   * Starts a block (a code line, a blank prose line or a paragraph): blocks
   * are joined with the line breaks that ended their lines (R3).
   */
  beginBlock() {
    if (this.hasBlock) {
      this.units[this.length] = 0x0a;
      this.kinds[this.length] = TEXT;
      this.length++;
    }
    this.hasBlock = true;
  }

  /**
   * Appends `text[start..end)` as `kind`.
   *
   * @param {string} text
   * @param {number} start
   * @param {number} end
   * @param {number} kind TEXT or CODE.
   */
  append(text, start, end, kind) {
    const units = this.units;
    const kinds = this.kinds;
    let length = this.length;
    for (let index = start; index < end; index++) {
      units[length] = text.charCodeAt(index);
      kinds[length] = kind;
      length++;
    }
    this.length = length;
  }

  /**
   * Marks `count` units from `start` as dropped: R5 found that the bracket
   * kept there as text opens a link or image.
   *
   * @param {number} start
   * @param {number} count
   */
  drop(start, count) {
    this.kinds.fill(DROPPED, start, start + count);
  }
}
