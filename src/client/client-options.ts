import type { BodySerializer, PathSerializer, QuerySerializer, QuerySerializerOptions } from "openapi-fetch";
import type { RateLimits } from "../rate-limits/rate-limit-options.js";
import type { Region } from "../safety/base-url.js";
import type { RequestOptions } from "../transport/request-options.js";
import type { LogLevel } from "../transport/log-level.js";

/** What every client accepts, whichever API it talks to. */
export interface CommonClientOptions extends RequestOptions {
  /**
   * Overrides the URL the client sends requests to, for example a local mock.
   * It must be `https:`, or `http:` to a loopback host (localhost, 127.0.0.0/8, [::1]).
   * @default the app's regional URL for Chat and Calls API clients, `https://apimgmt.cometchat.io` for the Management API
   * @example "http://127.0.0.1:4010"
   */
  baseUrl?: string;
  /**
   * The `fetch` implementation to send requests with, for tests or instrumented runtimes.
   * @default globalThis.fetch
   * @example async (request) => new Response(JSON.stringify({ data: [] }), { status: 200 })
   */
  fetch?: (input: Request, init?: RequestInit) => Promise<Response>;
  /**
   * Extra headers sent with every request. A header named like a credential (`apikey`, `key`,
   * `secret`) is refused with a `ChatConfigError`: the client sends its own. As in openapi-fetch,
   * `null` removes a header: `{ "Content-Type": null }` sends no JSON content type, so fetch
   * picks the type from the body.
   * @default {}
   * @example { "x-request-source": "billing-worker" }
   */
  headers?: Record<string, string | null>;
  /**
   * Allow building a client in a browser-like environment. Without it the client refuses,
   * because any key it holds is readable by every user of the page.
   * @default false
   * @example true // only for a demo whose key is safe to expose
   */
  dangerouslyAllowBrowser?: boolean;
  /**
   * How query parameters are written, as in openapi-fetch: options, or a function of your own.
   * Options are merged over the spec's style, which writes arrays comma-separated.
   * @default { array: { style: "form", explode: false } }
   * @example { array: { style: "form", explode: true } }
   */
  querySerializer?: QuerySerializer<unknown> | QuerySerializerOptions;
  /**
   * How a request body is written, as in openapi-fetch. It receives the merged headers as a `Headers` object.
   * @default JSON.stringify (FormData as it is)
   * @example (body) => new URLSearchParams(body as Record<string, string>).toString()
   */
  bodySerializer?: BodySerializer<unknown>;
  /**
   * How path parameters are written into the URL, as in openapi-fetch.
   * @default openapi-fetch's defaultPathSerializer (simple, label and matrix styles)
   * @example (path, params) => path.replace("{id}", String(params.id))
   */
  pathSerializer?: PathSerializer;
  /**
   * The Request class openapi-fetch builds requests with, so that `fetch` and middleware get
   * instances of it. Every call then becomes an instance of it, which costs a little per call.
   * @default globalThis.Request
   * @example class TracedRequest extends Request {}
   */
  Request?: typeof Request;
  /**
   * Non-standard fetch options passed to every fetch call as its second argument, as in
   * openapi-fetch: e.g. an undici `dispatcher`.
   * @default undefined
   * @example { dispatcher: new Agent({ connections: 16 }) }
   */
  requestInitExt?: Record<string, unknown>;
  /**
   * The lowest level of line the client logs: `"debug"` (a line per attempt), `"info"` (a line
   * per retry), `"warn"` (deprecations), `"error"`, or `"off"`. It wins over `CHAT_LOG`.
   * @default the `CHAT_LOG` environment variable when the client is given neither `logger` nor
   * `logLevel` (read once, where `process.env` exists), else `"debug"` with a `logger` (every
   * line) and `"warn"` without one (deprecations to `console.warn`)
   * @example "info"
   */
  logLevel?: LogLevel;
}

/**
 * What {@link ChatClient.withOptions} may change in a derived client: the options of its calls,
 * its headers, its fetch, its logging and the user it acts as. Host, credentials, rate limits,
 * serializers and middleware stay its parent's.
 */
export interface ClientOverrides extends RequestOptions, Pick<CommonClientOptions, "headers" | "fetch" | "requestInitExt" | "logLevel"> {
  /**
   * The UID the derived client acts as on every request, as {@link ChatClient.as} gives it.
   * @default the parent's user, if it has one
   * @example "cometchat-uid-2"
   */
  onBehalfOf?: string;
}

/** Options of {@link createChatClient}. */
export interface ChatClientOptions extends CommonClientOptions {
  /**
   * The app's id. It becomes the first label of the host name.
   * @default none: required
   * @example "2a1b3c4d5e6f7a8b"
   */
  appId: string;
  /**
   * The region the app was created in.
   * @default "us"
   * @example "eu"
   */
  region?: Region;
  /**
   * A REST API key (`fullAccess` scope) or Auth key (`authOnly`), sent as the `apikey` header.
   * Keep a `fullAccess` key on servers only.
   * @default none: required
   * @example process.env.CHAT_API_KEY
   */
  apiKey: string;
  /**
   * The UID to act as on every request. Setting it returns a client bound to that user,
   * like {@link ChatClient.as}.
   * @default undefined (no `onBehalfOf` header unless a call passes one)
   * @example "cometchat-uid-1"
   */
  onBehalfOf?: string;
  /**
   * Keep the calls under rate limits, per app and per user: a call that would pass one waits for
   * room, then is sent, and calls of one user leave in the order they were made. `"service"`
   * keeps the service's documented limits (`serviceRateLimits()`); an object sets your own, a
   * shared store (`redisRateLimitStore` from `chat-rest-sdk/redis`) and how long a call may wait.
   * A call that would wait longer fails with a `RateLimitError` and is not sent. A 429 holds the
   * whole key for its `Retry-After`, and the service's `X-RateLimit-Remaining` corrects the counts.
   * @default undefined (no pacing: each 429 is retried on its own, as `maxRetries` allows)
   * @example "service"
   */
  rateLimits?: "service" | RateLimits;
}

/**
 * Options of {@link createCallsClient}: those of the Chat client, since the Calls API takes the
 * same app, region and API key; only the host differs (`call-` where the Chat API has `api-`).
 */
export type CallsClientOptions = ChatClientOptions;

/** Options of {@link createManagementClient}. */
export interface ManagementClientOptions extends CommonClientOptions {
  /**
   * The account's management API key, sent as the `key` header.
   * @default none: required
   * @example process.env.CHAT_MGMT_KEY
   */
  key: string;
  /**
   * The account's management API secret, sent as the `secret` header.
   * @default none: required
   * @example process.env.CHAT_MGMT_SECRET
   */
  secret: string;
}
