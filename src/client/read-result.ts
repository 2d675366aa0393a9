import { withCall } from "../errors/call-record.js";
import type { RedactedCall } from "../errors/chat-api-error.js";
import { ChatInvalidResponseError } from "../errors/chat-invalid-response-error.js";
import { redactText, redactValue } from "../errors/redact.js";
import { decoder, type ParseAs, readsText } from "../transport/attempt.js";

/** The result of every call, as openapi-fetch shapes it: `data` for a 2xx, `error` otherwise. */
export type CallResult =
  | { data: unknown; error?: undefined; response: Response }
  | { data?: undefined; error: unknown; response: Response };

/** What reading a result needs to know about its call. */
export interface ResultCall extends RedactedCall {
  secrets: readonly string[];
  parseAs: ParseAs;
}

/**
 * A 2xx body read as JSON, which it must be: a JSON content type and a body that parses. The
 * SDK is stricter than openapi-fetch here, so a proxy's HTML page fails loudly instead of as `data`.
 */
function jsonData(call: ResultCall, response: Response, text: string): unknown {
  if (text === "" || response.headers.get("content-length") === "0")
    throw new ChatInvalidResponseError(response.status, "an empty body", call);
  const type = response.headers.get("content-type") ?? "";
  // The service may echo a request header into the content-type.
  if (!/json/i.test(type))
    throw new ChatInvalidResponseError(response.status, `a ${redactText(type, call.secrets) || "untyped"} body`, call);
  try {
    return JSON.parse(text);
  } catch {
    // No cause: the parser's message quotes the body's first characters, which may be a key, or enough of one.
    throw new ChatInvalidResponseError(response.status, `malformed JSON (${new TextEncoder().encode(text).length} bytes)`, call);
  }
}

/** `response` with `body` to read again: what onResponse middleware is given, since the transport read the original. */
export function readable(response: Response, body: string | ArrayBuffer | null): Response {
  // A streamed 2xx was not read; a browser's opaque redirect (status 0) cannot be rebuilt and has nothing to read anyway.
  if (!response.status || body === null) return response;
  // A Response is a ResponseInit: its status, status text and headers.
  return Object.defineProperty(new Response(body, response), "url", { value: response.url });
}

/** Reads a body that the transport did not, from a Response that middleware supplied. */
export async function readBody(call: ResultCall, response: Response): Promise<string | ArrayBuffer | null> {
  if (!response.body || (call.parseAs === "stream" && response.ok)) return null;
  return readsText(call.parseAs) ? response.text() : response.arrayBuffer();
}

/**
 * The call's result from its final answer: `data` as `parseAs` asks, or `error`,
 * the body's JSON or else its text, masked of the client's secrets and recorded with its call for
 * `unwrap`. No body (a 204, a HEAD, a `Content-Length: 0`) gives `undefined`, as in openapi-fetch.
 *
 * @param fromService Whether the answer came from the service, whose JSON is checked; a Response
 * that middleware supplied is parsed as openapi-fetch parses it.
 */
export function readResult(call: ResultCall, response: Response, body: string | ArrayBuffer | null, fromService = true): CallResult {
  const { parseAs } = call;
  const noLength = response.headers.get("content-length") === "0" && !response.headers.get("transfer-encoding")?.includes("chunked");
  if (response.ok) {
    let data: unknown;
    if (response.status === 204 || call.method === "HEAD" || (body === null && parseAs !== "stream")) data = undefined;
    else if (parseAs === "json")
      data = fromService ? jsonData(call, response, body as string) : body === "" ? undefined : JSON.parse(body as string);
    else if (noLength) data = undefined;
    else if (parseAs === "stream") data = response.body;
    else if (parseAs === "blob") data = new Blob([body as ArrayBuffer], { type: response.headers.get("content-type") ?? "" });
    else data = body;
    return { data, response };
  }
  let error: unknown;
  if (body !== null && !noLength && call.method !== "HEAD") {
    const text = typeof body === "string" ? body : decoder.decode(body);
    try {
      error = JSON.parse(text);
    } catch {
      error = text;
    }
  }
  // An error body may echo a credential: masked here, as in a ChatApiError, with or without unwrap.
  return withCall({ error: redactValue(error, call.secrets), response }, call);
}
