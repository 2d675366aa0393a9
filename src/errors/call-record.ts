import type { FailedCall } from "./chat-api-error.js";

/** What `unwrap` needs to build an error for a result: the call, and what to redact. */
export interface CallRecord extends FailedCall {
  secrets: readonly string[];
}

// Kept beside the result, not on it: nothing reachable from a result (`console.log("%o")`,
// `util.inspect` with hidden fields) may lead to the secrets, and results keep openapi-fetch's shape.
const calls = new WeakMap<object, CallRecord>();

/** Records a failed call's result with its call, so `unwrap` can name the operation. */
export function withCall<R extends object>(result: R, call: CallRecord): R {
  calls.set(result, call);
  return result;
}

/** The call a result came from, when the SDK made it. */
export function callOf(result: object): CallRecord | undefined {
  return calls.get(result);
}
