// Terms, Character: extended grapheme clusters, UAX #29's rules GB1–GB999
// as written, over Unicode 17.0.0's data (the generated table). Never
// Intl.Segmenter: its ICU data and rules are another engine's.

import {
  CR,
  LF,
  CONTROL,
  EXTEND,
  ZWJ,
  REGIONAL_INDICATOR,
  PREPEND,
  SPACING_MARK,
  L,
  V,
  T,
  LV,
  LVT,
  EXTENDED_PICTOGRAPHIC,
  CONJUNCT_LINKER,
  CONJUNCT_CONSONANT,
  CONJUNCT_EXTEND,
  CLUSTER_BREAK_MASK,
  CONJUNCT_BREAK_MASK,
} from "./grapheme-break-property.js";
import { describedValue } from "./described-value.js";
import { propertiesOf } from "./unicode-properties.js";
import { isHighSurrogate, isLowSurrogate } from "./utf16.js";

/**
 * Where characters start in `text[0..end]`, one forward pass that applies
 * the rules between every two scalars in order (the first rule that matches
 * decides). The rules that look further back than one scalar (GB9c, GB11,
 * GB12, GB13) read what the text so far ends with, kept as it goes.
 *
 * @param {string} text Any string; a lone surrogate is a scalar of its own.
 * @param {number} end A scalar boundary of `text`, 0 to `text.length`.
 * @returns {Uint8Array} `end + 1` flags: 1 where a character boundary lies
 *   before unit `i`; 0 inside a character and inside a surrogate pair. The
 *   flag at `end` reads the scalar that starts there (UAX #29 looks one
 *   scalar ahead); at the text's end it is 1 (GB2) unless the text is empty.
 * @complexity O(end).
 */
export function characterBoundaries(text, end) {
  const length = text.length;
  // One flag more than asked, in case `end` splits a pair after all.
  const boundaries = new Uint8Array(end + 2);
  // What the text up to the previous scalar ends with:
  // GB9c's "Consonant [Extend Linker]*", and whether a Linker is among them;
  let consonantRun = false;
  let linked = false;
  // GB11's "ExtPict Extend*", and "ExtPict Extend* ZWJ";
  let pictographRun = false;
  let pictographAndZWJ = false;
  // GB12 and GB13's regional indicators in a row.
  let regionalIndicators = 0;
  let previousCodePoint = -1;
  let previous = 0; // the previous scalar's Grapheme_Cluster_Break
  let index = 0;
  while (index < length) {
    let codePoint = text.charCodeAt(index);
    let width = 1;
    if (isHighSurrogate(codePoint) && index + 1 < length) {
      const low = text.charCodeAt(index + 1);
      if (isLowSurrogate(low)) {
        codePoint = ((codePoint - 0xd800) << 10) + (low - 0xdc00) + 0x10000;
        width = 2;
      }
    }
    const properties = propertiesOf(codePoint);
    const clusterBreak = properties & CLUSTER_BREAK_MASK;
    const conjunct = properties & CONJUNCT_BREAK_MASK;
    if (index === 0) {
      // GB1: break at the start of text.
      boundaries[0] = 1;
    } else if (codePoint < 0x80 && previousCodePoint < 0x80) {
      // Two ASCII scalars: GB3 to GB5 decide, or GB999 (no ASCII scalar
      // extends, prepends, pairs, links or is a pictograph).
      boundaries[index] = previousCodePoint !== 0x0d || codePoint !== 0x0a ? 1 : 0;
    } else {
      boundaries[index] = breaksBetween(
        previous,
        clusterBreak,
        conjunct === CONJUNCT_CONSONANT && consonantRun && linked,
        (properties & EXTENDED_PICTOGRAPHIC) !== 0 && pictographAndZWJ,
        regionalIndicators,
      )
        ? 1
        : 0;
    }
    if (index >= end) return boundaries;
    // The runs, with this scalar.
    if (conjunct === CONJUNCT_CONSONANT) {
      consonantRun = true;
      linked = false;
    } else if (consonantRun && conjunct === CONJUNCT_LINKER) {
      linked = true;
    } else if (!(consonantRun && conjunct === CONJUNCT_EXTEND)) {
      consonantRun = false;
      linked = false;
    }
    pictographAndZWJ = pictographRun && clusterBreak === ZWJ;
    pictographRun =
      (properties & EXTENDED_PICTOGRAPHIC) !== 0 || (pictographRun && clusterBreak === EXTEND);
    regionalIndicators = clusterBreak === REGIONAL_INDICATOR ? regionalIndicators + 1 : 0;
    previous = clusterBreak;
    previousCodePoint = codePoint;
    index += width;
  }
  // GB2: break at the end of text, unless the text is empty.
  if (length > 0) boundaries[length] = 1;
  return boundaries;
}

