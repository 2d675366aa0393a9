import type { ChatClient, User } from "chat-rest-sdk";
import { checkClient, checkFlag, checkOnExists, checkOptions, checkUser, type OnExists, type UserInput } from "./check-input.js";
import { createIfAbsent } from "./create-if-absent.js";
import { activeUser, settleExistingUser, settleUser } from "./existing-user.js";

/** Options of {@link ensureUser}. */
export interface EnsureUserOptions {
  /**
   * What to do when a user with the UID exists: `"keep"` leaves it as it is; `"update"` changes
   * the fields given that differ from the stored ones (`PUT /users/{uid}`, a partial update) and
   * never clears a field that was not given. A field given is replaced whole: `metadata` and `tags`
   * are not merged with the stored ones.
   * @default "keep"
   * @example "update"
   */
  onExists?: OnExists;
  /**
   * Whether to reactivate an existing user who was deactivated (`PUT /users`). Without it such a
   * user is left deactivated and reported with `deactivated: true`.
   * @default false
   * @example true
   */
  reactivate?: boolean;
}

/** What {@link ensureUser} did. */
export interface EnsuredUser {
  /** The user as it is now. */
  user: User;
  /** Whether this call created the user. Of calls made at once for one UID, exactly one gets `true`. */
  created: boolean;
  /** Whether this call changed fields of an existing user (`onExists: "update"` and a field differed). */
  updated: boolean;
  /** Whether the user is deactivated: an existing user who was, and `reactivate` was not set. */
  deactivated: boolean;
  /** Whether this call reactivated the user. */
  reactivated: boolean;
}

export const ENSURE_USER_OPTIONS = ["onExists", "reactivate"] as const;

/**
 * Creates a user unless one with the UID exists, and says which happened: the call a backend
 * makes on every sign-in, where most users are returning ones. So the active users are searched
 * first, by UID (`GET /users?searchKey=<uid>&searchIn=uid`, which leaves deactivated users out);
 * only a UID not found there is created (`POST /users`). A 409 `ERR_UID_ALREADY_EXISTS` then means
 * the user exists (deactivated, or created by a call made at the same moment), which is read
 * (`GET /users/{uid}`) and looked up among the deactivated users (`GET /users?onlyDeactivated=true`).
 * So calls made at once for one UID all resolve, and exactly one of them reports `created: true`.
 *
 * What each case costs, in requests (under the service's limits: the searches and reads are
 * standard operations, the create a core one):
 * - an existing active user: 1 (the search), plus 1 `PUT /users/{uid}` under `onExists: "update"`
 *   when a field differs;
 * - a new user: 2 (the search, then the create);
 * - a deactivated user, or one created by another call at the same moment: 4 (the search, the
 *   create's 409, the read and the deactivated search, those two at once), plus 1 to reactivate.
 *
 * `importUsers` creates first instead, the order that is cheapest when most users are new.
 *
 * A deactivated user is reported (`deactivated: true`), not reactivated, unless `reactivate` is
 * set. A user whose UID is held by a deleted user cannot be read, and the 409 is thrown
 * (`ConflictError`); any other error status throws its `ChatApiError`. A `user` that is not a
 * valid body of `POST /users` throws a `ChatConfigError` before anything is sent.
 *
 * @example
 * const { user, deactivated } = await ensureUser(chat, { uid: "buyer-42", name: "Ada Lovelace" });
 * if (deactivated) console.log(`${user.uid} is deactivated`);
 * // Keep the profile in step with your own records: only the fields given are changed.
 * await ensureUser(chat, { uid: "buyer-42", name: "Ada King", tags: ["vip"] }, { onExists: "update" });
 */
export async function ensureUser(chat: ChatClient, user: UserInput, options?: EnsureUserOptions): Promise<EnsuredUser> {
  checkClient("ensureUser: chat", chat);
  const input = checkUser("ensureUser: user", user);
  const { onExists, reactivate } = checkOptions<EnsureUserOptions>("ensureUser: options", options, ENSURE_USER_OPTIONS);
  const plan = {
    onExists: checkOnExists("ensureUser: options.onExists", onExists),
    reactivate: checkFlag("ensureUser: options.reactivate", reactivate),
    checkDeactivated: true,
  };
  const active = await activeUser(chat, input.uid);
  if (active) return { created: false, ...(await settleUser(chat, input, active, false, plan)) };
  const outcome = await createIfAbsent(chat.POST("/users", { body: input, idempotent: true }), "ERR_UID_ALREADY_EXISTS");
  if (outcome.created) return { user: outcome.created.data, created: true, updated: false, deactivated: false, reactivated: false };
  return { created: false, ...(await settleExistingUser(chat, input, outcome.conflict, plan)) };
}
