// A scalar's grapheme-break properties, read from the generated table
// (grapheme-break-property.js, Unicode 17.0.0; docs/contract.md, Terms).

import { RANGES } from "./grapheme-break-property.js";

/** The first scalar past the Basic Multilingual Plane. */
const SUPPLEMENTARY_START = 0x10000;

/**
 * The properties of every scalar below U+10000, one byte each, filled from
 * the ranges once when the module loads: most text is looked up by index.
 */
const BASIC_PLANE = basicPlaneTable();

function basicPlaneTable() {
  const table = new Uint8Array(SUPPLEMENTARY_START);
  for (let index = 0; index < RANGES.length; index++) {
    const start = RANGES[index] >>> 8;
    if (start >= SUPPLEMENTARY_START) break;
    const end =
      index + 1 < RANGES.length
        ? Math.min(RANGES[index + 1] >>> 8, SUPPLEMENTARY_START)
        : SUPPLEMENTARY_START;
    table.fill(RANGES[index] & 0xff, start, end);
  }
  return table;
}


/**
 * A scalar's properties as the table packs them: Grapheme_Cluster_Break in
 * the low four bits, Extended_Pictographic in bit 4, Indic_Conjunct_Break in
 * bits 5 and 6.
 *
 * @param {number} codePoint A code point, 0 to 0x10FFFF (a lone surrogate
 *   is looked up like any other: no Unicode file names one, so it is Other).
 * @returns {number} Its properties byte.
 */
export function propertiesOf(codePoint) {
  if (codePoint < SUPPLEMENTARY_START) return BASIC_PLANE[codePoint];
  // The entry of the last range that starts at or before it.
  let low = 0;
  let high = RANGES.length;
  while (high - low > 1) {
    const middle = (low + high) >>> 1;
    if (RANGES[middle] >>> 8 <= codePoint) low = middle;
    else high = middle;
  }
  return RANGES[low] & 0xff;
}
