// Internal: the spec leaves request bodies open to unknown fields; the model takes only the
// fields it knows, so a body cannot overwrite an id or a timestamp the service sets itself.

/** The entries of `body` named in `fields` that are not undefined. */
export function pick<K extends string>(body: unknown, fields: readonly K[]): Partial<Record<K, unknown>> {
  const picked: Partial<Record<K, unknown>> = {};
  if (!body || typeof body !== "object") return picked;
  for (const field of fields) {
    const value = (body as Record<string, unknown>)[field];
    if (value !== undefined) picked[field] = value;
  }
  return picked;
}
