import { ChatConfigError } from "../errors/chat-config-error.js";
import type { TransportCall } from "../transport/transport.js";
import type { ClientConfig } from "./client-config.js";

/**
 * Checks the Request that is sent, when there is one: middleware may replace the call's, and a
 * custom Request class makes its own. The credentials go only to the client's own origin, and an
 * auth-only client's request must still be one of its operations.
 */
export function checkFinalRequest(config: ClientConfig, request: Request, call: TransportCall): void {
  const { origin, pathname } = new URL(request.url);
  if (origin !== config.origin)
    throw new ChatConfigError(`${call.method} ${call.path}: middleware sent the request to ${origin}, not the client's origin.`);
  const { allows, basePath } = config;
  if (allows && !(pathname.startsWith(basePath) && allows(request.method, pathname.slice(basePath.length))))
    throw new ChatConfigError(
      `${call.method} ${call.path}: middleware turned the request into ${request.method} ${pathname}, which this client may not send.`,
    );
}
