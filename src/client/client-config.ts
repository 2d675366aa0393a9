import { createQuerySerializer, defaultBodySerializer, defaultPathSerializer, type Middleware } from "openapi-fetch";
import { guardBrowser } from "../safety/browser-guard.js";
import { checkBaseUrl, checkHeaders, onBehalfOfIn, refuseCredentialHeaders } from "../safety/input-checks.js";
import type { ChatClientOptions, ClientOverrides, CommonClientOptions } from "./client-options.js";
import { type Governor, governorFor } from "../rate-limits/governor.js";
import { mergeHeaders, type PlainHeaders } from "./merge-headers.js";
import type { CallSettings } from "./call-settings.js";
import { setsToNull } from "./build-request.js";
import { REQUEST_DEFAULTS, resolveRequestOptions } from "../transport/request-options.js";
import { defaultUserAgent } from "./user-agent.js";
import { levelledLogger } from "../transport/log-level.js";

/** Whether an auth-only client may send `method` to `path` (relative to its base URL), checked on the final request. */
export type AllowsRequest = (method: string, path: string) => boolean;

type Serializer = (value: any, ...rest: any[]) => any;

/**
 * Everything the calls of one client share, worked out once when the client is built. It holds
 * the secrets; nothing a caller receives points to it.
 */
export interface ClientConfig {
  baseUrl: string;
  /** The app the client is for, in lower case (as its hosts name it): in the logger's lines and the traces. Undefined for the Management API's client. */
  appId: string | undefined;
  /** The base URL's origin and path: the final request of a call must stay under them. */
  origin: string;
  basePath: string;
  /** The client's headers, lower-cased, credentials last. */
  headers: PlainHeaders;
  /** False when the client's headers set `Content-Type: null`: fetch then picks the type from the body. */
  jsonByDefault: boolean;
  /** The client's query serializer, and the options a per-call object is merged over. */
  querySerializer: Serializer;
  queryOptions: object;
  pathSerializer: Serializer;
  bodySerializer: Serializer;
  Request: typeof Request | undefined;
  requestInitExt: RequestInit | undefined;
  fetch: ((input: Request, init?: RequestInit) => Promise<Response>) | undefined;
  /** The settings of a call that sets none of its own. */
  settings: CallSettings;
  /** The `logger` and `logLevel` the settings' logger was made from, which a derived client overrides one by one. */
  logging: Pick<CommonClientOptions, "logger" | "logLevel">;
  /** The credential values, to redact, and their header names, which no call may set. */
  secrets: readonly string[];
  credentialNames: readonly string[];
  /** The middleware registered through `use()`, shared with the client's `as()` clients. */
  middleware: Middleware[];
  allows: AllowsRequest | undefined;
  /** Keeps the calls under the client's `rateLimits`; shared with its `as()` clients. */
  governor: Governor | undefined;
}

/** Checks a client's options and works out what its calls share. */
export function clientConfig(
  options: CommonClientOptions,
  defaultUrl: string,
  credentials: PlainHeaders,
  allows?: AllowsRequest,
): ClientConfig {
  guardBrowser(options.dangerouslyAllowBrowser);
  const credentialNames = Object.keys(credentials);
  if (options.headers) {
    refuseCredentialHeaders("headers", options.headers, credentialNames);
    // Checked for every client; which user a Chat or Calls client acts as, actingUser decides.
    onBehalfOfIn("headers", options.headers);
  }
  const baseUrl = options.baseUrl === undefined ? defaultUrl : checkBaseUrl(options.baseUrl);
  const userAgent = options.userAgent ?? defaultUserAgent();
  // Credentials come last: headers naming them are refused above, and this keeps it so.
  const headers = mergeHeaders(mergeHeaders(userAgent ? { "user-agent": userAgent } : {}, options.headers), credentials);
  checkHeaders("headers", headers);
  const query = options.querySerializer;
  // The spec declares array query parameters as form/explode:false, i.e. `tags=a,b`.
  const queryOptions = typeof query === "function" ? {} : { array: { style: "form", explode: false }, ...query };
  const url = new URL(baseUrl);
  const { rateLimits, appId } = options as ChatClientOptions;
  return {
    baseUrl,
    appId: typeof appId === "string" ? appId.toLowerCase() : undefined,
    origin: url.origin,
    basePath: url.pathname.replace(/\/$/, ""),
    headers,
    jsonByDefault: !setsToNull(options.headers, "content-type"),
    querySerializer: typeof query === "function" ? query : createQuerySerializer(queryOptions),
    queryOptions,
    pathSerializer: options.pathSerializer ?? defaultPathSerializer,
    bodySerializer: options.bodySerializer ?? defaultBodySerializer,
    Request: options.Request,
    requestInitExt: options.requestInitExt as RequestInit | undefined,
    fetch: options.fetch,
    settings: {
      options: resolveRequestOptions(REQUEST_DEFAULTS, options),
      logger: levelledLogger(options.logger, options.logLevel),
      userAgent: undefined,
    },
    logging: { logger: options.logger, logLevel: options.logLevel },
    secrets: Object.values(credentials),
    credentialNames,
    middleware: [],
    allows,
    governor: rateLimits === undefined ? undefined : governorFor(rateLimits, appId),
  };
}

/**
 * The config of a client derived from `parent` by `withOptions`: the parent's own, but for what
 * `overrides` gives, checked as the client's options are. The governor, the middleware list and
 * the credentials are the parent's very objects, so both clients count under one limit.
 */
export function derivedConfig(parent: ClientConfig, overrides: ClientOverrides): ClientConfig {
  const { headers: own, userAgent } = overrides;
  let headers = parent.headers;
  if (own || userAgent !== undefined) {
    // Only what is new is checked: the parent's headers were, when it was built.
    const added = mergeHeaders(userAgent === undefined ? {} : { "user-agent": String(userAgent) }, own);
    refuseCredentialHeaders("headers", added, parent.credentialNames);
    onBehalfOfIn("headers", added);
    checkHeaders("headers", added);
    // Object.assign rather than a spread: a spread copy takes new keys slowly, as mergeHeaders adds them.
    headers = mergeHeaders(Object.assign({}, headers), own);
    if (userAgent !== undefined) headers["user-agent"] = added["user-agent"]!;
  }
  const { logger, logLevel } = overrides;
  const logging = logger || logLevel ? { ...parent.logging, ...(logger && { logger }), ...(logLevel && { logLevel }) } : parent.logging;
  return {
    ...parent,
    headers,
    jsonByDefault: parent.jsonByDefault && !setsToNull(own, "content-type"),
    fetch: overrides.fetch ?? parent.fetch,
    requestInitExt: (overrides.requestInitExt as RequestInit | undefined) ?? parent.requestInitExt,
    settings: {
      options: resolveRequestOptions(parent.settings.options, overrides),
      logger: logging === parent.logging ? parent.settings.logger : levelledLogger(logging.logger, logging.logLevel),
      userAgent: undefined,
    },
    logging,
  };
}
