import { createFinalURL, createQuerySerializer, defaultBodySerializer } from "openapi-fetch";
import type { CallInit, CallParams } from "../safety/input-checks.js";
import type { ClientConfig } from "./client-config.js";
import { CALL_OPTIONS } from "./call-settings.js";
import { headerEntries } from "../safety/header-entries.js";
import { mergeHeaders, type PlainHeaders } from "./merge-headers.js";

/** One call's request, built once: what `fetch(url, init)` takes, and a `Request` only when something needs one. */
export interface BuiltRequest {
  url: string;
  init: RequestInit & { headers: PlainHeaders };
  /** The body as serialized, before fetch or a Request reads it: every attempt sends it again. */
  body: unknown;
  /** Present when a custom `Request` class was given; middleware gets one from {@link requestOf} when it reads it. */
  request: Request | undefined;
}

// Keys of an init that are not fetch options: everything else goes to fetch, as openapi-fetch does.
const NOT_FETCH_OPTIONS = new Set([
  ...CALL_OPTIONS,
  ...["params", "body", "headers", "parseAs", "middleware", "fetch", "Request"],
  ...["querySerializer", "bodySerializer", "pathSerializer", "baseUrl"],
]);

/** Whether `headers` (an object, pairs or a `Headers`) set `name` to null, which removes a header in openapi-fetch. */
export function setsToNull(headers: unknown, name: string): boolean {
  if (!headers || typeof headers !== "object") return false;
  for (const [key, value] of headerEntries(headers)) if (value === null && key.toLowerCase() === name) return true;
  return false;
}

/**
 * Builds one call's request with openapi-fetch's serializers and header rules: the URL from
 * the path template and params, the headers merged client, call, `params.header` (null removes
 * one), and the body serialized once, JSON by default. A `Request` is made only for a custom
 * Request class, which fetch must receive.
 */
export function buildRequest(
  config: ClientConfig,
  method: string,
  path: string,
  params: CallParams,
  init: CallInit | undefined,
  userAgent: string | undefined,
): BuiltRequest {
  let querySerializer: ClientConfig["querySerializer"] = config.querySerializer;
  const ownQuery = init?.querySerializer;
  if (ownQuery)
    querySerializer =
      typeof ownQuery === "function"
        ? (ownQuery as ClientConfig["querySerializer"])
        : createQuerySerializer({ ...config.queryOptions, ...ownQuery });
  const url = createFinalURL(path, {
    baseUrl: config.baseUrl,
    params,
    querySerializer,
    pathSerializer: (init?.pathSerializer as ClientConfig["pathSerializer"] | undefined) ?? config.pathSerializer,
  });
  const headers = { ...config.headers };
  const fetchInit: BuiltRequest["init"] = { method, headers };
  let body: unknown;
  if (init) {
    mergeHeaders(headers, init.headers);
    if (userAgent !== undefined) headers["user-agent"] = userAgent;
    for (const key in init) if (!NOT_FETCH_OPTIONS.has(key)) (fetchInit as unknown as Record<string, unknown>)[key] = init[key];
  }
  mergeHeaders(headers, params.header);
  if (init?.body !== undefined) {
    // As a Request would, before anything is sent; fetch would reject it on every attempt.
    if (method === "GET" || method === "HEAD") throw new TypeError(`${method} requests cannot have a body.`);
    const serialize = (init.bodySerializer as ClientConfig["bodySerializer"] | undefined) ?? config.bodySerializer;
    // openapi-fetch hands a serializer the merged headers as a Headers object; the default one reads a plain object as well.
    body = serialize(init.body, serialize === defaultBodySerializer ? headers : new Headers(headers));
    // As openapi-fetch: JSON unless the body is a form, or some source names the type, a null one included.
    if (
      body !== undefined &&
      !(body instanceof FormData) &&
      config.jsonByDefault &&
      headers["content-type"] === undefined &&
      !setsToNull(init.headers, "content-type") &&
      !setsToNull(params.header, "content-type")
    )
      headers["content-type"] = "application/json";
    fetchInit.body = body as BodyInit;
  }
  const Class = (init?.Request as typeof Request | undefined) ?? config.Request;
  return { url, init: fetchInit, body, request: Class && requestOf(url, fetchInit, Class) };
}

/** A built request as a `Request` of `Class`, as openapi-fetch makes it for fetch and middleware. */
export function requestOf(url: string, init: RequestInit, Class: typeof Request = Request): Request {
  // duplex lets a Request take a stream, e.g. from a custom bodySerializer; a caller's own value wins.
  const request = new Class(url, { redirect: "follow", duplex: "half", ...init } as RequestInit);
  // As openapi-fetch: options a Request has no field for (e.g. an undici `dispatcher`) are set on it.
  for (const key in init)
    if (!(key in request)) (request as unknown as Record<string, unknown>)[key] = (init as unknown as Record<string, unknown>)[key];
  return request;
}
