// The line protocol of docs/against-protocol.md: one JSON request a line on
// standard input, {"input": "…", "limit": 256}, one answer a line on
// standard output, {"body": "…"} or {"error": "why"}, each written before
// the next request is read. `ports/javascript/serve` runs this.

import { answer } from "./answer.js";

const LINE_FEED = 0x0a;

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
      write(answer(line.toString("utf8"), number));
      start = lineFeed + 1;
      lineFeed = chunk.indexOf(LINE_FEED, start);
    }
    if (start < chunk.length) partial.push(chunk.subarray(start));
  });
  process.stdin.on("end", () => {
    // A last line with no line break.
    if (partial.length > 0) {
      number++;
      write(answer(Buffer.concat(partial).toString("utf8"), number));
    }
  });
}

serve();
