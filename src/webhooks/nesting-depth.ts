/**
 * How deep a webhook event may nest arrays and objects: `{"a":[1]}` nests 2 levels. An event wraps
 * what a request stored a few levels down (a message's `metadata` sits at `data.message.data.metadata`),
 * so this is twice the 64 levels the test kit's fake accepts in a request body. Anything deeper is
 * refused before it is parsed or walked, so no recursion (`JSON.stringify`, `structuredClone`,
 * a key) can run out of stack on it.
 */
export const MAX_WEBHOOK_DEPTH = 128;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;

/**
 * Whether JSON text nests arrays and objects deeper than `max`. One pass over the characters, no
 * recursion and no parse; brackets inside strings do not count. Text that is not JSON gets an
 * answer too (the parse that follows refuses it).
 */
export function jsonNestsDeeper(text: string, max: number): boolean {
  // Each level takes two characters, so a short text cannot be too deep; nor can one with no more
  // opening brackets than `max` (found by indexOf, native and far faster than the loop below).
  if (text.length <= 2 * max) return false;
  let brackets = 0;
  for (const open of ["{", "["]) {
    for (let at = text.indexOf(open); at !== -1 && brackets <= max; at = text.indexOf(open, at + 1)) brackets++;
  }
  if (brackets <= max) return false;
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (inString) {
      if (code === BACKSLASH) i++;
      else if (code === QUOTE) inString = false;
    } else if (code === QUOTE) inString = true;
    else if (code === OPEN_BRACKET || code === OPEN_BRACE) {
      if (++depth > max) return true;
    } else if (code === CLOSE_BRACKET || code === CLOSE_BRACE) depth--;
  }
  return false;
}

/**
 * Whether a value nests arrays and objects deeper than `max`, walked with a stack of its own
 * rather than recursion. A cycle counts as too deep.
 */
export function valueNestsDeeper(value: unknown, max: number): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  for (let next = stack.pop(); next; next = stack.pop()) {
    const [item, depth] = next;
    if (typeof item !== "object" || item === null) continue;
    if (depth + 1 > max) return true;
    for (const child of Array.isArray(item) ? item : Object.values(item)) stack.push([child, depth + 1]);
  }
  return false;
}
