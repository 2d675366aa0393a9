import { lookupCall } from "./call-registry.js";
import { ChatApiError } from "./errors/chat-api-error.js";

/** The shape of every openapi-fetch result. */
export interface FetchResult {
  data?: unknown;
  error?: unknown;
  response: Response;
}

/**
 * Awaits a call and returns its data, or throws the {@link ChatApiError} subclass that matches
 * the status.
 *
 * @example
 * const { data: reply } = await unwrap(chat.as("cometchat-uid-1").POST("/messages/{id}/thread", { params: { path: { id } }, body }));
 */
export async function unwrap<R extends FetchResult>(call: Promise<R>): Promise<Exclude<R["data"], undefined>> {
  const { data, error, response } = await call;
  if (error === undefined && response.ok) return data as Exclude<R["data"], undefined>;
  const record = lookupCall(response);
  // A response that did not come through the SDK transport (e.g. replaced by middleware)
  // still gets a useful error, named by its URL.
  const callInfo = record ?? { method: "?", path: safePath(response.url), secrets: [] };
  throw ChatApiError.from(response.status, error, response.headers, { ...callInfo, url: response.url });
}

function safePath(url: string): string {
  try {
    return new URL(url).pathname;
  } catch {
    return "(unknown path)";
  }
}
