import createClient, { type Client } from "openapi-fetch";
import { chatBaseUrl, checkBaseUrl } from "./base-url.js";
import type { ChatClientOptions, CommonClientOptions, ManagementClientOptions } from "./client-options.js";
import { ChatConfigError } from "./errors/chat-config-error.js";
import { checkOnBehalfOf } from "./on-behalf-of.js";
import type { ChatPaths, ManagementPaths, OnBehalfOfOptional } from "./paths.js";
import { prepareCall, type CallInit } from "./prepare-call.js";

/** A client bound to one user: every request carries `onBehalfOf: <uid>`, so the header is optional in every call. */
export interface BoundChatClient extends Client<OnBehalfOfOptional<ChatPaths>> {
  /** A client acting as another user, sharing this one's connection settings and middleware. */
  as(uid: string): BoundChatClient;
}

/** A typed Chat API client. Calls that need `onBehalfOf` must pass it in `params.header`. */
export interface ChatClient extends Client<ChatPaths> {
  /**
   * A client that acts as `uid` on every request.
   * @example await client.as("cometchat-uid-1").POST("/messages/{id}/thread", { params: { path: { id: "42" } }, body })
   */
  as(uid: string): BoundChatClient;
}

/** A typed Management API client (`key` and `secret` credentials). */
export type ManagementClient = Client<ManagementPaths>;

type AnyClient = Client<any>;
type Method = "GET" | "PUT" | "POST" | "DELETE" | "PATCH" | "HEAD" | "OPTIONS" | "TRACE";
const METHODS: Method[] = ["GET", "PUT", "POST", "DELETE", "PATCH", "HEAD", "OPTIONS", "TRACE"];

function requireSecret(name: string, value: unknown): string {
  if (typeof value !== "string" || value.trim() === "") {
    throw new ChatConfigError(`${name} is required and must be a non-empty string.`);
  }
  return value;
}

function baseClient(options: CommonClientOptions, defaultUrl: string, credentials: Record<string, string>) {
  const baseUrl = options.baseUrl === undefined ? defaultUrl : checkBaseUrl(options.baseUrl);
  return createClient<any>({
    baseUrl,
    fetch: options.fetch ?? ((request: Request) => globalThis.fetch(request)),
    // The spec declares array query parameters as form/explode:false, i.e. `tags=a,b`.
    querySerializer: { array: { style: "form", explode: false } },
    // Credentials come last so that custom headers can never replace them.
    headers: { ...options.headers, ...credentials },
  });
}

// Validation runs before openapi-fetch so that bad input fails loudly instead of building a wrong URL.
function wrap(base: AnyClient, boundUid?: string): AnyClient {
  // Bad input rejects the returned promise rather than throwing, so callers handle one failure path.
  const request = (method: Method, path: string, init?: CallInit) => {
    try {
      return base.request(method as any, path, prepareCall(method, path, init, boundUid) as any);
    } catch (error) {
      return Promise.reject(error);
    }
  };
  const client: Record<string, unknown> = {
    request,
    use: base.use,
    eject: base.eject,
  };
  for (const method of METHODS) client[method] = (path: string, init?: CallInit) => request(method, path, init);
  return client as unknown as AnyClient;
}

function chatClient(base: AnyClient, boundUid?: string): ChatClient {
  const client = wrap(base, boundUid) as unknown as ChatClient;
  client.as = (uid: string) => chatClient(base, checkOnBehalfOf(uid)) as unknown as BoundChatClient;
  return client;
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
  const base = baseClient(options, regionalUrl, { apikey: apiKey });
  const boundUid = options.onBehalfOf === undefined ? undefined : checkOnBehalfOf(options.onBehalfOf);
  return chatClient(base, boundUid);
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
  const base = baseClient(options, "https://apimgmt.cometchat.io", { key, secret });
  return wrap(base) as ManagementClient;
}
