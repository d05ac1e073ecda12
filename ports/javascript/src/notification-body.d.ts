// Type declarations for the public API of src/notification-body.js.

/**
 * The push-notification body of a chat message, by docs/contract.md's rules
 * R1–R12.
 *
 * Lengths count UTF-16 code units (`String.length`); the body is cut only
 * between whole characters (extended grapheme clusters, Unicode 17.0.0),
 * never inside a surrogate pair, a flag or a letter with its marks. Lone
 * surrogates in the message become U+FFFD first. At most the first 4096
 * units of the message are read, however long it is.
 *
 * @example
 * makeBody("Hello **world**"); // "Hello world"
 * makeBody("Run:\n```sh\nmake\n```\nthen"); // "Run:\nmake\nthen"
 *
 * @param markdown The message as the sender typed it; any string.
 * @param limit The most UTF-16 code units the body may hold, 256 by
 *   default. A value below 256 is clamped up to 256; any larger whole number
 *   works, 2^53 − 1 and beyond (a fraction is rounded down).
 * @returns The body: at most `limit` UTF-16 code units, ended with "…"
 *   when text was left out.
 * @throws {TypeError} When `markdown` is not a string, or `limit` is neither
 *   a number nor a bigint (or is NaN); the message says what it got (null, a
 *   string "300", a Number object).
 */
export declare function makeBody(markdown: string, limit?: number | bigint): string;

/**
 * The characters of a text: extended grapheme clusters as UAX #29 defines
 * them over Unicode 17.0.0's data, the breaker R1 and R12 cut with.
 *
 * @example
 * characters("e\u0301🇺🇸!"); // ["e\u0301", "🇺🇸", "!"]
 *
 * @param text Any string.
 * @returns Its characters, in order; none for "".
 * @throws {TypeError} When `text` is not a string (the message says what it is).
 */
export declare function characters(text: string): string[];

/** The Unicode version of the character data the port cuts with: "17.0.0". */
export declare const UNICODE_VERSION: string;

/** The default and smallest limit: 256 UTF-16 code units. */
export declare const DEFAULT_LIMIT: 256;

/** The most UTF-16 code units of a message that are read (R1): 4096. */
export declare const WINDOW_UNITS: 4096;
