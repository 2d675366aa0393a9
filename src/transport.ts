import { abortableSleep } from "./abortable-sleep.js";
import { recordCall } from "./call-registry.js";
import { ChatConnectionError, ChatTimeoutError } from "./errors/chat-connection-error.js";
import { ChatInvalidResponseError } from "./errors/chat-invalid-response-error.js";
import { retryAfterSeconds } from "./errors/chat-api-error.js";
import { LightRequest } from "./light-request.js";
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

/** Everything the transport needs to know about one call; `unwrap` later finds it by the Response. */
export interface CallContext {
  method: string;
  /** Path template, for errors and logs. */
  path: string;
  options: ResolvedRequestOptions;
  secrets: readonly string[];
  sender: Sender;
  logger?: Logger;
  /**
   * Set when the caller takes a 2xx body from `data` instead of reading the Response: the
   * transport then hands over the JSON it parsed to validate the body, so it is parsed once.
   */
  takesData?: boolean;
  /** The parsed 2xx body, once the call has returned. */
  data?: unknown;
  /** Whether the transport may repeat this call; set when it starts. */
  idempotent?: boolean;
}

type AttemptResult = { response: Response; text: string | null } | { outcome: Exclude<AttemptOutcome, { kind: "status" }>; error: unknown };

const TIMED_OUT = Symbol("timeout");
const NULL_BODY_STATUS = new Set([101, 204, 205, 304]);
const MAX_REDIRECTS = 5;

function send(sender: Sender, url: string, init: RequestInit): Promise<Response> {
  return sender.injected ? sender.injected(new Request(url, init)) : globalThis.fetch(url, init);
}

const isRedirect = (response: Response) => response.status > 299 && response.status < 400;

// The key travels in a header, and fetch only strips `Authorization` on a cross-origin
// redirect. So redirects are followed here, and only within the same origin.
async function followSameOrigin(sender: Sender, url: string, init: RequestInit, response: Response): Promise<Response> {
  for (let hop = 0; isRedirect(response); hop++) {
    const location = response.headers.get("location");
    if (!location || hop === MAX_REDIRECTS) return response;
    const next = new URL(location, url);
    if (next.origin !== new URL(url).origin) return response;
    await response.body?.cancel();
    const keepsMethod = response.status === 307 || response.status === 308 || init.method === "GET" || init.method === "HEAD";
    init = keepsMethod ? init : { ...init, method: "GET", body: undefined };
    url = next.href;
    response = await send(sender, url, init);
  }
  return response;
}

/** Runs one attempt: sends, then reads the whole body within the attempt's time budget. */
async function runAttempt(
  sender: Sender,
  url: string,
  init: RequestInit,
  callerSignal: AbortSignal | null | undefined,
  budgetMs: number,
): Promise<AttemptResult> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(TIMED_OUT), budgetMs);
  const onCallerAbort = () => controller.abort(callerSignal!.reason);
  callerSignal?.addEventListener("abort", onCallerAbort, { once: true });
  init.signal = controller.signal;
  try {
    let response = await send(sender, url, init);
    if (isRedirect(response)) response = await followSameOrigin(sender, url, init, response);
    // Reading the body here makes a reset mid-body a failure of this attempt, which can be
    // retried, instead of a parse error after the call has returned.
    const text = NULL_BODY_STATUS.has(response.status) ? null : await response.text();
    return { response, text };
  } catch (error) {
    if (callerSignal?.aborted) throw callerSignal.reason;
    const outcome = controller.signal.reason === TIMED_OUT ? ({ kind: "timeout" } as const) : classifyNetworkFailure(error);
    return { outcome, error };
  } finally {
    clearTimeout(timer);
    callerSignal?.removeEventListener("abort", onCallerAbort);
  }
}

/** The parsed body of a 2xx answer, which must be JSON; undefined for other answers. */
function parseSuccessBody(ctx: CallContext, response: Response, text: string | null): unknown {
  if (response.status < 200 || response.status > 299 || text === null || ctx.method === "HEAD") return undefined;
  if (text === "") throw new ChatInvalidResponseError(response.status, "an empty body", ctx);
  const type = response.headers.get("content-type") ?? "";
  if (!/json/i.test(type)) throw new ChatInvalidResponseError(response.status, `a ${type || "untyped"} body`, ctx);
  try {
    return JSON.parse(text);
  } catch (cause) {
    const bytes = new TextEncoder().encode(text).length;
    throw new ChatInvalidResponseError(response.status, `malformed JSON (${bytes} bytes)`, ctx, { cause });
  }
}

