// Checks of `ports/javascript/serve`, the line protocol of
// docs/against-protocol.md, run as diff runs it: from another folder.

import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { tmpdir } from "node:os";
import { MAX_LINE_BYTES } from "../bin/answer.js";
import { makeBody } from "../src/notification-body.js";
import { escaped } from "./escape.js";

const SERVE = fileURLToPath(new URL("../serve", import.meta.url));
const PEAK_MEMORY = fileURLToPath(new URL("./peak-memory.cjs", import.meta.url));

/**
 * The most a long line may cost serve, peak resident memory of the whole
 * process (docs/against-protocol.md).
 */
const PEAK_KIB_BOUND = 100 * 1000;

/**
 * Runs serve over `requests` with its peak memory reported.
 *
 * @param {string | Buffer} requests
 * @returns {{answers: string[], wrong: [string, string][], peakKiB: number}}
 *   Its answer lines, without the last line break; what went wrong.
 */
function runServe(requests) {
  const nodeOptions = `${process.env.NODE_OPTIONS ?? ""} --require ${JSON.stringify(PEAK_MEMORY)}`;
  const result = spawnSync("/bin/sh", ["-c", `'${SERVE}'`], {
    input: requests,
    cwd: tmpdir(),
    encoding: "utf8",
    env: { ...process.env, NODE_OPTIONS: nodeOptions },
    maxBuffer: 64 * 1024 * 1024,
  });
  const wrong = [];
  if (result.status !== 0) wrong.push(["status", `${result.status}; stderr ${escaped(result.stderr)}`]);
  const peak = /peak-rss-kib (\d+)/.exec(result.stderr ?? "");
  if (peak === null) wrong.push(["peak", `not reported; stderr ${escaped(result.stderr)}`]);
  const answers = (result.stdout ?? "").split("\n");
  if (answers.pop() !== "") wrong.push(["answers", `no line break after the last: ${escaped(result.stdout)}`]);
  return { answers, wrong, peakKiB: peak === null ? NaN : Number(peak[1]) };
}

/**
 * Compares serve's answers with the expected ones, line for line, and its
 * peak memory with PEAK_KIB_BOUND.
 *
 * @param {ReturnType<typeof runServe>} run
 * @param {string[]} expected The answer lines.
 * @returns {null | [string, string][]}
 */
function sameAnswers(run, expected, peakKiBBound = PEAK_KIB_BOUND) {
  const wrong = [...run.wrong];
  if (run.answers.length !== expected.length) {
    wrong.push(["answers", `${run.answers.length}, expected ${expected.length}`]);
  }
  for (let index = 0; index < expected.length && wrong.length < 8; index++) {
    if (run.answers[index] !== expected[index]) {
      wrong.push([`line ${index + 1}`, `${escaped(run.answers[index])}, expected ${escaped(expected[index])}`]);
    }
  }
  if (!(run.peakKiB < peakKiBBound)) {
    wrong.push(["peak", `${run.peakKiB} KiB resident, expected under ${peakKiBBound}`]);
  }
  return wrong.length === 0 ? null : wrong;
}

const bodyLine = (body) => JSON.stringify({ body });

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
        const run = runServe(requests);
        const expected = [
          { body: "Hello world" },
          { body: "a\uFFFDb" },
          "error",
          "error",
          "error",
          "error",
          { body: "\u2028\uFEFF\u0000 *" },
        ];
        const wrong = [...run.wrong];
        if (run.answers.length !== expected.length) {
          wrong.push(["answers", `${run.answers.length}, expected ${expected.length}`]);
          return wrong;
        }
        expected.forEach((want, index) => {
          let got;
          try {
            got = JSON.parse(run.answers[index]);
          } catch {
            wrong.push([`line ${index + 1}`, escaped(run.answers[index])]);
            return;
          }
          const ok = want === "error" ? typeof got.error === "string" && !("body" in got) : got.body === want.body;
          if (!ok) wrong.push([`line ${index + 1}`, escaped(run.answers[index])]);
        });
        return wrong.length === 0 ? null : wrong;
      },
    ],
    [
      "a 50 MB line is refused naming the bound, its bytes skipped in bounded memory; the next line is answered",
      () => {
        const long = `{"input":"${"ab \\n".repeat(12_500_000)}"}`;
        const largest = `{"input":"${"x".repeat(MAX_LINE_BYTES - 12)}"}`;
        const requests = Buffer.from(['{"input":"before"}', long, '{"input":"after"}', ""].join("\n"));
        const refused = sameAnswers(runServe(requests), [
          bodyLine("before"),
          `{"error":"line 2 is longer than ${MAX_LINE_BYTES} bytes"}`,
          bodyLine("after"),
        ]);
        // A line of exactly the bound is read whole: its peak is its own.
        const read = sameAnswers(
          runServe(largest + "\n"),
          [bodyLine(makeBody("x".repeat(MAX_LINE_BYTES - 12), 256))],
          2 * PEAK_KIB_BOUND,
        );
        return refused === null && read === null ? null : [...(refused ?? []), ...(read ?? [])];
      },
    ],
    [
      "malformed lines are answered with the error that says what is wrong",
      () => {
        const cases = [
          ["", "is not JSON"],
          ["   ", "is not JSON"],
          ['{"input":"a",}', "is not JSON"],
          ['{"input":"a"} x', "is not JSON"],
          ['{"input":"a\u0001"}', "is not JSON"],
          ['{"input":"\\x"}', "is not JSON"],
          ['{"input":"\\u12g4"}', "is not JSON"],
          ['{"input":"a\u0001","input":"b"}', "is not JSON"],
          ['{"input":"a","x":01}', "is not JSON"],
          ['{"input":"a","x":[1}}', "is not JSON"],
          ['{"input":"a","x":tru}', "is not JSON"],
          ['\uFEFF{"input":"a"}', "is not JSON"],
          ['{"input":"a"}\u00e9', "is not JSON"],
          ["[1]", "is not a JSON object"],
          ['"str"', "is not a JSON object"],
          [` ${"[".repeat(5000)}${"]".repeat(5000)} `, "is not a JSON object"],
          ["{}", 'has no "input"'],
          ['{"Input":"a","x":{"input":"b"}}', 'has no "input"'],
          ['{"input":5}', 'has an "input" that is not a string'],
          ['{"input":"a","inp\\u0075t":null}', 'has an "input" that is not a string'],
          ['{"input":"a","limit":255}', 'has a "limit" that is not a whole number of at least 256'],
          ['{"input":"a","limit":"300"}', 'has a "limit" that is not a whole number of at least 256'],
          ['{"input":"a","limit":300.5}', 'has a "limit" that is not a whole number of at least 256'],
          ['{"input":"a","limit":1e400}', 'has a "limit" that is not a whole number of at least 256'],
          ['{"input":"a","limit":300,"\\u006cimit":[300]}', 'has a "limit" that is not a whole number of at least 256'],
        ];
        const run = runServe(cases.map(([line]) => line).join("\n"));
        return sameAnswers(
          run,
          cases.map(([, why], index) => JSON.stringify({ error: `line ${index + 1} ${why}` })),
        );
      },
    ],
  ];
}
