// UTF-16 code units: the strings' own units, which lengths and limits count
// (docs/contract.md, Terms: Unit).

/**
 * Whether a unit is a high (leading) surrogate, U+D800–U+DBFF.
 * @param {number} unit
 * @returns {boolean}
 */
export function isHighSurrogate(unit) {
  return (unit & 0xfc00) === 0xd800;
}

/**
 * Whether a unit is a low (trailing) surrogate, U+DC00–U+DFFF.
 * @param {number} unit
 * @returns {boolean}
 */
export function isLowSurrogate(unit) {
  return (unit & 0xfc00) === 0xdc00;
}

/**
 * The last scalar boundary at or before `offset`: `offset - 1` when
 * `offset` falls between the two halves of a surrogate pair, else `offset`.
 *
 * @param {string} text
 * @param {number} offset 0 to `text.length`.
 * @returns {number}
 */
export function scalarBoundaryAtOrBefore(text, offset) {
  if (
    offset > 0 &&
    offset < text.length &&
    isLowSurrogate(text.charCodeAt(offset)) &&
    isHighSurrogate(text.charCodeAt(offset - 1))
  ) {
    return offset - 1;
  }
  return offset;
}
