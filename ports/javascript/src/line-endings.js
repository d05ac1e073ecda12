// R2 Line endings: "\r\n" and a lone "\r" are line breaks and become "\n",
// everywhere, code included.

/** Every "\r\n" and lone "\r": compiled once, for all messages. */
const CARRIAGE_RETURNS = /\r\n?/g;

/**
 * The window with every line break as "\n".
 *
 * @param {string} window R1's window.
 * @returns {string} The window itself when it holds no "\r".
 */
export function normalizedLineEndings(window) {
  return window.indexOf("\r") < 0 ? window : window.replace(CARRIAGE_RETURNS, "\n");
}
