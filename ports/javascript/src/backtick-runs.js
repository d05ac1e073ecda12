// R4: finds the run that closes a code span without reading a paragraph
// more than twice, however many unmatched runs it holds.

const BACKTICK = 0x60;

/**
 * The closing runs of one paragraph's code spans. A search that reaches the
 * paragraph's end records where the last run of each length starts; after
 * that, a search for a length whose last run lies before the search's start
 * fails at once (cmark keeps the same table). Searches only move forward,
 * from the end of a whole run, so runs are always taken whole.
 */
export class BacktickRuns {
  /**
   * @param {string} text
   * @param {number} end The paragraph's end.
   */
  constructor(text, end) {
    this.text = text;
    this.end = end;
    /** @type {Int32Array | null} The last run of each length, once recorded. */
    this.lastRunStart = null;
  }

  /**
   * The start of the first run of exactly `length` backticks from `start`
   * to the paragraph's end, or -1.
   *
   * @param {number} length
   * @param {number} start Just past a run of backticks.
   * @returns {number}
   */
  closer(length, start) {
    const recorded = this.lastRunStart;
    if (recorded !== null && (length >= recorded.length || recorded[length] < start)) return -1;
    const text = this.text;
    const end = this.end;
    let index = start;
    let longest = 0;
    while ((index = nextBacktick(text, index, end)) < end) {
      const runStart = index;
      index = backtickRunEnd(text, index, end);
      if (index - runStart === length) return runStart;
      if (index - runStart > longest) longest = index - runStart;
    }
    this.record(start, longest);
    return -1;
  }

  /** Records the last run of each length from `start` on. */
  record(start, longest) {
    const text = this.text;
    const end = this.end;
    const table = new Int32Array(longest + 1).fill(-1);
    let index = start;
    while ((index = nextBacktick(text, index, end)) < end) {
      const runStart = index;
      index = backtickRunEnd(text, index, end);
      table[index - runStart] = runStart;
    }
    this.lastRunStart = table;
  }
}

/** The first backtick in `text[index..end)`, or `end`. */
function nextBacktick(text, index, end) {
  while (index < end && text.charCodeAt(index) !== BACKTICK) index++;
  return index;
}

/** The end of the run of backticks at `index`. */
export function backtickRunEnd(text, index, end) {
  while (index < end && text.charCodeAt(index) === BACKTICK) index++;
  return index;
}
