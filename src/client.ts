import createClient, { type Client, type Middleware } from "openapi-fetch";
import { chatBaseUrl, checkBaseUrl } from "./base-url.js";
import { checkCredential } from "./check-credential.js";
import { guardBrowser } from "./browser-guard.js";
import type { ChatClientOptions, CommonClientOptions, ManagementClientOptions } from "./client-options.js";
import type { SdkClient } from "./client-types.js";
import { warnIfDeprecated } from "./deprecation.js";
import { headerNames, refuseCredentialHeaders } from "./credential-headers.js";
import { ChatConfigError } from "./errors/chat-config-error.js";
import { checkOnBehalfOf } from "./on-behalf-of.js";
import type { ChatPaths, ManagementPaths, OnBehalfOfOptional } from "./paths.js";
import { prepareParams, type CallInit } from "./prepare-call.js";
import { LightRequest } from "./light-request.js";
import { REQUEST_DEFAULTS, resolveRequestOptions, type RequestOptions, type ResolvedRequestOptions } from "./request-options.js";
import { transport, type CallContext, type Sender } from "./transport.js";
import { defaultUserAgent } from "./user-agent.js";
import type { Logger } from "./logger.js";

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

/** A typed Management API client (`key` and `secret` credentials). */
export type ManagementClient = SdkClient<ManagementPaths>;

type Method = "GET" | "PUT" | "POST" | "DELETE" | "PATCH" | "HEAD" | "OPTIONS" | "TRACE";
const METHODS: Method[] = ["GET", "PUT", "POST", "DELETE", "PATCH", "HEAD", "OPTIONS", "TRACE"];

/** What the wrapper needs for every call of one client; it holds the secrets in a closure only. */
interface Core {
  base: Client<any>;
  options: ResolvedRequestOptions;
  secrets: readonly string[];
  /** The credential header names (lower case), which no other header may set. */
  credentialNames: readonly string[];
  sender: Sender;
  logger: Logger | undefined;
  /** The middleware registered through `use`, kept as openapi-fetch keeps it (or more). */
  middleware: Middleware[];
}

function requireSecret(name: string, value: unknown): string {
  return checkCredential(name, value);
}

function buildCore(options: CommonClientOptions, defaultUrl: string, credentials: Record<string, string>): Core {
  guardBrowser(options.dangerouslyAllowBrowser);
  const credentialNames = Object.keys(credentials).map((name) => name.toLowerCase());
  if (options.headers) refuseCredentialHeaders("headers", Object.keys(options.headers), credentialNames);
  const baseUrl = options.baseUrl === undefined ? defaultUrl : checkBaseUrl(options.baseUrl);
  const userAgent = options.userAgent ?? defaultUserAgent();
  const base = createClient<any>({
    baseUrl,
    // The spec declares array query parameters as form/explode:false, i.e. `tags=a,b`.
    querySerializer: { array: { style: "form", explode: false } },
    // Credentials come last: headers naming them are refused above, and this keeps it so.
    headers: { ...(userAgent && { "User-Agent": userAgent }), ...options.headers, ...credentials },
  });
  return {
    base,
    options: resolveRequestOptions(REQUEST_DEFAULTS, options),
    secrets: Object.values(credentials),
    credentialNames,
    sender: { injected: options.fetch },
    logger: options.logger,
    middleware: [],
  };
}

const CALL_OPTIONS = ["maxRetries", "timeoutMs", "deadlineMs", "idempotent", "logger", "userAgent"];

// Most calls set none of these, and then the client's settings are used as they are.
function hasCallOptions(init: CallInit): boolean {
  for (const key of CALL_OPTIONS) if (init[key] !== undefined) return true;
  return false;
}

function withHeader(headers: HeadersInit | undefined, name: string, value: string): HeadersInit {
  const merged = new Headers(headers);
  merged.set(name, value);
  return merged;
}

