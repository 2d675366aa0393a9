const MARK = "[REDACTED]";

/** Replaces every occurrence of each secret in `text`. */
export function redactText(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets) if (secret && out.includes(secret)) out = out.split(secret).join(MARK);
  return out;
}

function containsSecret(text: unknown, secrets: readonly string[]): boolean {
  return typeof text === "string" && secrets.some((secret) => secret && text.includes(secret));
}

/** A copy of a JSON-like value with every secret masked; the value itself if it holds none. */
export function redactValue<T>(value: T, secrets: readonly string[]): T {
  if (value === undefined || secrets.length === 0) return value;
  const text = typeof value === "string" ? value : JSON.stringify(value);
  if (!containsSecret(text, secrets)) return value;
  return (typeof value === "string" ? redactText(value, secrets) : JSON.parse(redactText(text, secrets))) as T;
}

/**
 * An error safe to rethrow: the same object when no secret appears in its message, stack,
 * own fields or cause chain; otherwise a redacted copy, so the caller's original is not mutated.
 */
export function redactError(error: unknown, secrets: readonly string[], depth = 0): unknown {
  if (!(error instanceof Error) || depth > 5) return error;
  const fields = Object.entries(error);
  const cause = redactError(error.cause, secrets, depth + 1);
  const leaks =
    containsSecret(error.message, secrets) ||
    containsSecret(error.stack, secrets) ||
    fields.some(([, v]) => containsSecret(typeof v === "string" ? v : safeJson(v), secrets)) ||
    cause !== error.cause;
  if (!leaks) return error;
  const copy = new Error(redactText(error.message, secrets), cause === undefined ? undefined : { cause });
  copy.name = error.name;
  copy.stack = error.stack && redactText(error.stack, secrets);
  for (const [key, v] of fields) (copy as unknown as Record<string, unknown>)[key] = redactValue(v, secrets);
  return copy;
}

function safeJson(value: unknown): string | undefined {
  try {
    return JSON.stringify(value);
  } catch {
    return undefined;
  }
}
