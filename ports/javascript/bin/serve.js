// The line protocol of docs/against-protocol.md: one JSON request a line on
// standard input, {"input": "…", "limit": 256}, one answer a line on
// standard output, {"body": "…"} or {"error": "why"}, each written before
// the next request is read. `ports/javascript/serve` runs this.

import { answer } from "./answer.js";
import { RequestReader } from "./request-reader.js";

const LINE_FEED = 0x0a;

/**
 * Serves standard input until it ends. Lines are split on "\n" only, before
 * decoding, so a chunk that ends inside a character splits nothing. A line
 * is never joined: its chunks go to the reader as they come, which keeps
 * only what the answer depends on, so a line of any length costs the same
 * memory (a chunk and the reader's).
 */
function serve() {
  const reader = new RequestReader();
  /** Whether the current line has bytes: a last one without "\n" is answered. */
  let pending = false;
  let number = 0;
  const write = (text) => {
    // Synchronous for pipes and files on Linux: the answer is out before
    // the next request is read.
    process.stdout.write(text + "\n");
  };
  const answerLine = () => {
    number++;
    write(answer(reader.finish(), number));
    reader.reset();
    pending = false;
  };
  process.stdout.on("error", () => process.exit(1));
  process.stdin.on("data", (chunk) => {
    let start = 0;
    let lineFeed = chunk.indexOf(LINE_FEED, start);
    while (lineFeed >= 0) {
      reader.feed(chunk, start, lineFeed);
      answerLine();
      start = lineFeed + 1;
      lineFeed = chunk.indexOf(LINE_FEED, start);
    }
    if (start < chunk.length) {
      reader.feed(chunk, start, chunk.length);
      pending = true;
    }
  });
  process.stdin.on("end", () => {
    if (pending) answerLine();
  });
}

serve();
