// The shared fixture files (test-fixtures/ at the repository's root), read
// with JSON.parse, which keeps a lone surrogate's escape in the string.

import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

/** The repository's root: this file is ports/javascript/test-runner/. */
export const REPOSITORY_ROOT = fileURLToPath(new URL("../../../", import.meta.url));

/**
 * The cases of one fixture file.
 *
 * @param {string} name The file's name in test-fixtures/.
 * @returns {{path: string, cases: object[]}}
 * @throws {Error} When the file can't be read, isn't JSON or isn't version 1
 *   with a list of cases.
 */
export function fixtureCases(name) {
  const path = `${REPOSITORY_ROOT}test-fixtures/${name}`;
  const file = JSON.parse(readFileSync(path, "utf8"));
  if (file === null || typeof file !== "object" || file.version !== 1 || !Array.isArray(file.cases)) {
    throw new Error(`${path} is not version 1 of a fixture file with "cases"`);
  }
  return { path, cases: file.cases };
}