/** How long to wait before attempt `n + 1`: what the service asked for, or the backoff. */
function retryWait(result: AttemptResult, n: number): number {
  const status = "response" in result ? result.response.status : 0;
  const retryAfter = status === 429 || status === 503 ? retryAfterSeconds((result as { response: Response }).response.headers) : undefined;
  return retryAfter === undefined ? backoffMs(n) : retryAfter * 1000;
}

function rebuild(response: Response, text: string | null): Response {
  // A browser's opaque redirect (status 0) cannot be rebuilt and has nothing to read anyway.
  if (response.status < 200) return response;
  const copy = new Response(text, { status: response.status, statusText: response.statusText, headers: response.headers });
  Object.defineProperty(copy, "url", { value: response.url });
  return copy;
}

// Every attempt sends the same body, so a stream (from a custom bodySerializer, or inside a
// real Request) is read once into bytes; strings and the like can be sent again as they are.
function bufferedBody(request: Request | LightRequest): Promise<ArrayBuffer> {
  return (request instanceof LightRequest ? new Response(request.body) : (request as Request)).arrayBuffer();
}

/**
 * Sends one call with timeouts, safe retries and redirect protection, and returns its
 * Response with the body fully read: a fresh readable copy, or the original when the caller
 * takes the parsed body from `ctx.data`.
 */
export async function transport(request: Request | LightRequest, ctx: CallContext): Promise<Response> {
  const { options, logger } = ctx;
  const started = options.deadlineMs === undefined ? 0 : Date.now();
  const callerSignal = request.signal;
  // Recorded on the context too, so an error built later from the response can say it was not repeated.
  const idempotent = (ctx.idempotent = isIdempotent(ctx.method, options.idempotent));
  const resendable = request instanceof LightRequest && !(request.body instanceof ReadableStream);
  const body = resendable || request.body == null ? (request.body ?? undefined) : await bufferedBody(request);

  for (let n = 1; ; n++) {
    if (callerSignal?.aborted) throw callerSignal.reason;
    const left = options.deadlineMs === undefined ? Infinity : options.deadlineMs - (Date.now() - started);
    if (left <= 0) throw new ChatTimeoutError(`deadline of ${options.deadlineMs} ms passed`, ctx, n - 1);
    const attemptStarted = logger ? Date.now() : 0;
    const init: RequestInit = { method: request.method, headers: request.headers, body, redirect: "manual" };
    const result = await runAttempt(ctx.sender, request.url, init, callerSignal, Math.min(options.timeoutMs, left));
    const outcome: AttemptOutcome = "outcome" in result ? result.outcome : { kind: "status", status: result.response.status };
    logger?.debug("chat-rest-sdk attempt", {
      method: ctx.method,
      path: ctx.path,
      attempt: n,
      ...(outcome.kind === "status" ? { status: outcome.status } : { failure: outcome.kind }),
      durationMs: Date.now() - attemptStarted,
    });

    const waitMs = n <= options.maxRetries && isRetryable(outcome, idempotent) ? retryWait(result, n) : Infinity;
    if (waitMs > MAX_RETRY_AFTER_MS || (options.deadlineMs !== undefined && Date.now() - started + waitMs >= options.deadlineMs)) {
      if ("response" in result) {
        const data = parseSuccessBody(ctx, result.response, result.text);
        // A caller that takes `data` never reads this body, so the original answer will do.
        const taken = ctx.takesData && data !== undefined;
        if (taken) ctx.data = data;
        const response = taken ? result.response : rebuild(result.response, result.text);
        recordCall(response, ctx);
        return response;
      }
      const cause = redactError(result.error, ctx.secrets);
      // Tell the caller why a POST was not repeated: it may have been processed already.
      const unsure = !idempotent && !isRetryable(outcome, false) ? "; it may have reached the service, so it was not repeated" : "";
      if (outcome.kind === "timeout") {
        throw new ChatTimeoutError(`no complete response within ${Math.min(options.timeoutMs, left)} ms (attempt ${n})${unsure}`, ctx, n, {
          cause,
        });
      }
      throw new ChatConnectionError(`connection failed (${outcome.kind}) after ${n} attempt${n > 1 ? "s" : ""}${unsure}`, ctx, n, {
        cause,
      });
    }
    logger?.info("chat-rest-sdk retrying", { method: ctx.method, path: ctx.path, attempt: n, waitMs: Math.round(waitMs) });
    await abortableSleep(waitMs, callerSignal);
  }
}
