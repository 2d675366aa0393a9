import createClient, {
  createFinalURL,
  createQuerySerializer,
  defaultBodySerializer,
  defaultPathSerializer,
  type Middleware,
} from "openapi-fetch";
import { type AppLocation, callsBaseUrl, chatBaseUrl, checkBaseUrl } from "../safety/base-url.js";
import { checkCredential } from "../safety/check-credential.js";
import { guardBrowser } from "../safety/browser-guard.js";
import { withCall } from "../errors/call-record.js";
import type { CallsClientOptions, ChatClientOptions, CommonClientOptions, ManagementClientOptions } from "./client-options.js";
import type { SdkClient } from "./client-types.js";
import { headerNames, refuseCredentialHeaders } from "../safety/credential-headers.js";
import { warnIfDeprecated } from "./deprecation.js";
import { ChatConfigError } from "../errors/chat-config-error.js";
import type { Logger } from "./logger.js";
import { checkOnBehalfOf, onBehalfOfIn } from "../safety/on-behalf-of.js";
import type { CallsPaths, ChatPaths, ManagementPaths, OnBehalfOfOptional } from "./paths.js";
import { prepareParams, type CallInit, type CallParams } from "./prepare-call.js";
import { redactValue } from "../safety/redact.js";
import { REQUEST_DEFAULTS, resolveRequestOptions, type RequestOptions, type ResolvedRequestOptions } from "./request-options.js";
import { isIdempotent } from "../transport/retry-policy.js";
import { rememberBody, rememberingSerializer } from "../transport/replayable-body.js";
import { transport, type InjectedFetch, type ParseAs, type TransportCall } from "../transport/transport.js";
import { defaultUserAgent } from "./user-agent.js";

/** A client bound to one user: every request carries `onBehalfOf: <uid>`, so the header is optional in every call. */
export interface BoundChatClient extends SdkClient<OnBehalfOfOptional<ChatPaths>> {
  /** A client acting as another user, sharing this one's settings and middleware. */
  as(uid: string): BoundChatClient;
}

/** A typed Chat API client. Calls that need `onBehalfOf` must pass it in `params.header`. */
export interface ChatClient extends SdkClient<ChatPaths> {
  /**
   * A client that acts as `uid` on every request, sharing this one's settings and middleware.
   * @example await chat.as("cometchat-uid-1").POST("/messages/{id}/thread", { params: { path: { id: "42" } }, body })
   */
  as(uid: string): BoundChatClient;
}

/** A Calls API client bound to one user: every request carries `onBehalfOf: <uid>`. */
export interface BoundCallsClient extends SdkClient<OnBehalfOfOptional<CallsPaths>> {
  /** A client acting as another user, sharing this one's settings and middleware. */
  as(uid: string): BoundCallsClient;
}

/** A typed Calls API client: the calls of one app, on its Calls host. */
export interface CallsClient extends SdkClient<CallsPaths> {
  /**
   * A client that acts as `uid` on every request, sharing this one's settings and middleware.
   * @example await calls.as("cometchat-uid-1").GET("/calls")
   */
  as(uid: string): BoundCallsClient;
}

/** A typed Management API client (`key` and `secret` credentials). */
export type ManagementClient = SdkClient<ManagementPaths>;

type Method = "GET" | "PUT" | "POST" | "DELETE" | "PATCH" | "HEAD" | "OPTIONS" | "TRACE";
const METHODS = "GET PUT POST DELETE PATCH HEAD OPTIONS TRACE".split(" ") as Method[];
type Headers_ = Record<string, string>;

/** The options of one call that the SDK applies itself, separated from what goes into the request. */
interface CallSettings {
  options: ResolvedRequestOptions;
  logger: Logger | undefined;
  userAgent: string | undefined;
}

/**
 * Merges headers as openapi-fetch does (null removes a header, an array adds each value), into
 * a plain object keyed by lower-case name, which fetch takes as it is.
 */
function mergeHeaders(into: Headers_, from: unknown): Headers_ {
  if (!from || typeof from !== "object") return into;
  const entries = from instanceof Headers || Array.isArray(from) ? from : Object.entries(from);
  for (const [name, value] of entries as Iterable<[string, unknown]>) {
    const key = name.toLowerCase();
    if (value === null) delete into[key];
    else if (Array.isArray(value)) into[key] = (into[key] === undefined ? [] : [into[key]]).concat(value).join(", ");
    else if (value !== undefined) into[key] = String(value);
  }
  return into;
}

