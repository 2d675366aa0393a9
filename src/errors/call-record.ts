import type { RedactedCall } from "./chat-api-error.js";

// Kept beside the result, not on it: nothing reachable from a result (`console.log("%o")`,
// `util.inspect` with hidden fields) may lead to the secrets, and results keep openapi-fetch's shape.
const calls = new WeakMap<object, RedactedCall>();

/** Records a failed call's result with its call, so `unwrap` can name the operation. */
export function withCall<R extends object>(result: R, call: RedactedCall): R {
  calls.set(result, call);
  return result;
}

/** The call a result came from, when the SDK made it. */
export function callOf(result: object): RedactedCall | undefined {
  return calls.get(result);
}
