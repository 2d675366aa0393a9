import { type ChatClient, unwrap } from "chat-rest-sdk";
import { checkClient, checkFlag, checkOnExists, checkOptions, checkUser, type UserInput } from "./check-input.js";
import { createIfAbsent } from "./create-if-absent.js";
import { ENSURE_USER_OPTIONS, type EnsuredUser, type EnsureUserOptions } from "./ensure-user.js";
import { activeUser, settleExistingUser, settleUser } from "./existing-user.js";

/** Options of {@link issueAuthToken}: those of `ensureUser`, and `force`. */
export interface IssueAuthTokenOptions extends EnsureUserOptions {
  /**
   * Asks the service for a new token (`force: true` of `POST /users/{uid}/auth_tokens`) where it
   * would otherwise give back one it issued before.
   * @default false
   * @example true
   */
  force?: boolean;
}

/**
 * What {@link issueAuthToken} did: the user, as `ensureUser` reports it, and the auth token the
 * client app logs in with. A deactivated user gets no token: check `deactivated` first.
 */
export type IssuedAuthToken =
  | (EnsuredUser & { deactivated: false /** The auth token to hand to the client app's login. */; authToken: string })
  | (EnsuredUser & { deactivated: true; authToken?: undefined });

/**
 * Makes sure the user exists and creates an auth token for them: the one call a login route needs.
 * As `ensureUser`, it searches the active users by UID first. A returning user then gets a token
 * (`POST /users/{uid}/auth_tokens`): 2 requests in all. A new user is created with its token in one
 * request (`POST /users` with `withAuthToken`): 2 in all. A deactivated user costs the 4 requests
 * of `ensureUser` (and a token when reactivated). Two sign-ins at once for one UID both get a
 * token, and one user is created. The search, reads and updates count under the service's standard limit;
 * the create and the token under its core limit.
 *
 * A deactivated user gets no token (`deactivated: true`, no `authToken`) unless `reactivate` is set.
 * Errors are those of `ensureUser`.
 *
 * @example
 * const login = await issueAuthToken(chat, { uid: "buyer-42", name: "Ada Lovelace" });
 * if (login.deactivated) throw new Error("This account cannot chat.");
 * console.log(login.created ? "new chat user" : "returning chat user", login.authToken);
 */
export async function issueAuthToken(chat: ChatClient, user: UserInput, options?: IssueAuthTokenOptions): Promise<IssuedAuthToken> {
  checkClient("issueAuthToken: chat", chat);
  const input = checkUser("issueAuthToken: user", user);
  const checked = checkOptions<IssueAuthTokenOptions>("issueAuthToken: options", options, [...ENSURE_USER_OPTIONS, "force"]);
  const force = checkFlag("issueAuthToken: options.force", checked.force);
  const plan = {
    onExists: checkOnExists("issueAuthToken: options.onExists", checked.onExists),
    reactivate: checkFlag("issueAuthToken: options.reactivate", checked.reactivate),
    checkDeactivated: true,
  };
  const active = await activeUser(chat, input.uid);
  if (active) {
    const settled = await settleUser(chat, input, active, false, plan);
    return { ...settled, created: false, deactivated: false, authToken: await createToken(chat, settled.user.uid, force) };
  }
  const outcome = await createIfAbsent(
    chat.POST("/users", { body: { ...input, withAuthToken: true }, idempotent: true }),
    "ERR_UID_ALREADY_EXISTS",
  );
  if (outcome.created) {
    const { authToken, ...created } = outcome.created.data;
    const result = { user: created, created: true, updated: false, deactivated: false, reactivated: false } as const;
    // The service documents the token on this answer; were it left out, one more call gets it.
    return { ...result, authToken: authToken ?? (await createToken(chat, created.uid, force)) };
  }
  const settled = await settleExistingUser(chat, input, outcome.conflict, plan);
  if (settled.deactivated) return { ...settled, created: false, deactivated: true };
  return { ...settled, created: false, deactivated: false, authToken: await createToken(chat, settled.user.uid, force) };
}

/**
 * A new token, sent again by the client (as a create is) when its answer was lost or was a 5xx: a
 * token issued by a lost answer reaches no device and is never used, so a repeat costs an unused token.
 */
async function createToken(chat: ChatClient, uid: string, force: boolean): Promise<string> {
  const body = force ? { force } : {};
  return (await unwrap(chat.POST("/users/{uid}/auth_tokens", { params: { path: { uid } }, body, idempotent: true }))).data.authToken;
}
