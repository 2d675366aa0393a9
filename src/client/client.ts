import type { Middleware } from "openapi-fetch";
import { ChatConfigError } from "../errors/chat-config-error.js";
import { type AppLocation, callsBaseUrl, chatBaseUrl } from "../safety/base-url.js";
import { type CallInit, checkCredential, checkOnBehalfOf } from "../safety/input-checks.js";
import { actingUser } from "../safety/acting-user.js";
import { type AllowsRequest, type ClientConfig, clientConfig } from "./client-config.js";
import type { CallsClientOptions, ChatClientOptions, ManagementClientOptions } from "./client-options.js";
import type { SdkClient } from "./client-types.js";
import type { CallsPaths, ChatPaths, ManagementPaths, OnBehalfOfOptional } from "./paths.js";
import { sendCall } from "./send-call.js";
import { attemptChannel, callChannel, traceCall } from "../diagnostics/trace-call.js";

/** A client bound to one user: every request carries `onBehalfOf: <uid>`, so the header is optional in every call. */
export interface BoundChatClient extends SdkClient<OnBehalfOfOptional<ChatPaths>> {
  /** A client acting as another user, sharing this one's settings and middleware. */
  as(uid: string): BoundChatClient;
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
   * @example await calls.as("cometchat-uid-1").GET("/calls", { params: { query: { type: "video", status: "ended" } } })
   */
  as(uid: string): BoundCallsClient;
}

/** A typed Management API client (`key` and `secret` credentials). */
export type ManagementClient = SdkClient<ManagementPaths>;

type Method = "GET" | "PUT" | "POST" | "DELETE" | "PATCH" | "HEAD" | "OPTIONS" | "TRACE";
const METHODS = "GET PUT POST DELETE PATCH HEAD OPTIONS TRACE".split(" ") as Method[];

function checkOptions(factory: string, options: unknown): void {
  if (!options || typeof options !== "object") throw new ChatConfigError(`${factory} needs an options object.`);
}

/**
 * The methods every client has, over one config. `boundUid` is the user the client acts as, as
 * `actingUser` decided it when the client was built: an `as()` client's, or the one its
 * `onBehalfOf` or `headers` option names.
 */
function facade(config: ClientConfig, boundUid?: string): Record<string, unknown> {
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
  return client;
}

function chatClient(config: ClientConfig, boundUid?: string): ChatClient {
  const client = facade(config, boundUid);
  client.as = (uid: string) => chatClient(config, checkOnBehalfOf(uid));
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
