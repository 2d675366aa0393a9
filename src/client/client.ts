import type { Middleware } from "openapi-fetch";
import { ChatConfigError } from "../errors/chat-config-error.js";
import { type AppLocation, callsBaseUrl, chatBaseUrl } from "../safety/base-url.js";
import { type CallInit, checkCredential, checkOnBehalfOf } from "../safety/input-checks.js";
import { actingUser } from "../safety/acting-user.js";
import { type AllowsRequest, type ClientConfig, clientConfig, derivedConfig } from "./client-config.js";
import type { CallsClientOptions, ChatClientOptions, ClientOverrides, ManagementClientOptions } from "./client-options.js";
import type { SdkClient } from "./client-types.js";
import type { CallsPaths, ChatPaths, ManagementPaths, OnBehalfOfOptional } from "./paths.js";
import { sendCall } from "./send-call.js";
import { attemptChannel, callChannel, traceCall } from "../diagnostics/trace-call.js";

/** A client bound to one user: every request carries `onBehalfOf: <uid>`, so the header is optional in every call. */
export interface BoundChatClient extends SdkClient<OnBehalfOfOptional<ChatPaths>> {
  /** A client acting as another user, sharing this one's settings and middleware. */
  as(uid: string): BoundChatClient;
  /** A client like this one but for `overrides`, acting as this one's user unless they name another: see {@link ChatClient.withOptions}. */
  withOptions(overrides: ClientOverrides): BoundChatClient;
}

/** A typed Chat API client. Calls that need `onBehalfOf` must pass it in `params.header`. */
export interface ChatClient extends SdkClient<ChatPaths> {
  /**
   * A client that acts as `uid` on every request, sharing this one's settings and middleware.
   * @example
   * const reply = { receiver: "cometchat-uid-2", receiverType: "user" as const, data: { text: "On it." } };
   * await chat.as("cometchat-uid-1").POST("/messages/{id}/thread", { params: { path: { id: "42" } }, body: reply });
   */
  as(uid: string): BoundChatClient;
  /**
   * A client that differs from this one only in `overrides`: the options of its calls (timeout,
   * retries, deadline, ...), headers merged over this one's, its `fetch` and `requestInitExt`,
   * its `logger` and `logLevel`, and the user it acts as. Everything else is this client's own:
   * host, credentials, rate limits (one governor and store: calls of both count under one limit),
   * serializers and middleware. Deriving checks the overrides as the client's options are
   * checked, once; the derived client's calls cost no more than this one's.
   * @default no overrides: a client that behaves as this one
   * @example
   * const patient = chat.withOptions({ timeoutMs: 60_000, maxRetries: 5, headers: { "x-request-source": "nightly-export" } });
   * const { data } = await patient.GET("/users", { params: { query: { perPage: 100 } } });
   */
  withOptions(overrides: ClientOverrides & { onBehalfOf: string }): BoundChatClient;
  withOptions(overrides: ClientOverrides): ChatClient;
}

/** A Calls API client bound to one user: every request carries `onBehalfOf: <uid>`. */
export interface BoundCallsClient extends SdkClient<OnBehalfOfOptional<CallsPaths>> {
  /** A client acting as another user, sharing this one's settings and middleware. */
  as(uid: string): BoundCallsClient;
  /** A client like this one but for `overrides`, acting as this one's user unless they name another: see {@link ChatClient.withOptions}. */
  withOptions(overrides: ClientOverrides): BoundCallsClient;
}

/** A typed Calls API client: the calls of one app, on its Calls host. */
export interface CallsClient extends SdkClient<CallsPaths> {
  /**
   * A client that acts as `uid` on every request, sharing this one's settings and middleware.
   * @example await calls.as("cometchat-uid-1").GET("/calls", { params: { query: { type: "video", status: "ended" } } })
   */
  as(uid: string): BoundCallsClient;
  /**
   * A client that differs from this one only in `overrides`, sharing its host, credentials,
   * rate limits and middleware: see {@link ChatClient.withOptions}.
   * @default no overrides: a client that behaves as this one
   * @example
   * const quick = calls.withOptions({ timeoutMs: 2_000, maxRetries: 0 });
   * const { data } = await quick.GET("/calls", { params: { query: { type: "video", status: "ended" } } });
   */
  withOptions(overrides: ClientOverrides & { onBehalfOf: string }): BoundCallsClient;
  withOptions(overrides: ClientOverrides): CallsClient;
}

