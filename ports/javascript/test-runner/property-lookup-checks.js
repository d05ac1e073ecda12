// The port's property lookup (src/unicode-properties.js: a table of the
// Basic Multilingual Plane and a search of the ranges above it) at every
// code point, U+0000 to U+10FFFF, against the Unicode data files
// themselves, parsed here: unicode/<version>/auxiliary/GraphemeBreakProperty.txt,
// emoji/emoji-data.txt (Extended_Pictographic) and DerivedCoreProperties.txt
// (InCB). The shared boundary file has no Control but U+0000 and no scalar
// above U+1F6D1, so a lookup wrong at its edges (U+007F, the last range)
// passes every boundary case; this check does not.

import { readFileSync } from "node:fs";
import * as Property from "../src/grapheme-break-property.js";
import { propertiesOf } from "../src/unicode-properties.js";
import { REPOSITORY_ROOT } from "./fixture-files.js";

/** One past the last code point. */
const CODE_POINTS = 0x110000;
/** The code points of a plane. */
const PLANE = 0x10000;
/** How many wrong code points a failing plane shows. */
const SHOWN = 8;

const CLUSTER_BREAKS = {
  CR: Property.CR,
  LF: Property.LF,
  Control: Property.CONTROL,
  Extend: Property.EXTEND,
  ZWJ: Property.ZWJ,
  Regional_Indicator: Property.REGIONAL_INDICATOR,
  Prepend: Property.PREPEND,
  SpacingMark: Property.SPACING_MARK,
  L: Property.L,
  V: Property.V,
  T: Property.T,
  LV: Property.LV,
  LVT: Property.LVT,
};

const CONJUNCT_BREAKS = {
  Linker: Property.CONJUNCT_LINKER,
  Consonant: Property.CONJUNCT_CONSONANT,
  Extend: Property.CONJUNCT_EXTEND,
};

/**
 * Each data line of a UCD file: its code points and its fields, the
 * comment after `#` left out.
 *
 * @param {string} path
 * @returns {{first: number, last: number, fields: string[]}[]}
 * @throws {Error} When a line is not `code point(s) ; field ; …`.
 */
function entries(path) {
  const result = [];
  const lines = readFileSync(path, "utf8").split("\n");
  lines.forEach((line, index) => {
    const data = line.split("#")[0].trim();
    if (data === "") return;
    const [points, ...fields] = data.split(";").map((field) => field.trim());
    const match = /^([0-9A-F]{4,6})(?:\.\.([0-9A-F]{4,6}))?$/.exec(points);
    if (match === null) throw new Error(`${path}:${index + 1}: not a code point or range: ${line}`);
    const first = parseInt(match[1], 16);
    result.push({ first, last: match[2] === undefined ? first : parseInt(match[2], 16), fields });
  });
  return result;
}

/**
 * Every code point's properties as the three files state them, packed as
 * the table packs them: Other where no line names the code point.
 *
 * @returns {Uint8Array} 0x110000 bytes.
 * @throws {Error} When a file can't be read or names an unknown value.
 */
function statedProperties() {
  const folder = `${REPOSITORY_ROOT}unicode/${Property.UNICODE_VERSION}/`;
  const stated = new Uint8Array(CODE_POINTS);
  const mark = (file, bitsOf) => {
    for (const entry of entries(folder + file)) {
      const bits = bitsOf(entry.fields);
      for (let point = entry.first; point <= entry.last; point++) stated[point] |= bits;
    }
  };
  mark("auxiliary/GraphemeBreakProperty.txt", ([value]) => {
    if (!Object.hasOwn(CLUSTER_BREAKS, value)) throw new Error(`unknown Grapheme_Cluster_Break ${value}`);
    return CLUSTER_BREAKS[value];
  });
  mark("emoji/emoji-data.txt", (fields) =>
    fields.length === 1 && fields[0] === "Extended_Pictographic" ? Property.EXTENDED_PICTOGRAPHIC : 0,
  );
  mark("DerivedCoreProperties.txt", (fields) => {
    if (fields.length !== 2 || fields[0] !== "InCB") return 0;
    if (!Object.hasOwn(CONJUNCT_BREAKS, fields[1])) throw new Error(`unknown InCB ${fields[1]}`);
    return CONJUNCT_BREAKS[fields[1]];
  });
  return stated;
}

function hex(value, digits) {
  return value.toString(16).toUpperCase().padStart(digits, "0");
}

/**
 * Named checks: that the files are read (a few code points whose
 * properties are known), then one per plane, each of its 65,536 code
 * points looked up by `propertiesOf` as the files state them.
 *
 * @returns {[string, () => (null | [string, string][])][]}
 */
export function propertyLookupChecks() {
  /** @type {Uint8Array | null} */
  let stated = null;
  const files = () => {
    if (stated === null) stated = statedProperties();
    return stated;
  };
  const known = [
    [0x0a, Property.LF],
    [0x1f, Property.CONTROL],
    [0x7f, Property.CONTROL],
    [0x94d, Property.EXTEND | Property.CONJUNCT_LINKER],
    [0x1f600, Property.EXTENDED_PICTOGRAPHIC],
    [0xe1000, Property.OTHER],
    [0x10ffff, Property.OTHER],
  ];
  const checks = [
    [
      `the ${Property.UNICODE_VERSION} files are read`,
      () => {
        const wrong = known.filter(([point, bits]) => files()[point] !== bits);
        return wrong.length === 0
          ? null
          : wrong.map(([point, bits]) => [
              `U+${hex(point, 4)}`,
              `the files say 0x${hex(files()[point], 2)}, not 0x${hex(bits, 2)}`,
            ]);
      },
    ],
  ];
  for (let plane = 0; plane < CODE_POINTS / PLANE; plane++) {
    const first = plane * PLANE;
    checks.push([
      `every code point U+${hex(first, 4)}–U+${hex(first + PLANE - 1, 4)} has the files' properties`,
      () => {
        const properties = files();
        const wrong = [];
        let count = 0;
        for (let point = first; point < first + PLANE; point++) {
          const looked = propertiesOf(point);
          if (looked === properties[point]) continue;
          if (count++ < SHOWN) {
            wrong.push([`U+${hex(point, 4)}`, `looked up 0x${hex(looked, 2)}, the files say 0x${hex(properties[point], 2)}`]);
          }
        }
        if (count > SHOWN) wrong.push(["and", `${count - SHOWN} more`]);
        return wrong.length === 0 ? null : wrong;
      },
    ]);
  }
  return checks;
}
