// Checks of what the npm package ships: a license field, and Unicode's
// license for the table generated from its data, the same text as the
// repository's unicode/LICENSE.

import { readFileSync } from "node:fs";
import { REPOSITORY_ROOT } from "./fixture-files.js";

const PORT = `${REPOSITORY_ROOT}ports/javascript/`;

/**
 * @returns {[string, () => (null | [string, string][])][]} Named checks.
 */
export function packageChecks() {
  const manifest = () => JSON.parse(readFileSync(`${PORT}package.json`, "utf8"));
  return [
    [
      "package.json has a license field and stays private",
      () => {
        const { license, private: isPrivate } = manifest();
        return license === "UNLICENSED" && isPrivate === true
          ? null
          : [["license", String(license)], ["private", String(isPrivate)]];
      },
    ],
    [
      "the package's files include LICENSE-UNICODE",
      () => (manifest().files.includes("LICENSE-UNICODE") ? null : [["files", JSON.stringify(manifest().files)]]),
    ],
    [
      "LICENSE-UNICODE is unicode/LICENSE's text",
      () =>
        readFileSync(`${PORT}LICENSE-UNICODE`, "utf8") === readFileSync(`${REPOSITORY_ROOT}unicode/LICENSE`, "utf8")
          ? null
          : [["differs", "copy unicode/LICENSE to ports/javascript/LICENSE-UNICODE"]],
    ],
  ];
}
