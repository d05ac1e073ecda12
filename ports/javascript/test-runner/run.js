// The JavaScript port's tests: the three shared fixture files (the
// boundary file first, then the bodies, then the lone surrogates), the
// property lookup at every code point against the Unicode files (one case
// a plane), then checks of the API, the npm package and `serve`. Each
// failing case is printed with its file, name, input, expected and actual
// values, escaped; the last line totals every case and check, so it says
// 0 failed only when nothing failed:
//
//   javascript: N passed, M failed
//
// Exits 0 only when nothing failed. `ports/javascript/test` runs this.

import { characterBoundaries } from "../src/grapheme-break.js";
import { isCharacterBoundary } from "../src/character-boundary.js";
import { characters, makeBody } from "../src/notification-body.js";
import { apiChecks } from "./api-checks.js";
import { escaped } from "./escape.js";
import { fixtureCases } from "./fixture-files.js";
import { packageChecks } from "./package-checks.js";
import { propertyLookupChecks } from "./property-lookup-checks.js";
import { serveChecks } from "./serve-checks.js";

const MINIMUM_NODE = 18;

/** A tally of one group of cases. */
class Tally {
  constructor(label) {
    this.label = label;
    this.passed = 0;
    this.failed = 0;
  }

  /** Counts a failure and prints it. */
  fail(name, lines) {
    this.failed++;
    console.log(`FAIL ${this.label}: ${name}`);
    for (const [key, value] of lines) console.log(`  ${`${key}:`.padEnd(10)} ${value}`);
  }

  summary() {
    return `${this.label}: ${this.passed} passed, ${this.failed} failed`;
  }
}

/**
 * Runs each case of a fixture file with `check`, which returns null when
 * the case passes and the lines to show when it fails.
 */
function runFile(name, check) {
  const tally = new Tally(name);
  let cases;
  try {
    cases = fixtureCases(name).cases;
  } catch (error) {
    // A file that can't be read fails as one case: nothing of it ran.
    tally.fail("(the file)", [["error", error.message]]);
    return tally;
  }
  for (const testCase of cases) {
    let lines;
    try {
      lines = check(testCase);
    } catch (error) {
      lines = [
        ["input", escaped(testCase.input)],
        ["threw", error && error.stack ? error.stack : String(error)],
      ];
    }
    if (lines === null) tally.passed++;
    else tally.fail(testCase.name, lines);
  }
  return tally;
}

/** A boundary case: `characters`, and the cut's steps back at each offset. */
function checkBoundaries(testCase) {
  const actual = characters(testCase.input);
  const expected = testCase.characters;
  if (actual.length !== expected.length || actual.some((character, index) => character !== expected[index])) {
    return [
      ["input", escaped(testCase.input)],
      ["expected", expected.map(escaped).join(", ")],
      ["actual", actual.map(escaped).join(", ")],
    ];
  }
  // R1 and R12 cut with isCharacterBoundary, which reads back from the
  // offset: it must find the boundaries the forward pass finds.
  const text = testCase.input;
  const boundaries = characterBoundaries(text, text.length);
  for (let offset = 1; offset < text.length; offset++) {
    const insidePair =
      (text.charCodeAt(offset) & 0xfc00) === 0xdc00 && (text.charCodeAt(offset - 1) & 0xfc00) === 0xd800;
    if (!insidePair && (boundaries[offset] === 1) !== isCharacterBoundary(text, offset)) {
      return [
        ["input", escaped(text)],
        ["offset", `${offset}: the forward pass says ${boundaries[offset] === 1 ? "" : "no "}boundary, the step back the opposite`],
      ];
    }
  }
  return null;
}

/** A body case: `makeBody` at its limit gives `expect`, unit for unit. */
function checkBody(testCase) {
  const limit = testCase.limit === undefined ? 256 : testCase.limit;
  const actual = makeBody(testCase.input, limit);
  if (actual === testCase.expect) return null;
  return [
    ["input", escaped(testCase.input)],
    ["limit", String(limit)],
    ["expected", escaped(testCase.expect)],
    ["actual", escaped(actual)],
  ];
}

/** Runs a group of named checks, each returning null or lines to show. */
function runChecks(label, checks) {
  const tally = new Tally(label);
  for (const [name, check] of checks) {
    let lines;
    try {
      lines = check();
    } catch (error) {
      lines = [["threw", error && error.stack ? error.stack : String(error)]];
    }
    if (lines === null) tally.passed++;
    else tally.fail(name, lines);
  }
  return tally;
}

function main() {
  const major = Number(process.versions.node.split(".")[0]);
  if (major < MINIMUM_NODE) {
    console.log(`warning: Node ${process.versions.node}; the port supports Node ${MINIMUM_NODE} and later`);
  }
  const tallies = [
    runFile("grapheme-boundaries.json", checkBoundaries),
    runFile("notification-body.json", checkBody),
    runFile("lone-surrogates.json", checkBody),
    runChecks("property lookup", propertyLookupChecks()),
    runChecks("api checks", apiChecks()),
    runChecks("package checks", packageChecks()),
    runChecks("serve checks", serveChecks()),
  ];
  for (const tally of tallies) console.log(tally.summary());
  const passed = tallies.reduce((sum, tally) => sum + tally.passed, 0);
  const failed = tallies.reduce((sum, tally) => sum + tally.failed, 0);
  console.log(`javascript: ${passed} passed, ${failed} failed`);
  process.exitCode = failed === 0 ? 0 : 1;
}

main();
