import { callOf } from "./call-record.js";
import { ChatApiError } from "./chat-api-error.js";

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
 * const body = { receiver: "cometchat-uid-2", receiverType: "user" as const, data: { text: "On it." } };
 * const { data: reply } = await unwrap(chat.as("cometchat-uid-1").POST("/messages/{id}/thread", { params: { path: { id: "1842" } }, body }));
 * console.log(reply.parentId); // "1842"
 */
export async function unwrap<R extends FetchResult>(call: Promise<R>): Promise<Exclude<R["data"], undefined>> {
  const result = await call;
  const { data, error, response } = result;
  if (error === undefined && response.ok) return data as Exclude<R["data"], undefined>;
  // A result that did not come from an SDK client still gets a useful error, named by its URL.
  const failed = callOf(result) ?? { method: "?", path: safePath(response.url) };
  throw ChatApiError.from(response.status, error, response.headers, failed);
}

function safePath(url: string): string {
  try {
    return new URL(url).pathname;
  } catch {
    return "(unknown path)";
  }
}
