import { ChatConfigError } from "../errors/chat-config-error.js";

/** True where both `window` and `document` exist: a browser page or something posing as one. */
export function isBrowserLike(scope: Record<string, unknown> = globalThis): boolean {
  return typeof scope.window !== "undefined" && typeof scope.document !== "undefined";
}

/** Refuses to build a client in a browser unless the caller opted in knowingly. */
export function guardBrowser(allow: boolean | undefined, scope?: Record<string, unknown>): void {
  if (!allow && isBrowserLike(scope)) {
    throw new ChatConfigError(
      "chat-rest-sdk refuses to run in a browser: the API key would be readable by anyone using the page, and a fullAccess key " +
        "allows anything. Call the API from a server, or pass dangerouslyAllowBrowser: true if the key is safe to expose.",
    );
  }
}