function wrap(core: Core, boundUid?: string): Record<string, unknown> {
  // Bad input rejects the returned promise rather than throwing, so callers handle one failure path.
  const call = (method: string, path: string, init?: CallInit) => {
    try {
      let options = core.options;
      let logger = core.logger;
      if (init && hasCallOptions(init)) {
        const { maxRetries, timeoutMs, deadlineMs, idempotent, logger: callLogger, userAgent, ...rest } = init;
        options = resolveRequestOptions(options, { maxRetries, timeoutMs, deadlineMs, idempotent } as RequestOptions);
        logger = (callLogger as Logger | undefined) ?? logger;
        if (userAgent !== undefined) rest.headers = withHeader(rest.headers as HeadersInit | undefined, "User-Agent", String(userAgent));
        init = rest;
      }
      warnIfDeprecated(method, path, logger);
      // Middleware, or a caller's own Request class, gets real Requests; otherwise nothing looks
      // at the request but the transport, which sends it as fetch(url, init).
      const light = !core.middleware.length && !(init?.middleware as unknown[] | undefined)?.length && !init?.Request;
      // openapi-fetch is then asked to leave a 2xx body alone (parseAs "stream"), and `data` is
      // the JSON that the transport parsed to check it: each body is read and parsed once.
      const takesData = light && (init?.parseAs ?? "json") === "json";
      const ctx: CallContext = { method, path, options, secrets: core.secrets, sender: core.sender, logger, takesData, data: undefined };
      // The transport sits beneath openapi-fetch (as its per-call fetch), so middleware sees
      // one logical request while every retry is a fresh one.
      const fetch = (req: LightRequest) => transport(req, ctx);
      const params = prepareParams(method, path, init?.params, boundUid);
      // After prepareParams, so a bad onBehalfOf gets its own message rather than Headers' TypeError.
      // params.header is a plain object (openapi-fetch reads it with Object.entries) and common,
      // so its keys are read directly; per-call headers may take any HeadersInit form.
      if (init?.headers) refuseCredentialHeaders("headers", headerNames(init.headers as HeadersInit), core.credentialNames);
      if (init?.params?.header) refuseCredentialHeaders("params.header", Object.keys(init.params.header), core.credentialNames);
      if (!light) return core.base.request(method as any, path, { ...init, params, fetch });
      if (!takesData) return core.base.request(method as any, path, { ...init, params, fetch, Request: LightRequest });
      return core.base
        .request(method as any, path, { ...init, params, fetch, Request: LightRequest, parseAs: "stream" })
        .then((result: Record<string, unknown>) => {
          if ("data" in result) result.data = ctx.data;
          // The context outlives the call (unwrap finds it by the Response): it keeps no body.
          ctx.data = undefined;
          return result;
        });
    } catch (error) {
      return Promise.reject(error);
    }
  };
  const client: Record<string, unknown> = {
    request: (method: string, path: string, init?: CallInit) => call(method.toUpperCase(), path, init),
    use(...middleware: Middleware[]) {
      // Counted before openapi-fetch sees them, so a throw leaves the client on real Requests.
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
  if (!options || typeof options !== "object") throw new ChatConfigError("createChatClient needs an options object.");
  const apiKey = requireSecret("apiKey", options.apiKey);
  // Checked even when baseUrl overrides it, so a typo surfaces against the mock, not in production.
  const regionalUrl = chatBaseUrl({ appId: options.appId, region: options.region ?? "us" });
  const boundUid = options.onBehalfOf === undefined ? undefined : checkOnBehalfOf(options.onBehalfOf);
  return chatClient(buildCore(options, regionalUrl, { apikey: apiKey }), boundUid);
}

/**
 * Creates a typed client for the Management API, which manages the apps of an account.
 *
 * @example
 * const mgmt = createManagementClient({ key: process.env.CHAT_MGMT_KEY!, secret: process.env.CHAT_MGMT_SECRET! });
 * const { data } = await mgmt.GET("/apps");
 */
export function createManagementClient(options: ManagementClientOptions): ManagementClient {
  if (!options || typeof options !== "object") throw new ChatConfigError("createManagementClient needs an options object.");
  const key = requireSecret("key", options.key);
  const secret = requireSecret("secret", options.secret);
  return wrap(buildCore(options, "https://apimgmt.cometchat.io", { key, secret })) as unknown as ManagementClient;
}
