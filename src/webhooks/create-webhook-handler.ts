import { ChatConfigError } from "../errors/chat-config-error.js";
import { eventNameOf, isKnownTrigger } from "./known-triggers.js";
import { parseWebhookEvent } from "./parse-webhook-event.js";
import { readLimitedBody } from "./read-limited-body.js";
import type { WebhookDedupe } from "./webhook-dedupe.js";
import { webhookEventKey } from "./webhook-event-key.js";
import { verifyWebhookAuth, type WebhookCredentials } from "./verify-webhook-auth.js";
import type { ParsedWebhookEvent, UnknownWebhookEvent, WebhookEventOf, WebhookTrigger } from "./webhook-event.js";
import { WebhookPayloadError } from "./webhook-payload-error.js";
import type { WebhookDiagnostics } from "./webhook-diagnostics.js";
import { diagnosticsChannel } from "../diagnostics/diagnostics-channel.js";
import { WEBHOOK_CHANNEL } from "../diagnostics/channel-names.js";

/**
 * One function per trigger you handle; a misspelt trigger does not compile. The legacy
 * `user_connection_status_change` event also arrives as `after_connection_status_changed`; a
 * handler under either name receives both.
 */
export type WebhookEventHandlers = {
  [T in WebhookTrigger]?: (event: WebhookEventOf<T>) => unknown;
};

/** Options of {@link createWebhookHandler}: the webhook's credentials, and what to do with each event. */
export interface WebhookHandlerOptions extends WebhookCredentials {
  /**
   * Handlers by trigger. An event whose trigger has no handler is acknowledged (200) and dropped.
   * A handler may return a promise; the answer waits for it.
   * @default none: required
   * @example { message_sent: async (event) => { await notify(event.data.message.receiver); } }
   */
  on: WebhookEventHandlers;
  /**
   * Called with an event whose trigger the spec does not know (one the service added later).
   * @default none: such events are acknowledged and dropped
   * @example (event) => console.warn("unhandled webhook", String(event.trigger))
   */
  onUnknown?: (event: UnknownWebhookEvent) => unknown;
  /**
   * Called when a handler throws or rejects (the service then gets a 500 and retries), and when the
   * `dedupe` store fails (the service gets a 503 and retries). The error never goes into the
   * response. An error thrown by `onError` itself is ignored.
   * @default none: the error is dropped
   * @example (error, event) => logger.error({ error, trigger: event && String(event.trigger) })
   */
  onError?: (error: unknown, event: ParsedWebhookEvent) => void;
  /**
   * Where the keys of handled events are kept, so that each event is handled once although the
   * service delivers it again after a failure: `memoryWebhookDedupe()` in one process,
   * `redisWebhookDedupe({ url })` from `chat-rest-sdk/redis` across processes. A delivery claims its
   * event's key (`webhookEventKey`) before the handler runs: one whose event is handled gets 200
   * without running it; one whose event another delivery is handling gets 503 so the service
   * retries later; a handler that throws releases the key, so the retry is handled. The 200 of a
   * handled delivery does not wait for its key to be marked done (a store may send the mark later,
   * see `redisWebhookDedupe`'s `flushMs`); a mark that fails goes to `onError`. When the store
   * cannot be reached, no handler runs, the delivery gets 503, and the cause goes to `onError`.
   * @default none: every delivery is handled, repeats included
   * @example memoryWebhookDedupe()
   */
  dedupe?: WebhookDedupe;
  /**
   * Largest body accepted, in bytes. A larger one gets 413 and is not read further.
   * @default 1048576 (1 MiB)
   * @example 262144
   */
  maxBodyBytes?: number;
  /**
   * Milliseconds the body has to arrive in full, from the moment the handler starts reading it. A
   * slower body gets 408 and is not read further, so a client that sends a byte a minute cannot
   * hold the receiver (on node:http, nothing else bounds it before the server's 300 s
   * `requestTimeout`).
   * @default 10000
   * @example 2000
   */
  bodyTimeoutMs?: number;
}

/** Handlers by trigger for the apps `A` of a receiver of several: each event's `appId` is one of them. */
export type WebhookAppEventHandlers<A extends string> = {
  [T in WebhookTrigger]?: (event: WebhookEventOf<T> & { appId: A }) => unknown;
};

/** One app of a receiver of several ({@link WebhookAppsHandlerOptions.apps}): its webhook's credentials and handlers. */
export interface WebhookAppOptions<A extends string = string> extends WebhookCredentials {
  /**
   * This app's handlers by trigger; a trigger it has none for goes to the receiver's shared `on`.
   * @default none: the shared `on` handles every trigger
   * @example { message_sent: (event) => tenantEu.onMessage(event.data.message) }
   */
  on?: WebhookAppEventHandlers<A>;
  /**
   * This app's `onUnknown`, in place of the receiver's.
   * @default the receiver's `onUnknown`
   * @example (event) => console.warn("eu: unknown trigger", String(event.trigger))
   */
  onUnknown?: (event: UnknownWebhookEvent) => unknown;
}

