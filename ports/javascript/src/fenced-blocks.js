// R3 Fenced code blocks: splits the text after R2 into lines, keeps code
// lines exactly, and hands each paragraph of prose lines to R4–R8.

import { CODE, TEXT } from "./marked-text.js";
import { readParagraph } from "./paragraph-reader.js";

const SPACE = 0x20;
const TAB = 0x09;
const LINE_FEED = 0x0a;
const BACKTICK = 0x60;
const TILDE = 0x7e;

/**
 * Reads the whole text after R2 into `out`: code lines as code, blank prose
 * lines as text, each paragraph as R4–R8 read it, joined by line breaks.
 *
 * - Opening fence: after at most 3 spaces, a run of N ≥ 3 backticks or
 *   tildes (the longest such run); lines inside a block never open one.
 * - Closing fence: the first later line that ends, but for spaces and tabs,
 *   with a run of at least N of the fence's character; the code before the
 *   run is a code line, and a line with only spaces or tabs before it
 *   vanishes whole.
 * - One-line block: text, then such a run, after the opening run.
 * - Info string: otherwise the rest of the opening line is dropped with it.
 * - Unclosed fence: runs to the end of the window; when nothing but spaces,
 *   tabs and line breaks follows, the opening line's rest is its code.
 * - A paragraph is a maximal run of prose lines with no blank line among
 *   them; a fenced block ends it.
 *
 * @param {string} text The text after R2.
 * @param {import("./marked-text.js").MarkedText} out
 * @complexity O(n): a block's lines are read once to find its closing
 *   line and once to keep them.
 */
export function readBlocks(text, out) {
  const length = text.length;
  let paragraphStart = -1;
  let paragraphEnd = 0;
  let lineStart = 0;
  // A full writer has all of the body that can matter (R12).
  while (lineStart <= length && !out.isFull) {
    const lineEnd = endOfLine(text, lineStart);
    const runEnd = openingFenceRunEnd(text, lineStart, lineEnd);
    if (runEnd < 0) {
      if (isBlank(text, lineStart, lineEnd)) {
        if (paragraphStart >= 0) {
          keepParagraph(text, paragraphStart, paragraphEnd, out);
          paragraphStart = -1;
        }
        out.beginBlock(lineStart);
        out.append(lineStart, lineEnd, TEXT);
      } else {
        if (paragraphStart < 0) paragraphStart = lineStart;
        paragraphEnd = lineEnd;
      }
      lineStart = lineEnd + 1;
      continue;
    }
    if (paragraphStart >= 0) {
      keepParagraph(text, paragraphStart, paragraphEnd, out);
      paragraphStart = -1;
    }
    lineStart = readFencedBlock(text, lineStart, runEnd, lineEnd, out);
  }
  if (paragraphStart >= 0) keepParagraph(text, paragraphStart, paragraphEnd, out);
}

/** A paragraph is a block of its own, read by R4–R8. */
function keepParagraph(text, start, end, out) {
  out.beginBlock(start);
  readParagraph(text, start, end, out);
}

/**
 * Keeps the block that opens with the run ending at `runEnd` on the line
 * `lineStart..lineEnd`.
 *
 * @returns {number} Where the line after the block starts (past the text's
 *   end when the block runs to it).
 */
function readFencedBlock(text, lineStart, runEnd, lineEnd, out) {
  // The run is all one character, after at most 3 spaces.
  const length = text.length;
  const character = text.charCodeAt(runEnd - 1);
  let runStart = runEnd - 1;
  while (runStart > lineStart && text.charCodeAt(runStart - 1) === character) runStart--;
  const fenceLength = runEnd - runStart;
  // One-line block: at least one unit between the opening run and a closing run.
  const oneLineCloser = closingRunStart(text, character, fenceLength, runEnd, lineEnd);
  if (oneLineCloser > runEnd) {
    out.beginBlock(lineStart);
    out.append(runEnd, oneLineCloser, CODE);
    return lineEnd + 1;
  }
  // The first later line that closes the block.
  let closingStart = lineEnd + 1;
  while (closingStart <= length) {
    const closingEnd = endOfLine(text, closingStart);
    const closer = closingRunStart(text, character, fenceLength, closingStart, closingEnd);
    if (closer >= 0) {
      // The opening line vanishes with its info string; the lines between
      // are code, line breaks included.
      if (closingStart > lineEnd + 1) {
        out.beginBlock(lineEnd + 1);
        out.append(lineEnd + 1, closingStart - 1, CODE);
      }
      if (!isBlank(text, closingStart, closer)) {
        out.beginBlock(closingStart);
        out.append(closingStart, closer, CODE);
      }
      return closingEnd + 1;
    }
    closingStart = closingEnd + 1;
  }
  // Unclosed: the block runs to the end of the window.
  if (isBlankOrLineBreaks(text, lineEnd, length)) {
    out.beginBlock(lineStart);
    out.append(runEnd, lineEnd, CODE);
  }
  if (lineEnd < length) {
    out.beginBlock(lineEnd + 1);
    out.append(lineEnd + 1, length, CODE);
  }
  return length + 1;
}

function endOfLine(text, start) {
  const end = text.indexOf("\n", start);
  return end < 0 ? text.length : end;
}

/**
 * Where the opening run of a fence on the line `start..end` ends, or -1
 * when the line opens none: at most 3 spaces, then 3 or more backticks or
 * tildes.
 */
function openingFenceRunEnd(text, start, end) {
  let index = start;
  while (index < end && index - start < 3 && text.charCodeAt(index) === SPACE) index++;
  if (index >= end) return -1;
  const character = text.charCodeAt(index);
  if (character !== BACKTICK && character !== TILDE) return -1;
  const runStart = index;
  while (index < end && text.charCodeAt(index) === character) index++;
  return index - runStart >= 3 ? index : -1;
}

/**
 * Where the run of at least `fenceLength` of `character` starts that ends
 * `text[start..end)` but for spaces and tabs, or -1 when there is none. The
 * run is the whole run the line ends with, from `start` at most.
 */
function closingRunStart(text, character, fenceLength, start, end) {
  let runEnd = end;
  while (runEnd > start && isSpaceOrTab(text.charCodeAt(runEnd - 1))) runEnd--;
  let runStart = runEnd;
  while (runStart > start && text.charCodeAt(runStart - 1) === character) runStart--;
  return runEnd - runStart >= fenceLength ? runStart : -1;
}

function isSpaceOrTab(unit) {
  return unit === SPACE || unit === TAB;
}

/** R2: a line is blank when it holds nothing but spaces and tabs. */
function isBlank(text, start, end) {
  for (let index = start; index < end; index++) {
    if (!isSpaceOrTab(text.charCodeAt(index))) return false;
  }
  return true;
}

function isBlankOrLineBreaks(text, start, end) {
  for (let index = start; index < end; index++) {
    const unit = text.charCodeAt(index);
    if (!isSpaceOrTab(unit) && unit !== LINE_FEED) return false;
  }
  return true;
}
