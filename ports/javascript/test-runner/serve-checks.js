// Checks of `ports/javascript/serve`, the line protocol of
// docs/against-protocol.md, run as diff runs it: from another folder.

import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { tmpdir } from "node:os";
import { escaped } from "./escape.js";

const SERVE = fileURLToPath(new URL("../serve", import.meta.url));

/**
 * @returns {[string, () => (null | [string, string][])][]} Named checks.
 */
export function serveChecks() {
  return [
    [
      "serve answers each line, refuses malformed ones and goes on, and reads a last line with no line break",
      () => {
        const requests = [
          '{"input":"Hello **world**","limit":256}',
          '{"input":"a\\ud800b","limit":300,"future":true}',
          "",
          "[1]",
          '{"input":"x","limit":100}',
          '{"limit":300}',
          JSON.stringify({ input: "\u2028\uFEFF\u0000 *", limit: 9007199254740991 }),
        ].join("\n");
        const result = spawnSync("/bin/sh", ["-c", `'${SERVE}'`], { input: requests, cwd: tmpdir(), encoding: "utf8" });
        const answers = result.stdout.split("\n");
        const expected = [
          { body: "Hello world" },
          { body: "a\uFFFDb" },
          "error",
          "error",
          "error",
          "error",
          { body: "\u2028\uFEFF\u0000 *" },
        ];
        const wrong = [];
        if (result.status !== 0) wrong.push(["status", `${result.status}; stderr ${escaped(result.stderr)}`]);
        if (answers.length !== expected.length + 1 || answers[expected.length] !== "") {
          wrong.push(["answers", escaped(result.stdout)]);
          return wrong;
        }
        expected.forEach((want, index) => {
          let got;
          try {
            got = JSON.parse(answers[index]);
          } catch {
            wrong.push([`line ${index + 1}`, escaped(answers[index])]);
            return;
          }
          const ok = want === "error" ? typeof got.error === "string" && !("body" in got) : got.body === want.body;
          if (!ok) wrong.push([`line ${index + 1}`, escaped(answers[index])]);
        });
        return wrong.length === 0 ? null : wrong;
      },
    ],
  ];
}
