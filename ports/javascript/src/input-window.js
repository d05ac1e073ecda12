// R1 Input window: the longest prefix of whole characters of the message
// whose length is at most 4096 units. Nothing after the window is read.

import { characterBoundaryAtOrBefore } from "./character-boundary.js";
import { replacingLoneSurrogates } from "./lone-surrogates.js";
import { scalarBoundaryAtOrBefore } from "./utf16.js";

/** The most UTF-16 code units of a message that are read (R1). */
export const WINDOW_UNITS = 4096;

/**
 * R1's window of a message, its lone surrogates already replaced (Terms).
 *
 * A message of at most 4096 units is its own window. Of a longer one, only
 * the first 4098 units are read: the window's last scalar boundary is at
 * most 4096, and whether a character ends there depends on the text before
 * it and the one scalar after it (at most two units).
 *
 * @param {string} message The whole message, of any length.
 * @returns {{text: string, leftTextOut: boolean}} The window, and whether it
 *   is shorter than the message (then R12 ends the body with "…").
 * @complexity O(w), w ≤ 4098, whatever the message's length.
 */
export function inputWindow(message) {
  if (message.length <= WINDOW_UNITS) {
    return { text: replacingLoneSurrogates(message, message.length), leftTextOut: false };
  }
  const read = replacingLoneSurrogates(message, Math.min(message.length, WINDOW_UNITS + 2));
  const scalarEnd = scalarBoundaryAtOrBefore(read, WINDOW_UNITS);
  const end = characterBoundaryAtOrBefore(read, scalarEnd);
  return { text: read.slice(0, end), leftTextOut: true };
}
