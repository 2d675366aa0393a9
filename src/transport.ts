import { abortableSleep } from "./abortable-sleep.js";
import { recordCall } from "./call-registry.js";
import { ChatConnectionError, ChatTimeoutError } from "./errors/chat-connection-error.js";
import { ChatInvalidResponseError } from "./errors/chat-invalid-response-error.js";
import { retryAfterSeconds } from "./errors/chat-api-error.js";
import type { Logger } from "./logger.js";
import { classifyNetworkFailure } from "./network-failure.js";
import { redactError } from "./redact.js";
import type { ResolvedRequestOptions } from "./request-options.js";
import { backoffMs, isIdempotent, isRetryable, MAX_RETRY_AFTER_MS, type AttemptOutcome } from "./retry-policy.js";

/** How the transport reaches the network: the runtime's fetch, or one the caller injected. */
export interface Sender {
  /** A caller-supplied fetch, which receives a Request as openapi-fetch would pass it. */
  injected?: (input: Request) => Promise<Response>;
}

/** Everything the transport needs to know about one call. */
export interface CallContext {
  method: string;
  /** Path template, for errors and logs. */
  path: string;
  options: ResolvedRequestOptions;
  secrets: readonly string[];
  sender: Sender;
  logger?: Logger;
}

interface Attempt {
  url: string;
  init: RequestInit;
}

type AttemptResult =
  | { response: Response; body: ArrayBuffer | null }
  | { outcome: Exclude<AttemptOutcome, { kind: "status" }>; error: unknown };

const TIMED_OUT = Symbol("timeout");
const NULL_BODY_STATUS = new Set([101, 204, 205, 304]);
const MAX_REDIRECTS = 5;

function send(sender: Sender, url: string, init: RequestInit): Promise<Response> {
  return sender.injected ? sender.injected(new Request(url, init)) : globalThis.fetch(url, init);
}

// The key travels in a header, and fetch only strips `Authorization` on a cross-origin
// redirect. So redirects are followed here, and only within the same origin.
async function fetchSameOrigin(sender: Sender, attempt: Attempt): Promise<Response> {
  let { url, init } = attempt;
  for (let hop = 0; ; hop++) {
    const response = await send(sender, url, init);
    const location = response.headers.get("location");
    if (response.status < 300 || response.status > 399 || !location || hop === MAX_REDIRECTS) return response;
    const next = new URL(location, url);
    if (next.origin !== new URL(url).origin) return response;
    await response.body?.cancel();
    const keepsMethod = response.status === 307 || response.status === 308 || init.method === "GET" || init.method === "HEAD";
    init = keepsMethod ? init : { ...init, method: "GET", body: undefined };
    url = next.href;
  }
}

/** Runs one attempt: sends, then reads the whole body within the attempt's time budget. */
async function runAttempt(
  ctx: CallContext,
  attempt: Attempt,
  callerSignal: AbortSignal | null,
  budgetMs: number,
): Promise<AttemptResult> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(TIMED_OUT), budgetMs);
  const onCallerAbort = () => controller.abort(callerSignal!.reason);
  callerSignal?.addEventListener("abort", onCallerAbort, { once: true });
  try {
    const response = await fetchSameOrigin(ctx.sender, { url: attempt.url, init: { ...attempt.init, signal: controller.signal } });
    // Reading the body here makes a reset mid-body a failure of this attempt, which can be
    // retried, instead of a parse error after the call has returned.
    const body = NULL_BODY_STATUS.has(response.status) ? null : await response.arrayBuffer();
    return { response, body };
  } catch (error) {
    if (callerSignal?.aborted) throw callerSignal.reason;
    const outcome = controller.signal.reason === TIMED_OUT ? ({ kind: "timeout" } as const) : classifyNetworkFailure(error);
    return { outcome, error };
  } finally {
    clearTimeout(timer);
    callerSignal?.removeEventListener("abort", onCallerAbort);
  }
}

