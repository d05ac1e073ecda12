// Whether a character ends at one offset, for R1's window and R12's cut:
// read back from the offset only as far as the rules need, so a cut costs
// O(1) in the usual case rather than a pass over the text before it.

import {
  EXTEND,
  ZWJ,
  REGIONAL_INDICATOR,
  EXTENDED_PICTOGRAPHIC,
  CONJUNCT_LINKER,
  CONJUNCT_CONSONANT,
  CONJUNCT_EXTEND,
  CLUSTER_BREAK_MASK,
  CONJUNCT_BREAK_MASK,
} from "./grapheme-break-property.js";
import { breaksBetween } from "./grapheme-break.js";
import { propertiesOf } from "./unicode-properties.js";
import { isHighSurrogate, isLowSurrogate } from "./utf16.js";

/**
 * Whether a character boundary lies at `offset`: the rules of UAX #29
 * between the scalar before it and the one after it, with GB9c, GB11, GB12
 * and GB13 answered by reading their runs backwards, as far as they go.
 *
 * @param {string} text Text whose surrogates are paired, up to one scalar
 *   past `offset`.
 * @param {number} offset A scalar boundary, 0 to `text.length`.
 * @returns {boolean} True at the text's start and end (GB1, GB2).
 * @complexity O(1) but for the runs those rules read back.
 */
export function isCharacterBoundary(text, offset) {
  if (offset <= 0 || offset >= text.length) return true;
  const beforeUnit = text.charCodeAt(offset - 1);
  const afterUnit = text.charCodeAt(offset);
  // Between two ASCII scalars a boundary lies everywhere but inside "\r\n":
  // no ASCII scalar extends, prepends, pairs, links or is a pictograph.
  if (beforeUnit < 0x80 && afterUnit < 0x80) return beforeUnit !== 0x0d || afterUnit !== 0x0a;
  const beforeStart = scalarStart(text, offset);
  const before = propertiesOf(text.codePointAt(beforeStart));
  const after = propertiesOf(text.codePointAt(offset));
  const left = before & CLUSTER_BREAK_MASK;
  const right = after & CLUSTER_BREAK_MASK;
  const conjunct = before & CONJUNCT_BREAK_MASK;
  const conjunctJoins =
    (after & CONJUNCT_BREAK_MASK) === CONJUNCT_CONSONANT &&
    (conjunct === CONJUNCT_LINKER || conjunct === CONJUNCT_EXTEND) &&
    followsLinkedConsonant(text, offset);
  const pictographJoins =
    left === ZWJ && (after & EXTENDED_PICTOGRAPHIC) !== 0 && followsPictographAndZWJ(text, beforeStart);
  const regionalIndicators =
    left === REGIONAL_INDICATOR && right === REGIONAL_INDICATOR ? regionalIndicatorsBefore(text, offset) : 0;
  return breaksBetween(left, right, conjunctJoins, pictographJoins, regionalIndicators);
}

/**
 * The last character boundary at or before `offset`, stepping back one
 * scalar at a time until one is found.
 *
 * @param {string} text Text whose surrogates are paired, up to one scalar
 *   past `offset`.
 * @param {number} offset A scalar boundary, 0 to `text.length`.
 * @returns {number} 0 to `offset`.
 * @complexity O(d), d the distance back to that boundary and to the start
 *   of the runs the rules read before it.
 */
export function characterBoundaryAtOrBefore(text, offset) {
  let boundary = offset;
  while (boundary > 0 && !isCharacterBoundary(text, boundary)) boundary = scalarStart(text, boundary);
  return boundary;
}

/** The start of the scalar that ends at `offset` (> 0). */
function scalarStart(text, offset) {
  if (
    offset >= 2 &&
    isLowSurrogate(text.charCodeAt(offset - 1)) &&
    isHighSurrogate(text.charCodeAt(offset - 2))
  ) {
    return offset - 2;
  }
  return offset - 1;
}

/**
 * GB9c's left side ends at `offset`: a run of InCB=Extend and Linker scalars
 * holding at least one Linker, after an InCB=Consonant.
 */
function followsLinkedConsonant(text, offset) {
  let position = offset;
  let linked = false;
  while (position > 0) {
    position = scalarStart(text, position);
    switch (propertiesOf(text.codePointAt(position)) & CONJUNCT_BREAK_MASK) {
      case CONJUNCT_LINKER:
        linked = true;
        break;
      case CONJUNCT_EXTEND:
        break;
      case CONJUNCT_CONSONANT:
        return linked;
      default:
        return false;
    }
  }
  return false;
}

/**
 * GB11's left side ends with the ZWJ at `zwj`: an Extended_Pictographic
 * scalar, then any Extend scalars, then it.
 */
function followsPictographAndZWJ(text, zwj) {
  let position = zwj;
  while (position > 0) {
    position = scalarStart(text, position);
    const properties = propertiesOf(text.codePointAt(position));
    if ((properties & CLUSTER_BREAK_MASK) !== EXTEND) {
      return (properties & EXTENDED_PICTOGRAPHIC) !== 0;
    }
  }
  return false;
}

/** How many regional indicators stand in a row just before `offset`. */
function regionalIndicatorsBefore(text, offset) {
  let count = 0;
  let position = offset;
  while (position > 0) {
    position = scalarStart(text, position);
    if ((propertiesOf(text.codePointAt(position)) & CLUSTER_BREAK_MASK) !== REGIONAL_INDICATOR) break;
    count++;
  }
  return count;
}
