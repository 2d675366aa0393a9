/**
 * The body of a request; or why there is none: `tooLarge` as soon as it passes the limit,
 * `timedOut` when it did not arrive in time, `failed` when the stream broke (the client went away
 * mid-body). In each of those cases the rest is not read.
 */
export type LimitedBody = { bytes: Uint8Array } | { tooLarge: true } | { timedOut: true } | { failed: true };

/**
 * Reads a request's body up to `maxBytes`, within `timeoutMs`. A declared Content-Length over the
 * limit is refused before anything is read; otherwise the bytes are counted as they stream in, and
 * reading stops (the stream is cancelled) at the first chunk that passes the limit, or when the
 * time is up. It never throws: a broken stream is `failed`.
 */
export async function readLimitedBody(request: Request, maxBytes: number, timeoutMs: number): Promise<LimitedBody> {
  const declared = Number(request.headers.get("content-length") ?? Number.NaN);
  if (declared > maxBytes) {
    await request.body?.cancel().catch(() => {});
    return { tooLarge: true };
  }
  if (!request.body) return { bytes: new Uint8Array(0) };
  let reader: ReadableStreamDefaultReader<Uint8Array>;
  try {
    reader = request.body.getReader();
  } catch {
    return { failed: true };
  }
  let timedOut = false;
  // Cancelling settles the pending read with `done`, so a body that stalls ends the loop below.
  const timer = setTimeout(() => {
    timedOut = true;
    reader.cancel().catch(() => {});
  }, timeoutMs);
  const chunks: Uint8Array[] = [];
  let length = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (timedOut) return { timedOut: true };
      if (done) break;
      length += value.byteLength;
      if (length > maxBytes) {
        await reader.cancel().catch(() => {});
        return { tooLarge: true };
      }
      chunks.push(value);
    }
  } catch {
    if (timedOut) return { timedOut: true };
    await reader.cancel().catch(() => {});
    return { failed: true };
  } finally {
    clearTimeout(timer);
  }
  if (chunks.length === 1 && chunks[0]) return { bytes: chunks[0] };
  const bytes = new Uint8Array(length);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return { bytes };
}
