import type { FailedCall } from "./chat-api-error.js";

/** What `unwrap` needs to build an error for a result: the call, and what to redact. */
export interface CallRecord extends FailedCall {
  secrets: readonly string[];
}

// A symbol, not a field: results keep openapi-fetch's shape, and only `unwrap` reads it.
const CALL = Symbol("chat-rest-sdk call");

/** Marks a failed call's result with its call, so `unwrap` can name the operation. */
export function withCall<R extends object>(result: R, call: CallRecord): R {
  Object.defineProperty(result, CALL, { value: call });
  return result;
}

/** The call a result came from, when the SDK made it. */
export function callOf(result: object): CallRecord | undefined {
  return (result as { [CALL]?: CallRecord })[CALL];
}
