// Prints a JSON value as a TypeScript expression, the way a person would write it in a call:
// bare keys where they are identifiers, short objects on one line, longer ones one entry a line.

/** A piece of code to print as it is (an identifier, `new File(...)`), not as a string. */
export class Code {
  /** @param {string} text */
  constructor(text) {
    this.text = text;
  }
}

/** Wraps `text` so that {@link tsLiteral} prints it as code. */
export const code = (text) => new Code(text);

// Past this many characters (indent included) an object or array breaks onto several lines.
const WIDTH = 100;
const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

// `__proto__: x` and `"__proto__": x` in an object literal set the object's prototype instead of
// a key, so the program would send another body than curl; a computed key is an own property.
const key = (name) => (name === "__proto__" ? `[${JSON.stringify(name)}]` : IDENTIFIER.test(name) ? name : JSON.stringify(name));

function inline(value) {
  if (value instanceof Code) return value.text;
  if (Array.isArray(value)) return `[${value.map(inline).join(", ")}]`;
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value).map(([name, item]) => shorthand(name, item) ?? `${key(name)}: ${inline(item)}`);
    return entries.length === 0 ? "{}" : `{ ${entries.join(", ")} }`;
  }
  return JSON.stringify(value);
}

// `{ certificate }` rather than `{ certificate: certificate }`.
const shorthand = (name, item) => (item instanceof Code && item.text === name ? name : undefined);

/**
 * `value` as a TypeScript literal that starts at `column` on a line indented by `indent` spaces:
 * on one line when it fits, otherwise one entry a line, each indented two more than the line.
 * @param {unknown} value
 * @param {number} indent
 * @param {number} column
 * @returns {string}
 */
export function tsLiteral(value, indent = 0, column = indent) {
  const flat = inline(value);
  if (column + flat.length <= WIDTH || value instanceof Code || value === null || typeof value !== "object") return flat;
  const inner = indent + 2;
  const pad = " ".repeat(inner);
  const lines = Array.isArray(value)
    ? value.map((item) => `${pad}${tsLiteral(item, inner)},`)
    : Object.entries(value).map(
        ([name, item]) => `${pad}${shorthand(name, item) ?? `${key(name)}: ${tsLiteral(item, inner, inner + key(name).length + 2)}`},`,
      );
  const [open, close] = Array.isArray(value) ? ["[", "]"] : ["{", "}"];
  return `${open}\n${lines.join("\n")}\n${" ".repeat(indent)}${close}`;
}
