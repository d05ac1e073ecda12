// The line protocol of docs/against-protocol.md: one JSON request a line on
// standard input, {"input": "…", "limit": 256}, one answer a line on
// standard output, {"body": "…"} or {"error": "why"}, each written before
// the next request is read. `ports/javascript/serve` runs this.

import { makeBody } from "../src/notification-body.js";
import { DEFAULT_LIMIT } from "../src/limit.js";

const LINE_FEED = 0x0a;

/**
 * The answer line to one request line, without its line break.
 *
 * @param {Buffer} line The request's UTF-8, without its "\n".
 * @param {number} number Its line number, from 1, for an error's message.
 * @returns {string}
 */
export function answer(line, number) {
  let body;
  try {
    const request = parseRequest(line.toString("utf8"));
    body = makeBody(request.input, request.limit);
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

/**
 * Serves standard input until it ends. Lines are split on "\n" only, before
 * decoding, so a chunk that ends inside a character splits nothing; a long
 * line's chunks are joined once, when its "\n" comes.
 */
function serve() {
  /** @type {Buffer[]} The current line's chunks so far. */
  let partial = [];
  let number = 0;
  const write = (text) => {
    // Synchronous for pipes and files on Linux: the answer is out before
    // the next request is read.
    process.stdout.write(text + "\n");
  };
  process.stdout.on("error", () => process.exit(1));
  process.stdin.on("data", (chunk) => {
    let start = 0;
    let lineFeed = chunk.indexOf(LINE_FEED, start);
    while (lineFeed >= 0) {
      let line = chunk.subarray(start, lineFeed);
      if (partial.length > 0) {
        partial.push(line);
        line = Buffer.concat(partial);
        partial = [];
      }
      number++;
      write(answer(line, number));
      start = lineFeed + 1;
      lineFeed = chunk.indexOf(LINE_FEED, start);
    }
    if (start < chunk.length) partial.push(chunk.subarray(start));
  });
  process.stdin.on("end", () => {
    // A last line with no line break.
    if (partial.length > 0) {
      number++;
      write(answer(Buffer.concat(partial), number));
    }
  });
}

serve();
