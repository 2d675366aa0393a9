import type { ChatClientOptions } from "./client-options.js";
import type { SdkClient } from "./client-types.js";
import { appClient } from "./client.js";
import { chatBaseUrl } from "../safety/base-url.js";
import { ChatConfigError } from "../errors/chat-config-error.js";
import { AUTH_ONLY_OPERATIONS, type AuthOnlyPaths } from "./paths.js";

/**
 * A client for an `authOnly` API key (the dashboard's "Auth Key"), which the service lets
 * create users and auth tokens and nothing else: `POST /users` and
 * `POST /users/{uid}/auth_tokens`. Any other call does not compile.
 */
export type AuthOnlyClient = Pick<SdkClient<AuthOnlyPaths>, "POST" | "request" | "use" | "eject">;

/** Options of {@link createAuthOnlyClient}: those of `createChatClient` but `onBehalfOf`, which neither operation reads. */
export type AuthOnlyClientOptions = Omit<ChatClientOptions, "onBehalfOf">;

const ALLOWED = Object.entries(AUTH_ONLY_OPERATIONS).map(([path, method]) => `${method.toUpperCase()} ${path}`);
// The same operations, as the final request must look after middleware ran: one path segment for each parameter.
const ALLOWED_FINAL = new RegExp(`^(?:${ALLOWED.map((op) => op.replace(/\{[^}]+\}/g, "[^/]+")).join("|")})/?$`);

/**
 * Creates a client for an `authOnly` API key. Its types offer only the two operations such a
 * key may call, so a call the service would refuse with 403 (`AUTH_ERR_NO_ACCESS`) does not
 * compile; untyped code that calls another one gets a rejected promise with a
 * {@link ChatConfigError}, and nothing is sent. Everything else (retries, timeouts, errors,
 * the browser guard) is as in `createChatClient`.
 *
 * @example
 * const auth = createAuthOnlyClient({ appId: "2a1b3c4d", region: "eu", apiKey: process.env.CHAT_AUTH_KEY! });
 * const { data } = await unwrap(auth.POST("/users", { body: { uid: "cometchat-uid-9", name: "Amara Okafor", withAuthToken: true } }));
 * console.log(data.authToken);
 */
export function createAuthOnlyClient(options: AuthOnlyClientOptions): AuthOnlyClient {
  const allows = (method: string, path: string) => ALLOWED_FINAL.test(`${method} ${path}`);
  const chat = appClient("createAuthOnlyClient", options, chatBaseUrl, allows) as unknown as AuthOnlyClient;
  const request = (method: string, path: string, init?: unknown) => {
    const call = `${String(method).toUpperCase()} ${path}`;
    return ALLOWED.includes(call)
      ? (chat.request as Function)(method, path, init)
      : Promise.reject(new ChatConfigError(`An authOnly key may only create users and auth tokens, not call ${call}.`));
  };
  return {
    request,
    POST: (path: string, init?: unknown) => request("POST", path, init),
    use: chat.use,
    eject: chat.eject,
  } as AuthOnlyClient;
}
