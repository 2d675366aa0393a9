const MARK = "[REDACTED]";
const MAX_DEPTH = 20;

/** Replaces every occurrence of each secret in `text`. */
export function redactText(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets) if (secret && out.includes(secret)) out = out.split(secret).join(MARK);
  return out;
}

const isPlainObject = (value: object) => {
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
};

/**
 * A copy of a JSON-like value (strings, arrays, plain objects, `Headers`, errors) with every
 * secret masked, keys included; the value itself when it holds none. Other objects are kept
 * as they are: they come from the runtime, not from the service or the caller.
 */
export function redactValue<T>(value: T, secrets: readonly string[], depth = 0): T {
  if (secrets.length === 0 || depth > MAX_DEPTH) return value;
  if (typeof value === "string") return redactText(value, secrets) as T;
  if (typeof value !== "object" || value === null) return value;
  if (value instanceof Error) return redactError(value, secrets, depth) as T;
  if (value instanceof Headers) {
    const copy = new Headers();
    let changed = false;
    value.forEach((v, name) => {
      const masked = redactText(v, secrets);
      changed ||= masked !== v;
      copy.append(name, masked);
    });
    return (changed ? copy : value) as T;
  }
  if (Array.isArray(value)) {
    const copy = value.map((item) => redactValue(item, secrets, depth + 1));
    return (copy.some((item, i) => item !== value[i]) ? copy : value) as T;
  }
  if (!isPlainObject(value)) return value;
  let changed = false;
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    const maskedKey = redactText(key, secrets);
    const masked = redactValue(item, secrets, depth + 1);
    changed ||= maskedKey !== key || masked !== item;
    copy[maskedKey] = masked;
  }
  return (changed ? copy : value) as T;
}

// A V8 frame ("    at fn (file:1:2)"), or a SpiderMonkey/JavaScriptCore one ("fn@file:1:2").
const FRAME = /^\s+at |^[^\s@]*@\S*:\d+:\d+$/;

// A stack repeats the message above its frames. The message may echo a secret; the frames
// only name functions and files, which nobody could have echoed, and a short key such as
// "test" must not turn "tests/redact.test.ts" into "[REDACTED]s/redact.[REDACTED].ts".
function redactStack(stack: string, message: string, secrets: readonly string[]): string {
  const at = message ? stack.indexOf(message) : -1;
  const withMessage = at === -1 ? stack : stack.slice(0, at) + redactText(message, secrets) + stack.slice(at + message.length);
  // The message may have changed since the stack was taken: any other line that is not a frame is masked too.
  return withMessage
    .split("\n")
    .map((line) => (FRAME.test(line) ? line : redactText(line, secrets)))
    .join("\n");
}

/**
 * An error safe to rethrow: the same object when no secret appears in its message, stack
 * (above the frames), own fields or cause chain; otherwise a redacted copy, so the caller's
 * original is not mutated.
 */
export function redactError(error: unknown, secrets: readonly string[], depth = 0): unknown {
  if (!(error instanceof Error) || depth > 5 || secrets.length === 0) return error;
  const message = redactText(error.message, secrets);
  const stack = error.stack && redactStack(error.stack, error.message, secrets);
  const cause = redactError(error.cause, secrets, depth + 1);
  const fields = Object.entries(error).map(([key, v]) => [key, redactValue(v, secrets, depth + 1)] as const);
  const leaks =
    message !== error.message ||
    stack !== error.stack ||
    cause !== error.cause ||
    fields.some(([key, v]) => v !== (error as unknown as Record<string, unknown>)[key]);
  if (!leaks) return error;
  const copy = new Error(message, cause === undefined ? undefined : { cause });
  copy.name = error.name;
  copy.stack = stack;
  for (const [key, v] of fields) (copy as unknown as Record<string, unknown>)[key] = v;
  return copy;
}
