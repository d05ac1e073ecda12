// Checks of `ports/javascript/serve`, the line protocol of
// docs/against-protocol.md, run as diff runs it: from another folder.

import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { tmpdir } from "node:os";
import { answer } from "../bin/answer.js";
import { KEPT_INPUT_BYTES, RequestReader } from "../bin/request-reader.js";
import { makeBody } from "../src/notification-body.js";
import { escaped } from "./escape.js";

const SERVE = fileURLToPath(new URL("../serve", import.meta.url));
const PEAK_MEMORY = fileURLToPath(new URL("./peak-memory.cjs", import.meta.url));

/**
 * The most a long line may cost serve, peak resident memory of the whole
 * process. Node 20 here: 45 MiB for one short line; 75–83 MiB for a line
 * of 50 MB or 200 MB, the stream's spent chunks waiting for the collector
 * (a `data` listener that drops them peaks as high). Joining the line cost
 * 335 MiB for 50 MB.
 */
const PEAK_KIB_BOUND = 128 * 1024;

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
function sameAnswers(run, expected) {
  const wrong = [...run.wrong];
  if (run.answers.length !== expected.length) {
    wrong.push(["answers", `${run.answers.length}, expected ${expected.length}`]);
  }
  for (let index = 0; index < expected.length && wrong.length < 8; index++) {
    if (run.answers[index] !== expected[index]) {
      wrong.push([`line ${index + 1}`, `${escaped(run.answers[index])}, expected ${escaped(expected[index])}`]);
    }
  }
  if (!(run.peakKiB < PEAK_KIB_BOUND)) {
    wrong.push(["peak", `${run.peakKiB} KiB resident, expected under ${PEAK_KIB_BOUND}`]);
  }
  return wrong.length === 0 ? null : wrong;
}

const bodyLine = (body) => JSON.stringify({ body });

/** A 32-bit generator, so the generated lines are the same in every run. */
function generator(seed) {
  let state = seed;
  return (count) => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return (state >>> 8) % count;
  };
}

/**
 * Short lines that probe the reader: requests made of random members, then
 * bytes inserted, deleted and replaced, so most are malformed somewhere.
 */
function mutatedRequests(count) {
  const next = generator(2024);
  const pick = (items) => items[next(items.length)];
  const keys = ['"input"', '"input"', '"limit"', '"in\\u0070ut"', '"\\u006cimit"', '"x"', '"Input"'];
  const strings = ['"a *b*"', '"\\"\\\\\\/\\b\\f\\n\\r\\t"', '"\\ud83d\\ude00\\ud800"', '"é😀"', '""', '"\\u0041"'];
  const scalars = ["256", "300", "1e3", "2560e-1", "-0", "255", "300.5", "1000.0", "true", "null", '"300"'];
  const pieces = ["{", "}", "[", "]", ",", ":", '"', "\\", " ", "\r", "0", "01", "-", ".", "e", "+", "tru", "\\u12", "\u0001", "\u00e9", "\uFEFF", "\\x", '"input"'];
  const value = (depth) => {
    const kind = next(depth > 2 ? 2 : 4);
    if (kind === 0) return pick(strings);
    if (kind === 1) return pick(scalars);
    if (kind === 2) return `[${[value(depth + 1), value(depth + 1)].slice(next(3)).join(",")}]`;
    return `{${pick(keys)}:${value(depth + 1)}}`;
  };
  const lines = [];
  for (let index = 0; index < count; index++) {
    const members = [];
    for (let member = next(4); member > 0; member--) members.push(`${pick(keys)}:${value(0)}`);
    let line = next(8) === 0 ? value(0) : `{${members.join(",")}}`;
    for (let edit = next(3); edit > 0; edit--) {
      const at = next(line.length + 1);
      const kind = next(3);
      line = line.slice(0, at) + (kind === 1 ? "" : pick(pieces)) + line.slice(kind === 0 ? at : at + 1);
    }
    lines.push(line);
  }
  return lines;
}

/**
 * What RequestReader keeps of an input, read in pieces of `pieceBytes`.
 *
 * @param {string} inputJSON The input string's JSON text, without quotes.
 */
