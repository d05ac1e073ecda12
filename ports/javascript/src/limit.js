// Terms, Limit: the most units a body may hold, 256 by default; it can be
// raised and never lowered.

import { describedValue } from "./described-value.js";

/** The default and smallest limit, in UTF-16 code units. */
export const DEFAULT_LIMIT = 256;

/**
 * The limit a body is made with: `limit` as a whole number of units,
 * clamped up to 256 (a smaller value, zero or a negative one gives 256).
 * Numbers past 2^53 − 1 and `Infinity` are fine: no body comes near them.
 *
 * @param {number | bigint} limit The limit asked for, in UTF-16 code units.
 * @returns {number} At least 256.
 * @throws {TypeError} When `limit` is neither a number nor a bigint, or is NaN.
 */
export function clampedLimit(limit) {
  let units = limit;
  if (typeof units === "bigint") units = Number(units);
  if (typeof units !== "number" || Number.isNaN(units)) {
    throw new TypeError(
      `makeBody: limit must be a number (or a bigint) of UTF-16 code units, not ${describedValue(limit)}`,
    );
  }
  units = Math.floor(units);
  return units < DEFAULT_LIMIT ? DEFAULT_LIMIT : units;
}
