import { ChatConfigError } from "../errors/chat-config-error.js";
import { onBehalfOfIn } from "./input-checks.js";

// The one place that decides which user a call acts as. The header that is sent (checkCall puts
// the answer into params.header), the governor's per-user key and the fake's limiter and
// permission checks all take it from here, so that they cannot disagree.

/** Every place a call's `onBehalfOf` can come from. */
export interface ActingUserSources {
  /** The client's `headers` option (any casing of the name). */
  clientHeaders?: unknown;
  /** The client's `onBehalfOf` option. */
  onBehalfOf?: string | undefined;
  /** The user of an `as(uid)` client. */
  as?: string | undefined;
  /** The call's init: its `headers` (an object, pairs or a `Headers`) and `params.header`, any casing. */
  call?: { headers?: unknown; params?: { header?: unknown } } | undefined;
}

/**
 * The UID a call acts as, or `undefined` when it acts as the app. The nearest source wins: the
 * call's `params.header` or `headers` (which must agree when both set it), then `as(uid)`, then
 * the client's `onBehalfOf` option, then its `headers` option. Each value is checked as a header
 * value; a bad one, or two per-call ones that differ, throws a {@link ChatConfigError} before
 * anything is sent.
 */
export function actingUser(sources: ActingUserSources): string | undefined {
  const { call } = sources;
  const inParams = onBehalfOfIn("params.header", call?.params?.header);
  const inHeaders = onBehalfOfIn("headers", call?.headers);
  // Both are the call's own: neither is nearer, so neither can win.
  if (inParams && inHeaders && inParams !== inHeaders)
    throw new ChatConfigError("headers and params.header name different onBehalfOf users.");
  return inParams ?? inHeaders ?? sources.as ?? sources.onBehalfOf ?? onBehalfOfIn("headers", sources.clientHeaders);
}

// Read by the governor and the traced call, which are chunks of their own: in a module that
// imports nothing, so a bundler that splits them off shares no more than these with the client.
export { ON_BEHALF_OF, actingUserOfRequest, userKey } from "./user-key.js";
