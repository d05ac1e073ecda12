// The answer to one request of docs/against-protocol.md: {"body": "…"} for
// a request, {"error": "line N why"} for a line that is none. `serve`
// reads the lines; this judges them, so that what a line is answered does
// not depend on how it was read.

import { makeBody } from "../src/notification-body.js";
import { DEFAULT_LIMIT } from "../src/limit.js";

/** The most bytes a request line may hold, its "\n" aside (8 MiB). */
export const MAX_LINE_BYTES = 8_388_608;

/**
 * The answer line to one request line, without its line break.
 *
 * @param {string | null} request The request's JSON text; null for a line
 *   longer than MAX_LINE_BYTES.
 * @param {number} number Its line number, from 1, for an error's message.
 * @returns {string}
 */
export function answer(request, number) {
  let body;
  try {
    if (request === null) throw new RequestError(`is longer than ${MAX_LINE_BYTES} bytes`);
    const { input, limit } = parseRequest(request);
    body = makeBody(input, limit);
  } catch (error) {
    return JSON.stringify({ error: `line ${number} ${error instanceof RequestError ? error.message : String(error)}` });
  }
  return JSON.stringify({ body });
}

class RequestError extends Error {}

/**
 * Reads a request. JSON.parse keeps a lone surrogate's escape in the string;
 * makeBody replaces it (docs/contract.md, Terms). Unknown keys are ignored.
 *
 * @param {string} text
 * @returns {{input: string, limit: number}}
 */
function parseRequest(text) {
  let request;
  try {
    request = JSON.parse(text);
  } catch {
    throw new RequestError("is not JSON");
  }
  if (request === null || typeof request !== "object" || Array.isArray(request)) {
    throw new RequestError("is not a JSON object");
  }
  if (!Object.hasOwn(request, "input")) throw new RequestError('has no "input"');
  if (typeof request.input !== "string") {
    throw new RequestError('has an "input" that is not a string');
  }
  if (!Object.hasOwn(request, "limit")) return { input: request.input, limit: DEFAULT_LIMIT };
  const limit = request.limit;
  if (typeof limit !== "number" || !Number.isInteger(limit) || limit < DEFAULT_LIMIT) {
    throw new RequestError(`has a "limit" that is not a whole number of at least ${DEFAULT_LIMIT}`);
  }
  return { input: request.input, limit };
}
