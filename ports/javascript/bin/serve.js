// The line protocol of docs/against-protocol.md: one JSON request a line on
// standard input, {"input": "…", "limit": 256}, one answer a line on
// standard output, {"body": "…"} or {"error": "why"}, each written before
// the next request is read. `ports/javascript/serve` runs this.
//
// Read and written with blocking calls, not the event loop: `diff` sends a
// request only once the last is answered, and a trip through the event loop
// for each one took diff from 17,100 to 10,000 inputs a second.

import { readSync, writeSync } from "node:fs";
import { answer, MAX_LINE_BYTES } from "./answer.js";

const LINE_FEED = 0x0a;

/** Waits a millisecond without spinning: for a standard input that would block. */
const pause = () => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 1);

/**
 * Serves standard input until it ends. Lines are split on "\n" only, before
 * decoding, so a read that ends inside a character splits nothing. A line
 * is kept up to MAX_LINE_BYTES; the bytes of a longer one are skipped as
 * they come, and it is answered with an error.
 */
function serve() {
  const buffer = Buffer.allocUnsafe(1 << 16);
  let pieces = [];
  // The line's length so far, its bytes past the bound counted but not kept.
  let length = 0;
  let number = 0;
  const answerLine = () => {
    number++;
    const line = length > MAX_LINE_BYTES ? null : Buffer.concat(pieces, length).toString("utf8");
    const bytes = Buffer.from(answer(line, number) + "\n", "utf8");
    for (let written = 0; written < bytes.length; ) {
      try {
        written += writeSync(1, bytes, written);
      } catch (error) {
        if (error.code !== "EAGAIN") process.exit(1);
        pause();
      }
    }
    pieces = [];
    length = 0;
  };
  for (;;) {
    let count;
    try {
      count = readSync(0, buffer, 0, buffer.length, null);
    } catch (error) {
      if (error.code === "EAGAIN") {
        pause();
        continue;
      }
      if (error.code === "EOF") break;
      throw error;
    }
    if (count === 0) break;
    const chunk = buffer.subarray(0, count);
    for (let start = 0; start < count; ) {
      const lineFeed = chunk.indexOf(LINE_FEED, start);
      const end = lineFeed < 0 ? count : lineFeed;
      length += end - start;
      // Past the bound the line's bytes are counted, never kept; a kept
      // piece is copied, as the buffer is read into again.
      if (length <= MAX_LINE_BYTES) pieces.push(Buffer.from(chunk.subarray(start, end)));
      else pieces = [];
      if (lineFeed < 0) break;
      answerLine();
      start = lineFeed + 1;
    }
  }
  if (length > 0) answerLine();
}

serve();
