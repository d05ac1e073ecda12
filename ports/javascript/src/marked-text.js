// What R3–R8 keep, handed to the body writer (R9–R11) in order: at once,
// or, while an R5 bracket is open, once the `]` that may turn the bracket
// into link syntax has been read.

/** Prose (R5, R7, R8) or a bare URL (R6): its spaces collapse (R9). */
export const TEXT = 0;
/** Code from a fenced block (R3) or a code span (R4), kept verbatim. */
export const CODE = 1;
/** A bracket that a `]` turned into link syntax (R5): not in the body. */
const DROPPED = 2;

/**
 * The text R3–R8 keep, as pieces `text[start..end)` of the text after R2.
 * While brackets are open, pieces wait, so that the writer sees the
 * paragraph in its final form and applies R9 and R10 with nothing to undo.
 */
export class MarkedText {
  /** @param {import("./white-space.js").BodyWriter} writer */
  constructor(writer) {
    this.writer = writer;
    /** Whether pieces wait for brackets. */
    this.holding = false;
    /**
     * The waiting pieces, three numbers each: start, end, kind; the first
     * `waitingLength` numbers count (the array is reused, never shortened).
     * @type {number[]}
     */
    this.waiting = [];
    this.waitingLength = 0;
  }

  /** Whether the body is certainly over the limit: nothing more can matter. */
  get isFull() {
    return this.writer.isFull;
  }

  /**
   * Starts a block (a code line, a blank prose line or a paragraph): blocks
   * are joined with the line breaks that ended their lines (R3); the
   * writer adds none before the first text it keeps.
   *
   * @param {number} lineStart Where the block's first line starts in the
   *   text: the line break before it is the one kept.
   */
  beginBlock(lineStart) {
    this.writer.lineBreak(lineStart - 1);
  }

  /**
   * Keeps `text[start..end)` as `kind`.
   *
   * @param {number} start
   * @param {number} end
   * @param {number} kind TEXT or CODE.
   * @returns {number} The piece's number, for `drop`, while pieces wait;
   *   otherwise -1.
   */
  append(start, end, kind) {
    if (end <= start) return -1;
    if (!this.holding) {
      this.writer.append(start, end, kind === CODE);
      return -1;
    }
    const waiting = this.waiting;
    const at = this.waitingLength;
    waiting[at] = start;
    waiting[at + 1] = end;
    waiting[at + 2] = kind;
    this.waitingLength = at + 3;
    return at / 3;
  }

  /** From now on pieces wait: a bracket is open. */
  hold() {
    this.holding = true;
  }

  /**
   * Drops a waiting piece: R5 found that the bracket kept there as text
   * opens a link or image.
   *
   * @param {number} piece A number `append` returned.
   */
  drop(piece) {
    this.waiting[piece * 3 + 2] = DROPPED;
  }

  /** Hands the waiting pieces to the writer: no bracket is open any more. */
  release() {
    const waiting = this.waiting;
    const length = this.waitingLength;
    this.holding = false;
    this.waitingLength = 0;
    for (let piece = 0; piece < length; piece += 3) {
      const kind = waiting[piece + 2];
      if (kind !== DROPPED) this.writer.append(waiting[piece], waiting[piece + 1], kind === CODE);
    }
  }
}