/** The options a receiver of several apps shares with one of one app: what to do on errors, the dedupe store, the body's limits. */
type SharedHandlerOptions = Omit<WebhookHandlerOptions, "username" | "password" | "on" | "onUnknown">;

/**
 * Options of {@link createWebhookHandler} for one receiver of several apps: each app's webhook
 * credentials (and handlers) under its app id. A delivery is checked against the credentials of
 * the app its event names (`appId`): one with another app's credentials gets 401, and neither a
 * handler nor the dedupe store sees it.
 */
export interface WebhookAppsHandlerOptions<A extends string = string> extends SharedHandlerOptions {
  /**
   * Each app's webhook credentials and handlers, by app id.
   * @default none: required
   * @example { "tenant-eu": { username: "eu-hook", password: process.env.EU_HOOK_PASSWORD! }, "tenant-us": { username: "us-hook", password: process.env.US_HOOK_PASSWORD! } }
   */
  apps: { [K in A]: WebhookAppOptions<K> };
  /**
   * Handlers by trigger for every app, for the triggers an app's own `on` leaves out; `event.appId` tells the app.
   * @default none
   * @example { message_sent: (event) => store.save(event.appId, event.data.message) }
   */
  on?: WebhookAppEventHandlers<A>;
  /**
   * Called with an event whose trigger the spec does not know, of an app without its own `onUnknown`.
   * @default none: such events are acknowledged and dropped
   * @example (event) => console.warn("unhandled webhook", event.appId, String(event.trigger))
   */
  onUnknown?: (event: UnknownWebhookEvent) => unknown;
}

/** What a delivery is checked against, and handled by: one app's, or the one webhook's of a receiver of one app. */
interface Receiving {
  /** Undefined for the one-app form, which takes an event of any app. */
  appId: string | undefined;
  credentials: WebhookCredentials;
  on: WebhookEventHandlers;
  shared: WebhookEventHandlers | undefined;
  onUnknown: WebhookHandlerOptions["onUnknown"];
}

/** The apps a receiver takes deliveries for, each with what handles them; a TypeError-free check of the credentials first. */
function receivingOf(options: WebhookHandlerOptions | WebhookAppsHandlerOptions): Receiving[] {
  if (!("apps" in options) || options.apps === undefined) {
    const { username, password, on, onUnknown } = options as WebhookHandlerOptions;
    checkCredentials(username, password, "createWebhookHandler needs the webhook's username and password; one of them is empty.");
    return [{ appId: undefined, credentials: { username, password }, on, shared: undefined, onUnknown }];
  }
  const { apps, on, onUnknown } = options;
  const entries = typeof apps === "object" && apps !== null ? Object.entries(apps as Record<string, WebhookAppOptions>) : [];
  if (entries.length === 0) throw new ChatConfigError("createWebhookHandler: apps must name at least one app, by its id.");
  // App ids are matched in any case, as the service's hosts are: two that differ only in case are one app.
  const seen = new Map<string, string>();
  for (const [appId] of entries) {
    const same = seen.get(appId.toLowerCase());
    if (same !== undefined) throw new ChatConfigError(`createWebhookHandler: apps names one app twice, as ${same} and ${appId}.`);
    seen.set(appId.toLowerCase(), appId);
  }
  return entries.map(([appId, app]) => {
    checkCredentials(
      app?.username,
      app?.password,
      `createWebhookHandler: the app ${appId} needs its webhook's username and password; one of them is empty.`,
    );
    return {
      appId,
      credentials: { username: app.username, password: app.password },
      on: (app.on ?? {}) as WebhookEventHandlers,
      shared: on as WebhookEventHandlers | undefined,
      onUnknown: app.onUnknown ?? onUnknown,
    };
  });
}

function checkCredentials(username: unknown, password: unknown, message: string): void {
  if (typeof username !== "string" || username === "" || typeof password !== "string" || password === "")
    throw new ChatConfigError(message);
}

/** A handler of webhook deliveries in the Fetch API's terms: a `Request` in, a `Response` out. */
export type WebhookHandler = (request: Request) => Promise<Response>;

const oneMebibyte = 1024 * 1024;
const tenSeconds = 10_000;