/** Whether headers (an object or pairs) set `name` to null, which removes a header in openapi-fetch. */
function setsToNull(headers: unknown, name: string): boolean {
  if (!headers || typeof headers !== "object" || headers instanceof Headers) return false;
  for (const [key, value] of Array.isArray(headers) ? headers : Object.entries(headers))
    if (value === null && key.toLowerCase() === name) return true;
  return false;
}

// fetch refuses these before sending anything: a method that is not a token, or CONNECT, TRACE
// or TRACK; a header name that is not a token, or a value with a control character other than
// tab or a character above U+00FF. U+0085 is refused too: fetch strips it without a word.
const TOKEN = /^[\w!#$%&'*+.^`|~-]+$/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is what this pattern is for.
const BAD_VALUE = /[\0-\x08\n-\x1f\x7f\x85\u0100-\uffff]/;
// fetch drops tabs and newlines from a URL, so "/.\t./x" would climb out of the base URL's
// path, and "//host" or "/\\host" reads as another host to anything that resolves it.
const ESCAPING_PATH = /^\/[\\/]|[\t\n\r]/;

/**
 * Refuses headers (an object, pairs or a `Headers`) that fetch would throw on; the message names
 * the header, never its value. Refused here, the call fails at once instead of after retries.
 */
function checkHeaders(where: string, headers: object): void {
  const entries = Array.isArray(headers) || headers instanceof Headers ? headers : Object.entries(headers);
  for (const [name, value] of entries as Iterable<[string, string]>)
    if (!TOKEN.test(name) || BAD_VALUE.test(value))
      throw new ChatConfigError(`${where}: fetch cannot send header ${JSON.stringify(name)}.`);
}

const CALL_OPTIONS = ["maxRetries", "timeoutMs", "deadlineMs", "maxResponseBytes", "idempotent", "logger", "userAgent"];
// Keys of an init that are not fetch options: everything else goes to fetch, as openapi-fetch does.
const NOT_FETCH_OPTIONS = new Set([...CALL_OPTIONS, "params", "body", "headers", "parseAs", "middleware", "fetch"]);

/** Separates the SDK's own options of one call (retries, timeouts, logger, User-Agent) from the request. */
function separateCallOptions(client: CallSettings, init: CallInit | undefined): CallSettings {
  let set = false;
  if (init) for (const key of CALL_OPTIONS) set ||= init[key] !== undefined;
  // Most calls set none of them, and then the client's settings are used as they are.
  if (!set) return client;
  init = init as CallInit;
  if (init.userAgent !== undefined) checkHeaders("userAgent", { "user-agent": init.userAgent });
  return {
    options: resolveRequestOptions(client.options, init as RequestOptions),
    logger: (init.logger as Logger | undefined) ?? client.logger,
    userAgent: init.userAgent === undefined ? undefined : String(init.userAgent),
  };
}

// The path-parameter check reads names as written in the template, so the operators of
// label, matrix and explode styles ({.id}, {;id}, {id*}) are taken off first.
const bareTemplate = (path: string) => (/\{[.;]|\*\}/.test(path) ? path.replace(/\{[.;]?([^{}]+?)\*?\}/g, "{$1}") : path);

/** Whether a call needs openapi-fetch to build it: only openapi-fetch runs middleware and per-call serializers. */
function needsOpenapiFetch(init: CallInit): boolean {
  return !!(
    (init.middleware as unknown[] | undefined)?.length ||
    init.Request ||
    init.querySerializer ||
    init.bodySerializer ||
    init.pathSerializer ||
    (init.parseAs !== undefined && init.parseAs !== "json")
  );
}

/** Whether an auth-only client may send `method` to `path` (relative to its base URL), checked on the final request. */
export type AllowsRequest = (method: string, path: string) => boolean;

type Send = (method: string, path: string, init: CallInit | undefined, boundUid: string | undefined) => Promise<unknown>;

/**
 * Builds what every call of one client shares, and returns how a call is sent; it holds the
 * secrets in this closure only.
 */
function clientCore(options: CommonClientOptions, defaultUrl: string, credentials: Headers_, allows?: AllowsRequest) {
  guardBrowser(options.dangerouslyAllowBrowser);
  const credentialNames = Object.keys(credentials);
  if (options.headers) {
    refuseCredentialHeaders("headers", Object.keys(options.headers), credentialNames);
    onBehalfOfIn("headers", options.headers);
  }
  const baseUrl = options.baseUrl === undefined ? defaultUrl : checkBaseUrl(options.baseUrl);
  const userAgent = options.userAgent ?? defaultUserAgent();
  // Credentials come last: headers naming them are refused above, and this keeps it so.
  const headers = mergeHeaders(mergeHeaders(userAgent ? { "user-agent": userAgent } : {}, options.headers), credentials);
  checkHeaders("headers", headers);
  const { querySerializer: query, pathSerializer, bodySerializer, Request, requestInitExt } = options;
  // The spec declares array query parameters as form/explode:false, i.e. `tags=a,b`.
  const querySerializer = typeof query === "function" ? query : { array: { style: "form", explode: false } as const, ...query };
  const serializeBody = rememberingSerializer((bodySerializer ?? defaultBodySerializer) as (body: unknown, headers?: unknown) => unknown);
  // `Content-Type: null` on the client turns off the JSON default, so fetch picks the type from the body, as in openapi-fetch.
  const jsonByDefault = !setsToNull(options.headers, "content-type");
  const baseHeaders = jsonByDefault ? headers : { ...headers, "content-type": null };
  const base = createClient<any>({
    baseUrl,
    headers: baseHeaders,
    querySerializer,
    pathSerializer,
    bodySerializer: serializeBody,
    Request,
  });
  base.use(rememberBody);
  const origin = new URL(baseUrl).origin;
  const basePath = new URL(baseUrl).pathname.replace(/\/$/, "");
  const serializeQuery = typeof querySerializer === "function" ? querySerializer : createQuerySerializer(querySerializer);
  const serializePath = pathSerializer ?? defaultPathSerializer;
  const settings: CallSettings = {
    options: resolveRequestOptions(REQUEST_DEFAULTS, options),
    logger: options.logger,
    userAgent: undefined,
  };
  const secrets = Object.values(credentials);
  const clientFetch = options.fetch;
  /** The middleware registered through `use`: while there is any, every call takes openapi-fetch's path. */
  const middleware: Middleware[] = [];

  // An error body may echo a credential: masked here, as in a ChatApiError, with or without unwrap.
  const failed = (result: { error?: unknown; response: Response }, call: TransportCall) =>
    withCall({ ...result, error: redactValue(result.error, secrets) }, call);

  /** The common case, built here: the URL by openapi-fetch's serializers, the headers as a plain object. */
  const sendDirect = (call: TransportCall, params: CallParams | undefined, init: CallInit | undefined, userAgent?: string) => {
    const url = createFinalURL(call.path, {
      baseUrl,
      params: params ?? {},
      querySerializer: serializeQuery,
      pathSerializer: serializePath,
    });
    const callHeaders = { ...headers };
    const fetchInit: RequestInit = { method: call.method, headers: callHeaders };
    if (init) {
      mergeHeaders(callHeaders, init.headers);
      if (userAgent !== undefined) callHeaders["user-agent"] = userAgent;
    }
    mergeHeaders(callHeaders, params?.header);
    if (init) {
      for (const key in init) if (!NOT_FETCH_OPTIONS.has(key)) (fetchInit as Record<string, unknown>)[key] = init[key];
      if (init.body !== undefined) {
        // As a Request would, before anything is sent; fetch would reject it on every attempt.
        if (call.method === "GET" || call.method === "HEAD") throw new TypeError(`${call.method} requests cannot have a body.`);
        const body = (defaultBodySerializer as (body: unknown, headers: Headers_) => BodyInit)(init.body, callHeaders);
        // As openapi-fetch: JSON unless a body is a form, or some source names the type, a null one included.
        if (
          !(body instanceof FormData) &&
          callHeaders["content-type"] === undefined &&
          jsonByDefault &&
          !setsToNull(init.headers, "content-type") &&
          !setsToNull(params?.header, "content-type")
        )
          callHeaders["content-type"] = "application/json";
        fetchInit.body = body;
      }
    }
    return transport({ url, init: fetchInit }, call).then(({ response, data }) =>
      response.ok ? { data, response } : failed({ error: data, response }, call),
    );
  };

  /** Everything else, built by openapi-fetch, with the transport beneath it as its fetch. */
  const sendFull = (call: TransportCall, params: CallParams | undefined, init: CallInit | undefined, userAgent?: string) => {
    const fetch = (request: Request) => {
      checkFinalRequest(request, call);
      return transport(request, call).then((delivered) => delivered.response);
    };
    // duplex lets a Request take a stream, e.g. from a custom bodySerializer; a caller's own value wins.
    const rest: CallInit = { duplex: "half", ...init, params, fetch };
    if (init?.bodySerializer)
      rest.bodySerializer = rememberingSerializer(init.bodySerializer as (body: unknown, headers?: unknown) => unknown);
    for (const key of CALL_OPTIONS) delete rest[key];
    if (userAgent !== undefined) {
      const callHeaders = new Headers(rest.headers as HeadersInit | undefined);
      callHeaders.set("user-agent", userAgent);
      rest.headers = callHeaders;
    }
    return base
      .request(call.method as "get", call.path, rest)
      .then((result: { error?: unknown; response: Response }) =>
        result.response.ok && result.error === undefined ? result : failed(result, call),
      );
  };

  /**
   * Middleware may replace the request. The credentials go only to the client's own origin,
   * and an auth-only client's request must still be one of its operations once middleware ran.
   */
  const checkFinalRequest = (request: Request, call: TransportCall) => {
    const url = new URL(request.url);
    if (url.origin !== origin)
      throw new ChatConfigError(`${call.method} ${call.path}: middleware sent the request to ${url.origin}, not the client's origin.`);
    const path = url.pathname.startsWith(basePath) ? url.pathname.slice(basePath.length) : undefined;
    if (allows && (path === undefined || !allows(request.method, path)))
      throw new ChatConfigError(
        `${call.method} ${call.path}: middleware turned the request into ${request.method} ${url.pathname}, which this client may not send.`,
      );
  };

  /** Sends one call: checks its input, then takes the direct path or openapi-fetch's. */
  const send: Send = (method, path, init, boundUid) => {
    // The client's base URL went through checkBaseUrl; a per-call one would skip it and the auth-only allow-list.
    if (init?.baseUrl !== undefined) throw new ChatConfigError(`${method} ${path}: baseUrl is a client option, not a per-call one.`);
    const { options, logger, userAgent } = separateCallOptions(settings, init);
    warnIfDeprecated(method, path, logger);
    if (!TOKEN.test(method) || /^(CONNECT|TRACE|TRACK)$/.test(method))
      throw new ChatConfigError(`${JSON.stringify(method)} is not a method fetch can send.`);
    // One rule for every source: the per-call value wins over the bound user, and two per-call values must agree.
    const inHeaders = onBehalfOfIn("headers", init?.headers);
    const inParams = onBehalfOfIn("params.header", init?.params?.header);
    if (inHeaders !== undefined && inParams !== undefined && inHeaders !== inParams)
      throw new ChatConfigError(`${method} ${path}: headers and params.header name different onBehalfOf users.`);
    const params = prepareParams(method, bareTemplate(path), init?.params, inHeaders ?? boundUid);
    if (ESCAPING_PATH.test(path))
      throw new ChatConfigError(`${method}: the path must stay under the base URL, got ${JSON.stringify(path)}.`);
    // After prepareParams and onBehalfOfIn, so a bad onBehalfOf gets its own message.
    const header = init?.params?.header;
    if (init?.headers) {
      checkHeaders("headers", init.headers);
      refuseCredentialHeaders("headers", headerNames(init.headers as HeadersInit), credentialNames);
    }
    if (header) {
      checkHeaders("params.header", header);
      refuseCredentialHeaders("params.header", Object.keys(header), credentialNames);
    }
    const call: TransportCall = {
      method,
      path,
      idempotent: isIdempotent(method, options.idempotent),
      options,
      secrets,
      logger,
      fetch: (init?.fetch as InjectedFetch | undefined) ?? clientFetch,
      requestInitExt: requestInitExt as RequestInit | undefined,
      parseAs: (init?.parseAs as ParseAs | undefined) ?? "json",
    };
    // A client-wide Request class or body serializer is only applied by openapi-fetch.
    const full = Request || bodySerializer || middleware.length || (init && needsOpenapiFetch(init));
    return (full ? sendFull : sendDirect)(call, params, init, userAgent);
  };
  return { send, base, middleware };
}

type Core = ReturnType<typeof clientCore>;

function checkOptions(factory: string, options: unknown): void {
  if (!options || typeof options !== "object") throw new ChatConfigError(`${factory} needs an options object.`);
}

function wrap(core: Core, boundUid?: string): Record<string, unknown> {
  // Bad input rejects the returned promise rather than throwing, so callers handle one failure path.
  const call = (method: string, path: string, init?: CallInit) => {
    try {
      return core.send(method, path, init, boundUid);
    } catch (error) {
      return Promise.reject(error);
    }
  };
  const client: Record<string, unknown> = {
    request: (method: string, path: string, init?: CallInit) => call(method.toUpperCase(), path, init),
    use(...middleware: Middleware[]) {
      // Counted before openapi-fetch checks them: should it throw half-way, the ones it kept still run.
      core.middleware.push(...middleware.filter(Boolean));
      core.base.use(...middleware);
    },
    eject(...middleware: Middleware[]) {
      core.base.eject(...middleware);
      for (const m of middleware) {
        const at = core.middleware.indexOf(m);
        if (at !== -1) core.middleware.splice(at, 1);
      }
    },
  };
  for (const method of METHODS) client[method] = (path: string, init?: CallInit) => call(method, path, init);
  return client;
}

function chatClient(core: Core, boundUid?: string): ChatClient {
  const client = wrap(core, boundUid);
  client.as = (uid: string) => chatClient(core, checkOnBehalfOf(uid));
  return client as unknown as ChatClient;
}

/**
 * Creates a typed client for the Chat API of one app.
 *
 * @example
 * const chat = createChatClient({ appId: "2a1b3c4d", region: "eu", apiKey: process.env.CHAT_API_KEY! });
 * const { data, error } = await chat.GET("/users", { params: { query: { perPage: 50 } } });
 */
export function createChatClient(options: ChatClientOptions & { onBehalfOf: string }): BoundChatClient;
export function createChatClient(options: ChatClientOptions): ChatClient;
export function createChatClient(options: ChatClientOptions): ChatClient | BoundChatClient {
  return appClient("createChatClient", options, chatBaseUrl);
}

/** A client of one app's API key, on the host `baseUrlOf` names: the Chat and Calls clients differ only there. */
export function appClient(
  name: string,
  options: ChatClientOptions,
  baseUrlOf: (location: AppLocation) => string,
  allows?: AllowsRequest,
): ChatClient {
  checkOptions(name, options);
  const apiKey = checkCredential("apiKey", options.apiKey);
  // Checked even when baseUrl overrides it, so a typo surfaces against the mock, not in production.
  const regionalUrl = baseUrlOf({ appId: options.appId, region: options.region ?? "us" });
  const boundUid = options.onBehalfOf === undefined ? undefined : checkOnBehalfOf(options.onBehalfOf);
  return chatClient(clientCore(options, regionalUrl, { apikey: apiKey }, allows), boundUid);
}

/**
 * Creates a typed client for the Calls API of one app, served from its Calls host
 * (`https://{appId}.call-{region}.cometchat.io/v3`) with the same API key as the Chat API.
 *
 * @example
 * const calls = createCallsClient({ appId: "2a1b3c4d", region: "eu", apiKey: process.env.CHAT_API_KEY! });
 * const { data } = await calls.GET("/calls", { params: { query: { type: "video", status: "ended", hasRecording: true } } });
 */
export function createCallsClient(options: CallsClientOptions & { onBehalfOf: string }): BoundCallsClient;
export function createCallsClient(options: CallsClientOptions): CallsClient;
export function createCallsClient(options: CallsClientOptions): CallsClient | BoundCallsClient {
  return appClient("createCallsClient", options, callsBaseUrl) as unknown as CallsClient;
}

/**
 * Creates a typed client for the Management API, which manages the apps of an account.
 *
 * @example
 * const mgmt = createManagementClient({ key: process.env.CHAT_MGMT_KEY!, secret: process.env.CHAT_MGMT_SECRET! });
 * const { data } = await mgmt.GET("/apps");
 */
export function createManagementClient(options: ManagementClientOptions): ManagementClient {
  checkOptions("createManagementClient", options);
  const key = checkCredential("key", options.key);
  const secret = checkCredential("secret", options.secret);
  return wrap(clientCore(options, "https://apimgmt.cometchat.io", { key, secret })) as unknown as ManagementClient;
}
