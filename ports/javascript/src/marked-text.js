// The text R3–R8 produce: pieces of the text after R2, in order, each
// marked with what it came from, as far as R9–R11 need to know.

/** Prose (R5, R7, R8) or a bare URL (R6): its spaces collapse (R9). */
export const TEXT = 0;
/** Code from a fenced block (R3) or a code span (R4), kept verbatim. */
export const CODE = 1;
/** The line break that joins two blocks (R3), the one that ended a line. */
export const LINE_BREAK = 2;
/** A bracket that a `]` turned into link syntax (R5): not in the body. */
export const DROPPED = 3;

/**
 * What R3–R8 keep of the text after R2, as pieces `text[start..end)` with
 * their kinds, so that nothing is copied until R9–R11 make the body.
 */
export class MarkedText {
  /** @param {string} text The text after R2, which every piece is part of. */
  constructor(text) {
    this.text = text;
    /** @type {number[]} Three numbers a piece: start, end, kind. */
    this.pieces = [];
    /** How many units the pieces hold, dropped ones included. */
    this.unitCount = 0;
    /** Whether a block was appended, so that the next one needs a line break. */
    this.hasBlock = false;
  }

  /**
   * Starts a block (a code line, a blank prose line or a paragraph): blocks
   * are joined with the line breaks that ended their lines (R3).
   */
  beginBlock() {
    if (this.hasBlock) {
      this.pieces.push(0, 1, LINE_BREAK);
      this.unitCount++;
    }
    this.hasBlock = true;
  }

  /**
   * Appends `text[start..end)` as `kind`.
   *
   * @param {number} start
   * @param {number} end
   * @param {number} kind TEXT or CODE.
   * @returns {number} The piece's number, for `drop`.
   */
  append(start, end, kind) {
    if (end <= start) return -1;
    this.pieces.push(start, end, kind);
    this.unitCount += end - start;
    return this.pieces.length / 3 - 1;
  }

  /**
   * Drops a piece appended as text: R5 found that the bracket kept there
   * opens a link or image.
   *
   * @param {number} piece A number `append` returned.
   */
  drop(piece) {
    this.pieces[piece * 3 + 2] = DROPPED;
  }
}