/**
 * Builds a receiver for the service's webhooks: `(request: Request) => Promise<Response>`, which
 * runs unchanged as a route of Next.js, Hono, Bun, Deno or Workers (`toNodeHandler` serves it
 * from node:http or Express). It answers:
 *
 * | answer | when |
 * |---|---|
 * | 405 (`Allow: POST`) | the method is not POST |
 * | 401 (`WWW-Authenticate: Basic`) | the Basic credentials are missing or wrong |
 * | 413 | the body is over `maxBodyBytes`; the rest of it is not read |
 * | 408 | the body did not arrive within `bodyTimeoutMs` |
 * | 400 | the body is not an event (see `WebhookPayloadError`), or the client broke off sending it |
 * | 500 | a handler threw; the error goes to `onError`, and the service retries |
 * | 503 (`Retry-After`) | with `dedupe`: another delivery of the event is being handled, or the store failed (its error goes to `onError`) |
 * | 200 | otherwise, once the handler (if any) has finished; with `dedupe`, also a repeat of a handled event |
 *
 * Deliveries repeat (the service retries a failed one); give `dedupe` to handle each event once.
 *
 * One receiver serves several apps with `apps`: each app's webhook credentials (and, if it wants,
 * its own handlers) under its id. A delivery must carry the credentials of the app its event
 * names; one with app A's credentials that claims app B gets 401 before any handler or the dedupe
 * store sees it. Keys of handled events start with the app (`webhookEventKey`), so one dedupe
 * store serves every app.
 *
 * @throws {ChatConfigError} when a username or password is empty, `apps` names no app, `maxBodyBytes` is not a positive integer, or `bodyTimeoutMs` is not one of at most 2^31 - 1.
 * @example
 * export const POST = createWebhookHandler({
 *   username: process.env.CHAT_WEBHOOK_USER!,
 *   password: process.env.CHAT_WEBHOOK_PASSWORD!,
 *   on: { message_sent: (event) => console.log(event.data.message.id) },
 * });
 * // One receiver for two apps: each delivery is checked against its own app's credentials.
 * export const tenants = createWebhookHandler({
 *   apps: {
 *     "tenant-eu": { username: "eu-hook", password: process.env.EU_HOOK_PASSWORD! },
 *     "tenant-us": { username: "us-hook", password: process.env.US_HOOK_PASSWORD! },
 *   },
 *   on: { message_sent: (event) => console.log(event.appId, event.data.message.id) },
 * });
 */
export function createWebhookHandler(options: WebhookHandlerOptions): WebhookHandler;
export function createWebhookHandler<A extends string>(options: WebhookAppsHandlerOptions<A>): WebhookHandler;
export function createWebhookHandler(options: WebhookHandlerOptions | WebhookAppsHandlerOptions): WebhookHandler {
  const { onError, dedupe } = options;
  const maxBodyBytes = options.maxBodyBytes ?? oneMebibyte;
  const bodyTimeoutMs = options.bodyTimeoutMs ?? tenSeconds;
  const receiving = receivingOf(options);
  if (!Number.isSafeInteger(maxBodyBytes) || maxBodyBytes <= 0) {
    throw new ChatConfigError(`maxBodyBytes must be a positive integer; it is ${String(maxBodyBytes)}.`);
  }
  // A timer's delay is a signed 32-bit number of milliseconds; past it, the timer would fire at once.
  if (!Number.isSafeInteger(bodyTimeoutMs) || bodyTimeoutMs <= 0 || bodyTimeoutMs > 2 ** 31 - 1) {
    throw new ChatConfigError(`bodyTimeoutMs must be a positive integer of at most 2147483647; it is ${String(bodyTimeoutMs)}.`);
  }
  const channel = diagnosticsChannel?.tracingChannel?.<unknown, WebhookDiagnostics>(WEBHOOK_CHANNEL);
  // A delivery's claim token: unique across processes by the random part, cheap per delivery by the count.
  // The random part is drawn at the first delivery, not here: Cloudflare Workers refuse random values
  // in a module's global scope, where `export default { fetch: handler }` creates the handler.
  const tokens = { prefix: "", count: 0 };

  const handle = async (request: Request, seen: WebhookDiagnostics): Promise<Response> => {
    if ((seen.method = request.method) !== "POST") return answer(405, "Webhooks are delivered with POST.", { allow: "POST" });
    const authorization = request.headers.get("authorization");
    // Every app's credentials are checked, so the time does not tell which app's were near.
    const verified = receiving.map((app) => verifyWebhookAuth(authorization, app.credentials));
    const matching = receiving.filter((_, index) => verified[index]);
    if (!(seen.verified = matching.length > 0)) return refuse("Missing or wrong credentials.");
    const body = await readLimitedBody(request, maxBodyBytes, bodyTimeoutMs);
    // A body that was not read to its end leaves the connection unusable: each of these closes it.
    if ("tooLarge" in body) return answer(413, `The body is larger than ${maxBodyBytes} bytes.`, { connection: "close" });
    if ("timedOut" in body) return answer(408, `The body did not arrive within ${bodyTimeoutMs} ms.`, { connection: "close" });
    if ("failed" in body) return answer(400, "The body could not be read to its end.", { connection: "close" });
    let event: ParsedWebhookEvent;
    try {
      event = parseWebhookEvent(body.bytes);
    } catch (error) {
      if (error instanceof WebhookPayloadError) return answer(400, error.message);
      throw error;
    }
    seen.trigger = String(event.trigger);
    if (typeof event.appId === "string") seen.appId = event.appId;
    const claimed = String(event.appId).toLowerCase();
    const app = matching.find((one) => one.appId === undefined || one.appId.toLowerCase() === claimed);
    // Another app's credentials: refused before any handler or the store sees the event.
    if (!app) {
      seen.verified = false;
      return refuse("The credentials are not those of the webhook of the app this event names.");
    }
    if (!dedupe) {
      try {
        await dispatch(event, app);
      } catch (error) {
        seen.handlerError = error;
        report(onError, error, event);
        return answer(500, "The event could not be handled; it will be retried.");
      }
      return answer(200, "");
    }
    tokens.prefix ||= crypto.randomUUID();
    return handleOnce(event, `${tokens.prefix}:${++tokens.count}`, dedupe, app, onError, seen);
  };
  // Published only while something subscribes to the webhook channel.
  return (request) => {
    const seen = {} as WebhookDiagnostics;
    return channel?.hasSubscribers ? channel.tracePromise(handle, seen, undefined, request, seen) : handle(request, seen);
  };
}

