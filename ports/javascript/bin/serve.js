// The line protocol of docs/against-protocol.md: one JSON request a line on
// standard input, {"input": "…", "limit": 256}, one answer a line on
// standard output, {"body": "…"} or {"error": "why"}, each written before
// the next request is read. `ports/javascript/serve` runs this.

import { answer, MAX_LINE_BYTES } from "./answer.js";

const LINE_FEED = 0x0a;

/**
 * Serves standard input until it ends. Lines are split on "\n" only, before
 * decoding, so a chunk that ends inside a character splits nothing. A line
 * is kept up to MAX_LINE_BYTES; the bytes of a longer one are skipped as
 * they come, and it is answered with an error.
 */
function serve() {
  let pieces = [];
  let length = 0;
  let pending = false;
  let number = 0;
  const answerLine = () => {
    number++;
    const line = length > MAX_LINE_BYTES ? null : Buffer.concat(pieces, length).toString("utf8");
    // Synchronous for pipes and files on Linux: the answer is out before
    // the next request is read.
    process.stdout.write(answer(line, number) + "\n");
    pieces = [];
    length = 0;
    pending = false;
  };
  process.stdout.on("error", () => process.exit(1));
  process.stdin.on("data", (chunk) => {
    for (let start = 0; start < chunk.length; ) {
      const lineFeed = chunk.indexOf(LINE_FEED, start);
      const end = lineFeed < 0 ? chunk.length : lineFeed;
      length += end - start;
      pending = true;
      // Past the bound the line's bytes are counted, never kept.
      if (length <= MAX_LINE_BYTES) pieces.push(chunk.subarray(start, end));
      else pieces = [];
      if (lineFeed < 0) break;
      answerLine();
      start = lineFeed + 1;
    }
  });
  process.stdin.on("end", () => {
    if (pending) answerLine();
  });
}

serve();
