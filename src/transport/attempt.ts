import { ChatError } from "../errors/chat-error.js";
import { unwatch, watch } from "../rate-limits/abort-watch.js";
import { classifyNetworkFailure } from "./network-failure.js";
import { turnOfEventLoop } from "./turn-of-event-loop.js";
import type { AttemptOutcome } from "../errors/retry-policy.js";

/** How the answer's body is wanted: "json" checks and parses a 2xx, the others leave it to the caller. */
export type ParseAs = "json" | "text" | "blob" | "arrayBuffer" | "stream";

/**
 * Whether a body wanted `as` is read as text (JSON is parsed from its text); the other formats are
 * read as bytes, except a 2xx streamed to the caller, which is not read at all.
 */
export const readsText = (as: ParseAs) => as === "json" || as === "text";

/** What one attempt sends: `send` makes the first request, `resend` each same-origin redirect hop. */
export interface AttemptPlan {
  url: string;
  /** The redirect mode the caller asked for; only "follow" is handled here, the others by fetch. */
  redirect: RequestRedirect;
  method: string;
  /** The headers every request of the attempt sends (a trace may add `traceparent` before it is sent). */
  headers?: HeadersInit | undefined;
  /** How the body is read within the attempt: as text (see {@link readsText}), as bytes, or not at all for a streamed 2xx. */
  readAs: ParseAs;
  /** The most bytes a body may have once decompressed; 0: no limit. */
  maxBytes: number;
  /** The error for a body over `maxBytes`. */
  tooLarge(status: number): Error;
  send(signal: AbortSignal | undefined): Promise<Response>;
  resend(url: string, method: string, signal: AbortSignal | undefined): Promise<Response>;
}

export type AttemptResult =
  | { response: Response; body: string | ArrayBuffer | null }
  | { outcome: Exclude<AttemptOutcome, { kind: "status" }>; error: unknown };

const TIMED_OUT = Symbol("timeout");
const NULL_BODY_STATUS = new Set([101, 204, 205, 304]);
const MAX_REDIRECTS = 5;

const isRedirect = (response: Response) => response.status > 299 && response.status < 400;

// The key travels in a header, and fetch only strips `Authorization` on a cross-origin
// redirect. So redirects are followed here, and only within the same origin.
async function followSameOrigin(plan: AttemptPlan, response: Response, signal: AbortSignal | undefined): Promise<Response> {
  let { url, method } = plan;
  for (let hop = 0; isRedirect(response); hop++) {
    const location = response.headers.get("location");
    if (!location || hop === MAX_REDIRECTS) return response;
    const next = new URL(location, url);
    if (next.origin !== new URL(url).origin) return response;
    await response.body?.cancel();
    if (response.status !== 307 && response.status !== 308 && method !== "HEAD") method = "GET";
    url = next.href;
    response = await plan.resend(url, method, signal);
  }
  return response;
}

/** Decodes the UTF-8 bytes of a body, as `Response.text()` does. */
export const decoder = new TextDecoder();

// Counted as read, after decompression, so a small compressed body cannot fill the memory:
// past the limit the stream is cancelled, which stops the download.
async function readBody(plan: AttemptPlan, response: Response): Promise<string | ArrayBuffer | null> {
  // A streamed 2xx body is the caller's to read; an error body is read like any other.
  if (NULL_BODY_STATUS.has(response.status) || (plan.readAs === "stream" && response.ok)) return null;
  const reader = response.body?.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  while (reader) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (plan.maxBytes && size > plan.maxBytes) {
      reader.cancel().catch(() => {});
      throw plan.tooLarge(response.status);
    }
    chunks.push(value);
  }
  let bytes = chunks[0]!;
  if (chunks.length !== 1) {
    bytes = new Uint8Array(size);
    let at = 0;
    for (const chunk of chunks) {
      bytes.set(chunk, at);
      at += chunk.byteLength;
    }
  }
  return readsText(plan.readAs) ? decoder.decode(bytes) : bytes.slice().buffer;
}

/**
 * Runs one attempt: sends, follows same-origin redirects, then reads the body, all within
 * `budgetMs` (0: no time limit, and then no signal of its own).
 */
export async function runAttempt(
  plan: AttemptPlan,
  callerSignal: AbortSignal | null | undefined,
  budgetMs: number,
): Promise<AttemptResult> {
  let controller: AbortController | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let onCallerAbort: (() => void) | undefined;
  if (budgetMs) {
    const own = (controller = new AbortController());
    timer = setTimeout(() => own.abort(TIMED_OUT), budgetMs);
    if (callerSignal) watch(callerSignal, (onCallerAbort = () => own.abort(callerSignal.reason)));
  }
  const signal = controller?.signal;
  try {
    // Within the attempt's watch: a caller's abort meanwhile aborts the request it then sends.
    await turnOfEventLoop();
    let response = await plan.send(signal);
    if (plan.redirect === "follow" && isRedirect(response)) response = await followSameOrigin(plan, response, signal);
    // Reading the body here makes a reset mid-body a failure of this attempt, which can be
    // retried, instead of a parse error after the call has returned.
    return { response, body: await readBody(plan, response) };
  } catch (error) {
    if (callerSignal?.aborted) throw callerSignal.reason;
    // The SDK's own verdict on the answer, such as a body over the limit: final, never retried.
    if (error instanceof ChatError) throw error;
    const outcome = signal?.reason === TIMED_OUT ? ({ kind: "timeout" } as const) : classifyNetworkFailure(error);
    return { outcome, error };
  } finally {
    clearTimeout(timer);
    if (onCallerAbort) unwatch(callerSignal!, onCallerAbort);
  }
}
