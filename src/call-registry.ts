import type { FailedCall } from "./errors/chat-api-error.js";

/** What `unwrap` needs to build an error for a response: the call, and what to redact. */
export interface CallRecord extends FailedCall {
  secrets: readonly string[];
}

// Keyed by the Response the transport returned, so `unwrap` can name the operation of any
// result without the caller passing it along; entries go away with their responses.
const records = new WeakMap<Response, CallRecord>();

export function recordCall(response: Response, record: CallRecord): void {
  records.set(response, record);
}

export function lookupCall(response: Response): CallRecord | undefined {
  return records.get(response);
}
