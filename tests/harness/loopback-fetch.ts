// The harness's fetch to a mock on loopback. A kept-alive connection can be reused at the very
// moment the server closes it as idle; on a busy machine that race is lost now and then, and fetch
// fails with a reset ("other side closed", ECONNRESET) although the server is fine. That is not
// the contract's business: the request goes again, once, on a fresh connection. A server that is
// really gone fails the second time too, and the error stands. Only on loopback: a request to a
// real service (npm run test:live) is never sent twice.
const RESETS = new Set(["UND_ERR_SOCKET", "ECONNRESET", "EPIPE"]);

/** fetch's "fetch failed" TypeError over a reset. By name: under Jest it comes from another realm, and is no `instanceof TypeError` there. */
function isReset(error: unknown): boolean {
  const { name, cause } = (error ?? {}) as { name?: string; cause?: { code?: string } };
  return name === "TypeError" && RESETS.has(cause?.code ?? "");
}

const LOOPBACK = new Set(["127.0.0.1", "localhost", "[::1]"]);

export async function loopbackFetch(input: Request | string | URL, init?: RequestInit): Promise<Response> {
  if (!LOOPBACK.has(new URL(input instanceof Request ? input.url : input).hostname)) return fetch(input, init);
  const again = input instanceof Request ? input.clone() : input;
  try {
    return await fetch(input, init);
  } catch (error) {
    if (!isReset(error)) throw error;
    return fetch(again, init);
  }
}
