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
 * The start of the scalar that holds unit `offset - 1`, or `offset` itself
 * when `offset` already starts a scalar: the last scalar boundary at or
 * before `offset`.
 *
 * @param {string} text Text whose surrogates are all paired.
 * @param {number} offset 0 to `text.length`.
 * @returns {number} `offset`, or `offset - 1` when it would split a pair.
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