function keptInput(inputJSON, pieceBytes) {
  const bytes = Buffer.from(`{"input":"${inputJSON}"}`);
  const reader = new RequestReader();
  for (let start = 0; start < bytes.length; start += pieceBytes) {
    reader.feed(bytes, start, Math.min(bytes.length, start + pieceBytes));
  }
  return JSON.parse(reader.finish()).input;
}

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
    [
      "a 50 MB input is answered with makeBody of the whole message, in bounded memory",
      () => {
        // Escapes of every kind up front, a lone surrogate among them; then
        // "ab " with an escape every 3 KB, to 50 MB.
        const headJSON = '\\"\\\\\\/\\b\\f\\n\\r\\t\\u00e9\\ud83d\\ude00é😀\\ud800 ';
        const head = '"\\/\b\f\n\r\té😀é😀\uD800 ';
        const unitJSON = "ab ".repeat(1000) + "\\u0041\\n";
        const unit = "ab ".repeat(1000) + "A\n";
        const count = 16_600;
        const message = head + unit.repeat(count);
        const line = `{"input":"${headJSON}${unitJSON.repeat(count)}","limit":5000}`;
        const requests = Buffer.from(['{"input":"before"}', line, '{"input":"after"}', ""].join("\n"));
        return sameAnswers(runServe(requests), [bodyLine("before"), bodyLine(makeBody(message, 5000)), bodyLine("after")]);
      },
    ],
    [
      "long members of unknown keys, nested deep, are checked and skipped in bounded memory",
      () => {
        const requests = [
          // 600,000 levels, far past the 4096 whose kinds are known.
          `{"input":"deep *x*","x":${'[{"a":'.repeat(300_000)}"s\\u0041"${"}]".repeat(300_000)},"limit":300}`,
          `{"x":${"[".repeat(4000)}{}${"]".repeat(4000)},"input":"ok"}`,
          // Within the known levels, a "}" that closes a "[" is refused.
          `{"input":"a","x":${"[".repeat(100)}${"}".repeat(100)}}`,
          `{"input":"b","x":"${"ab \\n".repeat(2_000_000)}"}`,
          `{"input":"c","x":"${"ab ".repeat(1_000_000)}\\q"}`,
          "[".repeat(5_000_000),
        ].join("\n");
        return sameAnswers(runServe(requests), [
          bodyLine(makeBody("deep *x*", 300)),
          bodyLine("ok"),
          '{"error":"line 3 is not JSON"}',
          bodyLine("b"),
          '{"error":"line 5 is not JSON"}',
          '{"error":"line 6 is not JSON"}',
        ]);
      },
    ],
    [
      "malformed lines get the errors they got when serve parsed whole lines; a limit past 64 bytes is now refused",
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
          // JSON.parse reads this one as 256; serve keeps 64 bytes of a limit.
          [`{"input":"a","limit":256.${"0".repeat(61)}}`, 'has a "limit" that is not a whole number of at least 256'],
        ];
        const run = runServe(cases.map(([line]) => line).join("\n"));
        return sameAnswers(
          run,
          cases.map(([, why], index) => JSON.stringify({ error: `line ${index + 1} ${why}` })),
        );
      },
    ],
    [
      "3,000 mutated requests are answered as JSON.parse of the whole line answers them",
      () => {
        const lines = mutatedRequests(3000);
        const run = runServe(lines.join("\n"));
        return sameAnswers(
          run,
          lines.map((line, index) => answer(Buffer.from(line).toString("utf8"), index + 1)),
        );
      },
    ],
    [
      "an input of \\u0041 escapes past the kept 384 KiB gives the body of the whole message",
      () => {
        const message = "x" + "A".repeat(70_000);
        const line = `{"input":"x${"\\u0041".repeat(70_000)}","limit":9007199254740991}`;
        return sameAnswers(runServe(line), [bodyLine(makeBody(message, 9007199254740991))]);
      },
    ],
    [
      "the kept input is cut before the escape or UTF-8 sequence that its bound splits",
      () => {
        const wrong = [];
        const expect = (name, inputJSON, expected) => {
          for (const pieceBytes of [7, 65_536]) {
            const kept = keptInput(inputJSON, pieceBytes);
            if (kept !== expected) {
              wrong.push([`${name}, pieces of ${pieceBytes}`, `${escaped(kept)}, expected ${escaped(expected)}`]);
            }
          }
        };
        const escapes = KEPT_INPUT_BYTES / 6;
        expect("\\u0041 to the bound", "\\u0041".repeat(escapes + 10), "A".repeat(escapes));
        expect("x, then \\u0041 across it", "x" + "\\u0041".repeat(escapes + 10), "x" + "A".repeat(escapes - 1));
        expect("\\\\ across it", "x" + "\\\\".repeat(KEPT_INPUT_BYTES / 2), "x" + "\\".repeat(KEPT_INPUT_BYTES / 2 - 1));
        expect("4-byte UTF-8 across it", "ab" + "😀".repeat(KEPT_INPUT_BYTES / 4), "ab" + "😀".repeat(KEPT_INPUT_BYTES / 4 - 1));
        expect("2-byte UTF-8 across it", "x" + "é".repeat(KEPT_INPUT_BYTES / 2), "x" + "é".repeat(KEPT_INPUT_BYTES / 2 - 1));
        // Between a pair's two escapes: a lone half, far past R1's reach.
        const pairs = Math.floor((KEPT_INPUT_BYTES - 1 - 6) / 12);
        expect("a pair's escapes across it", "x" + "\\ud83d\\ude00".repeat(pairs + 10), "x" + "😀".repeat(pairs) + "\uD83D");
        return wrong.length === 0 ? null : wrong;
      },
    ],
  ];
}