/** A typed Management API client (`key` and `secret` credentials). */
export interface ManagementClient extends SdkClient<ManagementPaths> {
  /**
   * A client that differs from this one only in `overrides`, sharing its host, credentials and
   * middleware: see {@link ChatClient.withOptions}.
   * @default no overrides: a client that behaves as this one
   * @example
   * const mgmt = createManagementClient({ key: process.env.CHAT_MGMT_KEY!, secret: process.env.CHAT_MGMT_SECRET! });
   * const audited = mgmt.withOptions({ headers: { "x-request-source": "audit" }, logLevel: "info" });
   * const { data } = await audited.GET("/apps");
   */
  withOptions(overrides: Omit<ClientOverrides, "onBehalfOf">): ManagementClient;
}

type Method = "GET" | "PUT" | "POST" | "DELETE" | "PATCH" | "HEAD" | "OPTIONS" | "TRACE";
const METHODS = "GET PUT POST DELETE PATCH HEAD OPTIONS TRACE".split(" ") as Method[];

function checkOptions(factory: string, options: unknown): void {
  if (!options || typeof options !== "object") throw new ChatConfigError(`${factory} needs an options object.`);
}

/**
 * The methods every client has, over one config. `boundUid` is the user the client acts as, as
 * `actingUser` decided it when the client was built: an `as()` client's, or the one its
 * `onBehalfOf` or `headers` option names. An app's client (Chat, Calls) also has `as()`.
 */
function facade(config: ClientConfig, boundUid?: string, app?: boolean): Record<string, unknown> {
  // Bad input rejects the returned promise rather than throwing, so callers handle one failure path.
  // The call's single entry: traced only while something subscribes to the diagnostics channels.
  const call = (method: string, path: string, init?: CallInit) =>
    callChannel?.hasSubscribers || attemptChannel?.hasSubscribers
      ? traceCall(sendCall, config, method, path, init, boundUid)
      : sendCall(config, method, path, init, boundUid);
  const client: Record<string, unknown> = {
    request: (method: string, path: string, init?: CallInit) =>
      call(typeof method === "string" ? method.toUpperCase() : method, path, init),
    use(...middleware: Middleware[]) {
      for (const m of middleware) {
        if (!m) continue;
        // openapi-fetch's check and message; the ones before a bad one stay registered, as there.
        if (typeof m !== "object" || !("onRequest" in m || "onResponse" in m || "onError" in m))
          throw new Error("Middleware must be an object with one of `onRequest()`, `onResponse() or `onError()`");
        config.middleware.push(m);
      }
    },
    eject(...middleware: Middleware[]) {
      for (const m of middleware) {
        const at = config.middleware.indexOf(m);
        if (at !== -1) config.middleware.splice(at, 1);
      }
    },
  };
  for (const method of METHODS) client[method] = (path: string, init?: CallInit) => call(method, path, init);
  client.withOptions = (overrides: ClientOverrides) => {
    checkOptions("withOptions", overrides);
    const derived = derivedConfig(config, overrides);
    const { onBehalfOf, headers } = overrides;
    // The derived client's own sources are nearer than its parent's user.
    const uid =
      app &&
      (actingUser({ onBehalfOf: onBehalfOf === undefined ? onBehalfOf : checkOnBehalfOf(onBehalfOf), clientHeaders: headers }) ?? boundUid);
    return facade(derived, uid || undefined, app);
  };
  if (app) client.as = (uid: string) => facade(config, checkOnBehalfOf(uid), app);
  return client;
}

const chatClient = (config: ClientConfig, boundUid?: string) => facade(config, boundUid, true) as unknown as ChatClient;

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
  const config = clientConfig(options, regionalUrl, { apikey: apiKey }, allows);
  const onBehalfOf = options.onBehalfOf === undefined ? undefined : checkOnBehalfOf(options.onBehalfOf);
  return chatClient(config, actingUser({ onBehalfOf, clientHeaders: config.headers }));
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
  return facade(clientConfig(options, "https://apimgmt.cometchat.io", { key, secret })) as unknown as ManagementClient;
}