function checkSuccessBody(ctx: CallContext, response: Response, body: ArrayBuffer | null): void {
  if (response.status < 200 || response.status > 299 || body === null || ctx.method === "HEAD") return;
  const call = { method: ctx.method, path: ctx.path };
  if (body.byteLength === 0) throw new ChatInvalidResponseError(response.status, "an empty body", call);
  const type = response.headers.get("content-type") ?? "";
  if (!/json/i.test(type)) throw new ChatInvalidResponseError(response.status, `a ${type || "untyped"} body`, call);
  try {
    JSON.parse(new TextDecoder().decode(body));
  } catch (cause) {
    throw new ChatInvalidResponseError(response.status, `malformed JSON (${body.byteLength} bytes)`, call, { cause });
  }
}

function rebuild(response: Response, body: ArrayBuffer | null): Response {
  // A browser's opaque redirect (status 0) cannot be rebuilt and has nothing to read anyway.
  if (response.status < 200) return response;
  const copy = new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
  Object.defineProperty(copy, "url", { value: response.url });
  return copy;
}

/**
 * Sends one call with timeouts, safe retries and redirect protection, and returns a Response
 * whose body is fully buffered, so every attempt is a fresh, re-sendable request.
 */
export async function transport(request: Request, ctx: CallContext): Promise<Response> {
  const started = Date.now();
  const { options, logger } = ctx;
  const callerSignal = request.signal;
  const idempotent = isIdempotent(ctx.method, options.idempotent);
  const body = request.body === null ? undefined : await request.arrayBuffer();
  const attempt: Attempt = { url: request.url, init: { method: request.method, headers: request.headers, body, redirect: "manual" } };
  const call = { method: ctx.method, path: ctx.path };

  for (let n = 1; ; n++) {
    if (callerSignal?.aborted) throw callerSignal.reason;
    const left = options.deadlineMs === undefined ? Infinity : options.deadlineMs - (Date.now() - started);
    if (left <= 0) throw new ChatTimeoutError(`deadline of ${options.deadlineMs} ms passed`, call, n - 1);
    const attemptStarted = Date.now();
    const result = await runAttempt(ctx, attempt, callerSignal, Math.min(options.timeoutMs, left));
    const outcome: AttemptOutcome = "outcome" in result ? result.outcome : { kind: "status", status: result.response.status };
    logger?.debug("chat-rest-sdk attempt", {
      method: ctx.method,
      path: ctx.path,
      attempt: n,
      ...(outcome.kind === "status" ? { status: outcome.status } : { failure: outcome.kind }),
      durationMs: Date.now() - attemptStarted,
    });

    const status = "response" in result ? result.response.status : undefined;
    const retryAfter = "response" in result && (status === 429 || status === 503) ? retryAfterSeconds(result.response.headers) : undefined;
    const waitMs = retryAfter === undefined ? backoffMs(n) : retryAfter * 1000;
    const canRetry =
      n <= options.maxRetries &&
      isRetryable(outcome, idempotent) &&
      waitMs <= MAX_RETRY_AFTER_MS &&
      Date.now() - started + waitMs < (options.deadlineMs ?? Infinity);

    if (!canRetry) {
      if ("response" in result) {
        checkSuccessBody(ctx, result.response, result.body);
        const response = rebuild(result.response, result.body);
        recordCall(response, { ...call, secrets: ctx.secrets });
        return response;
      }
      const cause = redactError(result.error, ctx.secrets);
      // Tell the caller why a POST was not repeated: it may have been processed already.
      const unsure = !idempotent && !isRetryable(outcome, false) ? "; it may have reached the service, so it was not repeated" : "";
      if (outcome.kind === "timeout") {
        throw new ChatTimeoutError(`no complete response within ${Math.min(options.timeoutMs, left)} ms (attempt ${n})${unsure}`, call, n, { cause });
      }
      throw new ChatConnectionError(`connection failed (${outcome.kind}) after ${n} attempt${n > 1 ? "s" : ""}${unsure}`, call, n, { cause });
    }
    logger?.info("chat-rest-sdk retrying", { method: ctx.method, path: ctx.path, attempt: n, waitMs: Math.round(waitMs) });
    await abortableSleep(waitMs, callerSignal);
  }
}
