export const REDACTED = "[REDACTED]";

/** Replaces every occurrence of each secret in `text`. */
export function redactText(text: string, secrets: readonly string[]): string {
  for (const secret of secrets) if (secret) text = text.replaceAll(secret, REDACTED);
  return text;
}

/**
 * A copy of a JSON-like value (strings, arrays, plain objects, `Headers`, errors) with every
 * secret masked, keys of plain objects included; the value itself when it holds none. Other
 * objects are kept as they are: they come from the runtime, not from the service or the caller.
 */
export function redactValue<T>(value: T, secrets: readonly string[], depth = 0): T {
  if (!secrets.length || depth > 20 || !value) return value;
  if (typeof value === "string") return redactText(value, secrets) as T;
  if (value instanceof Error) return redactError(value, secrets, depth) as T;
  // A Request carries the credentials in its headers: only its method, masked URL and masked headers are kept.
  if (value instanceof Request)
    return { method: value.method, url: redactText(value.url, secrets), headers: redactValue(value.headers, secrets, depth + 1) } as T;
  const headers = value instanceof Headers;
  const array = Array.isArray(value);
  const proto = typeof value === "object" && Object.getPrototypeOf(value);
  if (!headers && !array && proto !== Object.prototype && proto !== null) return value;
  let changed = false;
  // Headers iterate as [name, value] pairs in every runtime; the DOM typings only omit it.
  const entries = headers ? (value as unknown as Iterable<[string, string]>) : Object.entries(value);
  const pairs = Array.from(entries, ([key, item]) => {
    // A header name cannot hold "[REDACTED]", and an index is no secret.
    const maskedKey = headers || array ? key : redactText(key, secrets);
    const masked = redactValue(item, secrets, depth + 1);
    changed ||= maskedKey !== key || masked !== item;
    return [maskedKey, masked] as const;
  });
  if (!changed) return value;
  return (headers ? new Headers(pairs as [string, string][]) : array ? pairs.map((pair) => pair[1]) : Object.fromEntries(pairs)) as T;
}

// A V8 frame ("    at fn (file:1:2)"), or a SpiderMonkey/JavaScriptCore one ("fn@file:1:2").
const FRAME = /^\s+at |^[^\s@]*@\S*:\d+:\d+$/;

/**
 * An error safe to rethrow: the same object when no secret appears in its message, stack
 * (above the frames), own fields or cause chain; otherwise a redacted copy, so the caller's
 * original is not mutated.
 */
export function redactError(error: unknown, secrets: readonly string[], depth = 0): unknown {
  if (!(error instanceof Error) || depth > 5 || !secrets.length) return error;
  const message = redactText(error.message, secrets);
  // A stack repeats the message above its frames. The message may echo a secret; the frames
  // only name functions and files, which nobody could have echoed, and a short key such as
  // "test" must not turn "tests/redact.test.ts" into "[REDACTED]s/redact.[REDACTED].ts".
  // The message may have changed since the stack was taken: any other line that is not a frame is masked too.
  const stack = error.stack
    ?.replace(error.message, () => message)
    .split("\n")
    .map((line) => (FRAME.test(line) ? line : redactText(line, secrets)))
    .join("\n");
  // A cause may be a string or a plain object too (a custom fetch can reject with anything).
  const cause = redactValue(error.cause, secrets, depth + 1);
  const fields = { ...error };
  const maskedFields = redactValue(fields, secrets, depth);
  if (message === error.message && stack === error.stack && cause === error.cause && maskedFields === fields) return error;
  return Object.assign(new Error(message, cause === undefined ? undefined : { cause }), { name: error.name, stack }, maskedFields);
}