/**
 * The rules in UAX #29's order between a scalar whose Grapheme_Cluster_Break
 * is `before` and one whose is `after`; the rules that read further back are
 * answered by the caller (this forward pass, or character-boundary.js's
 * steps back).
 *
 * @param {number} before
 * @param {number} after
 * @param {boolean} conjunctJoins GB9c's left side precedes and `after` is a Consonant.
 * @param {boolean} pictographJoins GB11's left side precedes and `after` is a pictograph.
 * @param {number} regionalIndicatorsBefore Regional indicators in a row before `after`.
 * @returns {boolean} Whether a boundary lies between them.
 */
export function breaksBetween(before, after, conjunctJoins, pictographJoins, regionalIndicatorsBefore) {
  // GB3: CR × LF.
  if (before === CR && after === LF) return false;
  // GB4: (Control | CR | LF) ÷.
  if (before === CONTROL || before === CR || before === LF) return true;
  // GB5: ÷ (Control | CR | LF).
  if (after === CONTROL || after === CR || after === LF) return true;
  // GB6: L × (L | V | LV | LVT).
  if (before === L && (after === L || after === V || after === LV || after === LVT)) return false;
  // GB7: (LV | V) × (V | T).
  if ((before === LV || before === V) && (after === V || after === T)) return false;
  // GB8: (LVT | T) × T.
  if ((before === LVT || before === T) && after === T) return false;
  // GB9: × (Extend | ZWJ).
  if (after === EXTEND || after === ZWJ) return false;
  // GB9a: × SpacingMark.
  if (after === SPACING_MARK) return false;
  // GB9b: Prepend ×.
  if (before === PREPEND) return false;
  // GB9c: \p{InCB=Consonant} [\p{InCB=Extend}\p{InCB=Linker}]* \p{InCB=Linker}
  // [\p{InCB=Extend}\p{InCB=Linker}]* × \p{InCB=Consonant}.
  if (conjunctJoins) return false;
  // GB11: \p{Extended_Pictographic} Extend* ZWJ × \p{Extended_Pictographic}.
  if (pictographJoins) return false;
  // GB12, GB13: sot (RI RI)* RI × RI, [^RI] (RI RI)* RI × RI.
  if (
    before === REGIONAL_INDICATOR &&
    after === REGIONAL_INDICATOR &&
    regionalIndicatorsBefore % 2 === 1
  ) {
    return false;
  }
  // GB999: Any ÷ Any.
  return true;
}

/**
 * The characters of a text: extended grapheme clusters as UAX #29 defines
 * them over Unicode 17.0.0's data (docs/contract.md, Terms), the breaker
 * that R1 and R12 cut with.
 *
 * @example
 * characters("e\u0301🇺🇸!"); // ["e\u0301", "🇺🇸", "!"]
 *
 * @param {string} text Any string.
 * @returns {string[]} Its characters, in order; none for "".
 * @throws {TypeError} When `text` is not a string.
 */
export function characters(text) {
  if (typeof text !== "string") {
    throw new TypeError(`characters: text must be a string, not ${describedValue(text)}`);
  }
  const boundaries = characterBoundaries(text, text.length);
  const result = [];
  let start = 0;
  for (let index = 1; index <= text.length; index++) {
    if (boundaries[index] === 1) {
      result.push(text.slice(start, index));
      start = index;
    }
  }
  return result;
}
