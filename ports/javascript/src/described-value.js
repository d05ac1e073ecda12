// How a TypeError names the value it refused: by what it is, so that a
// string "300", a Number object and null each read as what they are.

/** The most units of a refused string that a message quotes. */
const QUOTED_UNITS = 40;

/**
 * A short description of any value, for an error message.
 *
 * @example
 * describedValue("300"); // 'a string "300"'
 * describedValue(new Number(300)); // "a Number object wrapping 300 (pass the primitive value)"
 * describedValue(null); // "null"
 *
 * @param {unknown} value Anything.
 * @returns {string} What it is, and its value when that is short.
 */
export function describedValue(value) {
  if (value === null) return "null";
  switch (typeof value) {
    case "undefined":
      return "undefined";
    case "string":
      return value.length <= QUOTED_UNITS
        ? `a string ${JSON.stringify(value)}`
        : `a string ${JSON.stringify(value.slice(0, QUOTED_UNITS))}… (${value.length} units)`;
    case "number":
      return Number.isNaN(value) ? "NaN" : `the number ${String(value)}`;
    case "bigint":
      return `the bigint ${String(value)}n`;
    case "boolean":
      return `the boolean ${String(value)}`;
    case "symbol":
      return "a symbol";
    case "function":
      return "a function";
    default:
      return describedObject(value);
  }
}

/** An object by its kind: a wrapper with its value, an array, a class's instance. */
function describedObject(value) {
  // The tag, not `instanceof`: a wrapper from another realm (an iframe) is one too.
  const tag = Object.prototype.toString.call(value).slice(8, -1);
  if (tag === "Number" || tag === "String" || tag === "Boolean") {
    const primitive = tag === "String" ? JSON.stringify(String(value)) : String(value.valueOf());
    return `a ${tag} object wrapping ${primitive} (pass the primitive value)`;
  }
  if (Array.isArray(value)) return "an array";
  const prototype = Object.getPrototypeOf(value);
  const name = prototype !== null && typeof prototype.constructor === "function" ? prototype.constructor.name : "";
  return name === "" || name === "Object" ? "an object" : `a ${name} object`;
}
