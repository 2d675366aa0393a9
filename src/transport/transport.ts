import type { FailedCall } from "../errors/chat-api-error.js";
import { ChatConnectionError, ChatTimeoutError } from "../errors/chat-connection-error.js";
import { ChatInvalidResponseError } from "../errors/chat-invalid-response-error.js";
import type { LevelledLogger } from "./log-level.js";
import { REDACTED, redactValue } from "../errors/redact.js";
import type { ResolvedRequestOptions } from "./request-options.js";
import { abortableSleep } from "./abortable-sleep.js";
import { runAttempt, type AttemptPlan, type AttemptResult, type ParseAs } from "./attempt.js";
import { multipartBlob } from "./multipart-blob.js";
import type { Governor, Permit } from "../rate-limits/governor.js";
import type { CallParams } from "../safety/input-checks.js";
import {
  type AttemptOutcome,
  attemptMayHaveReachedService,
  isRetryable,
  MAX_SERVICE_WAIT_MS,
  mayHaveBeenProcessed,
  retryWaitMs,
} from "../errors/retry-policy.js";

/** A fetch the caller injected; like openapi-fetch, it gets a Request and the client's `requestInitExt`. */
export type InjectedFetch = (input: Request, init?: RequestInit) => Promise<Response>;

/**
 * One request to send: what `fetch(url, init)` takes and the serialized body, with the `Request`
 * when middleware or a custom Request class needed one (middleware may have replaced it).
 */
export interface Outgoing {
  url: string;
  init: RequestInit;
  body: unknown;
  request?: Request | undefined;
}

/**
 * Runs attempt `n` as `runAttempt` does, after `permit` gave it room: what the transport asks of a
 * traced call, whose attempts run under the attempt channel.
 */
export type TracedAttempt = (
  plan: AttemptPlan,
  signal: AbortSignal | null | undefined,
  budgetMs: number,
  n: number,
  permit: Permit | undefined,
) => Promise<AttemptResult>;

/** What the transport needs to know about one call, besides the request itself. */
export interface TransportCall extends FailedCall {
  options: ResolvedRequestOptions;
  secrets: readonly string[];
  logger: LevelledLogger | undefined;
  fetch: InjectedFetch | undefined;
  requestInitExt: RequestInit | undefined;
  parseAs: ParseAs;
  /** The call's id, shared by its attempts: in its log lines, its middleware hooks and its trace. */
  id?: string | undefined;
  /** The client's app, in its log lines (a backend of several apps tells them apart by it); undefined for the Management API's client. */
  appId?: string | undefined;
  /** Runs each attempt under the attempt channel, when the call is traced. */
  attempt?: TracedAttempt | undefined;
}

/**
 * The final answer and its body as read within the attempt: text for JSON and text, bytes for
 * the other formats, null when there is none or a 2xx is streamed to the caller unread.
 */
export interface Delivered {
  response: Response;
  body: string | ArrayBuffer | null;
}

function fetchVia({ fetch: own, requestInitExt: ext }: TransportCall, input: Request | string, init?: RequestInit): Promise<Response> {
  if (own) return own(typeof input === "string" ? new Request(input, init) : input, ext);
  return fetch(input, ext ? { ...init, ...ext } : init);
}

/**
 * Plans a call's attempts. A redirect hop is sent as `fetch(url, init)`, and so is the first
 * request when there is no Request; otherwise it is a copy of the Request, made by the Request's
 * own class, so a caller's subclass and the properties set on it reach fetch.
 */
function plan(call: TransportCall, outgoing: Outgoing, body: BodyInit | null | undefined): AttemptPlan {
  const { request } = outgoing;
  let headers = request?.headers;
  // A form sent as its own multipart Blob carries its boundary in the Blob's type, not in the one fetch wrote.
  if (headers && body instanceof Blob && body.type.startsWith("multipart/form-data")) {
    headers = new Headers(headers);
    headers.set("content-type", body.type);
  }
  const init: RequestInit = request ? { method: request.method, headers, signal: request.signal } : outgoing.init;
  const { url } = request ?? outgoing;
  const redirect = (request ?? init).redirect ?? "follow";
  const mode = redirect === "follow" ? "manual" : redirect;
  const resend = (at: string, method: string, signal: AbortSignal | undefined) =>
    fetchVia(call, at, { ...init, method, body: method === init.method ? body : undefined, redirect: mode, ...(signal && { signal }) });
  const send = (signal: AbortSignal | undefined) => {
    if (!request) return resend(url, init.method!, signal);
    const copy = new (request.constructor as typeof Request)(request, { body, headers, redirect: mode, ...(signal && { signal }) });
    // Per-call options the Request has no field for (e.g. `dispatcher`) are set on it, as openapi-fetch does.
    for (const key of Object.keys(request))
      (copy as unknown as Record<string, unknown>)[key] ??= (request as unknown as Record<string, unknown>)[key];
    return fetchVia(call, copy);
  };
  const maxBytes = call.options.maxResponseBytes;
  const tooLarge = (status: number) =>
    new ChatInvalidResponseError(status, `over ${maxBytes} bytes`, call, { expected: "at most maxResponseBytes" });
  return { url, redirect, method: init.method!, headers: init.headers, readAs: call.parseAs, maxBytes, tooLarge, send, resend };
}

