import type { AttemptOutcome } from "../errors/retry-policy.js";

// undici wraps the socket error: TypeError("fetch failed") with `cause.code`; other runtimes
// put the code on the error itself. Walk the chain and read the first code found.
function errorCode(error: unknown): string | undefined {
  for (let at: unknown = error, depth = 0; at && depth < 5; at = (at as { cause?: unknown }).cause, depth++) {
    const code = (at as { code?: unknown }).code;
    if (typeof code === "string") return code;
  }
  return undefined;
}

/** Classifies a thrown fetch error: did the request provably never leave this machine? */
export function classifyNetworkFailure(error: unknown): Extract<AttemptOutcome, { kind: "refused" | "dns" | "network" }> {
  const code = errorCode(error);
  return { kind: code === "ECONNREFUSED" ? "refused" : /^(ENOTFOUND|EAI_AGAIN|EAI_NONAME)$/.test(code!) ? "dns" : "network", code };
}
