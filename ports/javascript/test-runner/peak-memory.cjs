// Loaded into `serve` by the serve checks (NODE_OPTIONS=--require): at exit,
// writes the process's peak resident set size to standard error as
// "peak-rss-kib N", so a check can bound what a long request line costs.
// getrusage's peak, through Node, works wherever Node does: no /proc, no
// /usr/bin/time.

"use strict";

const { writeSync } = require("node:fs");

process.on("exit", () => {
  // Synchronous: an exit handler's asynchronous writes may never happen.
  writeSync(2, `peak-rss-kib ${process.resourceUsage().maxRSS}\n`);
});