function failure(
  call: TransportCall,
  url: string,
  result: { outcome: AttemptOutcome; error: unknown },
  n: number,
  budgetMs: number,
  reached: boolean,
): Error {
  const { outcome, error } = result;
  const { kind, code } = outcome as { kind: string; code?: string };
  // A custom fetch may reject with a string, a plain object or an Error holding the Request: all are masked.
  const options = { cause: redactValue(error, call.secrets), mayHaveReachedService: reached };
  // The message names where the call went; the query is left out, as it may carry anything,
  // and a path parameter may be a credential itself (DELETE /apikeys/{apiKey}), as sent or percent-encoded.
  const at = new URL(url);
  // Whole segments only: a short key must not garble the rest of the path.
  const masked = at.pathname.replace(/[^/]+/g, (segment) =>
    call.secrets.some((secret) => secret === segment || encodeURIComponent(secret) === segment) ? REDACTED : segment,
  );
  const where = { ...call, url: at.origin + masked };
  // Tell the caller why a POST was not repeated: it may have been processed already.
  const unsure = mayHaveBeenProcessed(outcome, !!call.idempotent) ? "; it may have reached the service, so it was not repeated" : "";
  if (kind === "timeout") return new ChatTimeoutError(`no response within ${budgetMs} ms (attempt ${n})${unsure}`, where, n, options);
  return new ChatConnectionError(
    `connection failed (${kind}${code ? `, ${code}` : ""}) after ${n} attempt${n > 1 ? "s" : ""}${unsure}`,
    where,
    n,
    options,
  );
}

/**
 * Sends one call with timeouts, safe retries and same-origin redirects, and reads the answer's
 * body within the attempt, as `call.parseAs` wants it. With a `governor` (the client's
 * `rateLimits`), each attempt first waits for room; `params` name the user the call acts as.
 */
export async function transport(outgoing: Outgoing, call: TransportCall, governor?: Governor, params?: CallParams): Promise<Delivered> {
  const { options, logger, method, path } = call;
  const { deadlineMs, timeoutMs } = options;
  const started = deadlineMs ? Date.now() : 0;
  const callerSignal = (outgoing.request ?? outgoing.init).signal;
  // Every attempt sends the same body. A body that can be sent again (a string, bytes, a Blob) is
  // sent as it is; a form becomes one multipart Blob over its own Blobs, so a file is never copied
  // and a retry repeats the boundary. Only a stream is read once into bytes.
  let body = outgoing.body;
  if (body instanceof FormData) body = multipartBlob(body);
  else if (body instanceof ReadableStream) body = await new Response(body).arrayBuffer();
  const attempts = plan(call, outgoing, body as BodyInit | null | undefined);
  let permit: Permit | undefined;
  // Whether any attempt so far may have been applied: what the error tells a caller about to send again.
  let reached = false;

  for (let n = 1; ; n++) {
    // Every attempt waits for room under the rate limits: a retry is another request. The
    // governor refuses a call whose signal has fired before it takes room.
    if (governor) {
      const granted = governor.acquire(call, params, permit, started, callerSignal);
      // Room at once comes without a promise, and costs no await.
      permit = granted instanceof Promise ? await granted : granted;
    }
    // A signal that fired before, or while the permit was on its way: the call is not sent.
    if (callerSignal?.aborted) throw callerSignal.reason;
    const left = deadlineMs && deadlineMs - (Date.now() - started);
    if (deadlineMs && left <= 0)
      throw new ChatTimeoutError(`deadline of ${deadlineMs} ms passed`, call, n - 1, { mayHaveReachedService: reached });
    const budgetMs = !left ? timeoutMs : timeoutMs ? Math.min(timeoutMs, left) : left;
    const attemptStarted = logger?.debug ? Date.now() : 0;
    const result = await (call.attempt ?? runAttempt)(attempts, callerSignal, budgetMs, n, permit);
    const { response } = result as { response?: Response };
    const outcome: AttemptOutcome = response
      ? { kind: "status", status: response.status }
      : (result as { outcome: AttemptOutcome }).outcome;
    reached ||= attemptMayHaveReachedService(outcome);
    logger?.debug?.("chat-rest-sdk attempt", {
      callId: call.id,
      appId: call.appId,
      method,
      path,
      attempt: n,
      ...(response ? { status: response.status } : { failure: outcome.kind }),
      durationMs: Date.now() - attemptStarted,
    });

    // A 429 makes the governor hold the key: the retry then waits in the key's queue, first.
    const held = permit && governor!.settle(permit, result as { response?: Response });
    const waitMs = n <= options.maxRetries && isRetryable(outcome, !!call.idempotent) ? retryWaitMs(response, n) : Infinity;
    if (waitMs > MAX_SERVICE_WAIT_MS || (deadlineMs && Date.now() - started + waitMs >= deadlineMs)) {
      if (!response) throw failure(call, attempts.url, result as { outcome: AttemptOutcome; error: unknown }, n, budgetMs, reached);
      // A ChatApiError built from this answer tells whether an attempt may have been applied.
      call.mayHaveReachedService = reached;
      return result as Delivered;
    }
    logger?.info?.("chat-rest-sdk retrying", {
      callId: call.id,
      appId: call.appId,
      method,
      path,
      attempt: n,
      waitMs: Math.round(waitMs),
    });
    if (!held) await abortableSleep(waitMs, callerSignal);
  }
}