/** Handles `event` unless its key is done or claimed by another delivery (see `dedupe`). */
async function handleOnce(
  event: ParsedWebhookEvent,
  token: string,
  dedupe: WebhookDedupe,
  app: Receiving,
  onError: WebhookHandlerOptions["onError"],
  seen: WebhookDiagnostics,
): Promise<Response> {
  const key = webhookEventKey(event);
  let claim: Awaited<ReturnType<WebhookDedupe["claim"]>>;
  try {
    claim = await dedupe.claim(key, token);
  } catch (error) {
    // Fail closed: without the store, this process cannot know whether another handled the event.
    report(onError, error, event);
    return retryLater("The webhook store could not be reached; the event will be retried.");
  }
  if (claim === "done") return answer(200, "");
  // 503, not 200: the delivery that holds the key may still fail, and then this event needs a retry.
  if (claim !== "claimed") return retryLater("The event is being handled by another delivery; retry later.");
  try {
    await dispatch(event, app);
  } catch (error) {
    seen.handlerError = error;
    report(onError, error, event);
    // Released so that the service's retry is handled; if this fails, the lease ends on its own.
    await dedupe.release(key, token).catch((cause: unknown) => report(onError, cause, event));
    return answer(500, "The event could not be handled; it will be retried.");
  }
  // Not awaited: the event was handled, and 200 stops the service's retries. A store may send the
  // mark later (redisWebhookDedupe sends it with its next claim); if it fails, the claim's lease
  // ends on its own and the cause goes to onError.
  dedupe.done(key, token).catch((error: unknown) => report(onError, error, event));
  return answer(200, "");
}

function report(onError: WebhookHandlerOptions["onError"], error: unknown, event: ParsedWebhookEvent) {
  try {
    onError?.(error, event);
  } catch {
    // The hook's own failure must not turn an answer into a crash of the route.
  }
}

function retryLater(text: string): Response {
  return answer(503, text, { "retry-after": "10" });
}

async function dispatch(event: ParsedWebhookEvent, { on, shared, onUnknown }: Receiving) {
  const trigger = String(event.trigger);
  if (!isKnownTrigger(trigger)) {
    await onUnknown?.(event as UnknownWebhookEvent);
    return;
  }
  // A second spelling of a trigger reaches the handler of either name; the app's own before the shared ones.
  const handler = (on[trigger] ?? on[eventNameOf(trigger)] ?? shared?.[trigger] ?? shared?.[eventNameOf(trigger)]) as
    | ((event: ParsedWebhookEvent) => unknown)
    | undefined;
  await handler?.(event);
}

function refuse(text: string): Response {
  return answer(401, text, { "www-authenticate": 'Basic realm="webhook", charset="UTF-8"' });
}

function answer(status: number, text: string, headers: Record<string, string> = {}): Response {
  return new Response(text === "" ? null : text, {
    status,
    headers: text === "" ? headers : { "content-type": "text/plain; charset=utf-8", ...headers },
  });
}
