/** The body of a request, or `tooLarge` as soon as it passes the limit (the rest is then not read). */
export type LimitedBody = { bytes: Uint8Array } | { tooLarge: true };

/**
 * Reads a request's body up to `maxBytes`. A declared Content-Length over the limit is refused
 * before anything is read; otherwise the bytes are counted as they stream in, and reading stops
 * (the stream is cancelled) at the first chunk that passes the limit.
 */
export async function readLimitedBody(request: Request, maxBytes: number): Promise<LimitedBody> {
  const declared = Number(request.headers.get("content-length") ?? Number.NaN);
  if (declared > maxBytes) {
    await request.body?.cancel().catch(() => {});
    return { tooLarge: true };
  }
  if (!request.body) return { bytes: new Uint8Array(0) };
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let length = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    length += value.byteLength;
    if (length > maxBytes) {
      await reader.cancel().catch(() => {});
      return { tooLarge: true };
    }
    chunks.push(value);
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
