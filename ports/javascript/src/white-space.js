// R9 Spaces, R10 Line breaks and R11 Trim, applied as R3–R8 hand over the
// text they keep, so that no pass over the text is needed afterwards and
// reading stops once the body certainly runs past the cap (R12).

const TAB = 0x09;
const LINE_FEED = 0x0a;
const SPACE = 0x20;

/**
 * The body being made, in order: the units kept are recorded as pieces of
 * the text (every unit kept is one of its units, a line break included), and
 * the body is sliced from them once, when it is taken. It applies:
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
    /**
     * The units kept, as pieces of `text`: `start, end` pairs, in order,
     * each as long as it can be (a piece that follows the last one joins
     * it), so that text kept as typed is one piece, one slice.
     * @type {number[]}
     */
    this.pieces = [];
    /** How many units are kept. */
    this.kept = 0;
    /** How many line breaks the kept units end with: 0, 1 or 2 (R10). */
    this.lineBreaksAtEnd = 0;
    /**
     * Where the current line starts, and `pieces.length`, the last piece's
     * end and `lineBreaksAtEnd` there: what emptying the line (R10) restores.
     */
    this.lineStart = 0;
    this.lineStartPieces = 0;
    this.lineStartPieceEnd = 0;
    this.lineStartLineBreaks = 0;
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

  /**
   * Keeps a line break: R3's between blocks, or one read in a paragraph.
   *
   * @param {number} at Where a line break is in the text: the one read, or
   *   (between blocks) the one that ended the line before the block.
   */
  lineBreak(at) {
    if (this.kept === 0 || this.isFull) return;
    // R10: the line ends; emptied unless it has content.
    if (!this.lineHasContent) this.emptyLine();
    // R10: a third line break in a row is dropped.
    if (this.lineBreaksAtEnd < 2) {
      this.keep(at, at + 1);
      this.lineBreaksAtEnd++;
    }
    this.lineStart = this.kept;
    const pieces = this.pieces;
    this.lineStartPieces = pieces.length;
    this.lineStartPieceEnd = pieces.length > 0 ? pieces[pieces.length - 1] : 0;
    this.lineStartLineBreaks = this.lineBreaksAtEnd;
    this.lineHasContent = false;
    this.afterProseSpace = false;
  }

  /** R10: the current line loses what it kept, prose spaces and tabs only. */
  emptyLine() {
    const pieces = this.pieces;
    this.kept = this.lineStart;
    pieces.length = this.lineStartPieces;
    if (pieces.length > 0) pieces[pieces.length - 1] = this.lineStartPieceEnd;
    this.lineBreaksAtEnd = this.lineStartLineBreaks;
  }

  /** Keeps `text[start..end)` whole, joining it to the last piece when it follows it. */
  keep(start, end) {
    const pieces = this.pieces;
    const count = pieces.length;
    if (count > 0 && pieces[count - 1] === start) pieces[count - 1] = end;
    else pieces.push(start, end);
    this.kept += end - start;
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
    // `text[run..index)` is kept, not yet counted in `kept` and `pieces`.
    let run = start;
    let kept = this.kept;
    let afterProseSpace = this.afterProseSpace;
    let lineHasContent = this.lineHasContent;
    let index = start;
    for (; index < end; index++) {
      const unit = text.charCodeAt(index);
      if (unit === LINE_FEED) {
        this.keepRun(run, index);
        this.lineHasContent = lineHasContent;
        this.lineBreak(index);
        run = index + 1;
        kept = this.kept;
        lineHasContent = false;
        afterProseSpace = false;
        continue;
      }
      if (unit === SPACE || unit === TAB) {
        // R11: nothing but white space so far.
        if (kept === 0) {
          run = index + 1;
          continue;
        }
        if (isCode) {
          lineHasContent = true;
          afterProseSpace = false;
        } else if (unit === TAB) {
          afterProseSpace = false;
        } else if (afterProseSpace) {
          // R9: a prose space after a prose space joins its run.
          this.keepRun(run, index);
          run = index + 1;
          continue;
        } else {
          afterProseSpace = true;
        }
        kept++;
        continue;
      }
      // Any other unit, and the units after it up to the next space, tab or
      // line break, are kept as they are, up to the one that fills the writer.
      const stop = Math.min(end, index + (this.fullAt - kept));
      let next = index + 1;
      while (next < stop && !isWhiteSpace(text.charCodeAt(next))) next++;
      kept += next - index;
      this.settled = kept;
      lineHasContent = true;
      afterProseSpace = false;
      index = next - 1;
      if (kept >= this.fullAt) {
        this.isFull = true;
        index = next;
        break;
      }
    }
    this.keepRun(run, index);
    this.afterProseSpace = afterProseSpace;
    this.lineHasContent = lineHasContent;
  }

  /** Keeps a run of units `append` read, none of them a line break. */
  keepRun(start, end) {
    if (end <= start) return;
    this.keep(start, end);
    this.lineBreaksAtEnd = 0;
  }

  /**
   * The body before R12: what is kept, without the white space at its end
   * (R11; an emptied last line is white space too).
   *
   * @returns {string}
   * @complexity One slice of the text per piece.
   */
  body() {
    const text = this.text;
    const pieces = this.pieces;
    // The units past `settled` are white space at the end: the last pieces
    // lose them.
    let count = pieces.length;
    let over = this.kept - this.settled;
    while (count > 0 && over >= pieces[count - 1] - pieces[count - 2]) {
      over -= pieces[count - 1] - pieces[count - 2];
      count -= 2;
    }
    if (count === 0) return "";
    let body = "";
    for (let piece = 0; piece < count - 2; piece += 2) body += text.slice(pieces[piece], pieces[piece + 1]);
    return body + text.slice(pieces[count - 2], pieces[count - 1] - over);
  }
}

/** Whether a unit is a space, a tab or a line break: the units R9–R11 look at. */
function isWhiteSpace(unit) {
  return unit <= SPACE && (unit === SPACE || unit === TAB || unit === LINE_FEED);
}
