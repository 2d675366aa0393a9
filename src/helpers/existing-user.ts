import { type ChatApiError, type ChatClient, isChatApiError, paginate, type User, unwrap } from "chat-rest-sdk";
import { changedFields } from "./changed-fields.js";
import type { OnExists, UserInput } from "./check-input.js";

/** The fields of a user that a partial update (`PUT /users/{uid}`) may change. */
const UPDATABLE = ["name", "avatar", "link", "role", "statusMessage", "metadata", "tags"] as const;

/** What to do with a user whose create answered 409. */
export interface ExistingUserPlan {
  onExists: OnExists;
  reactivate: boolean;
  /** Whether to look the user up among the deactivated ones (one more read). */
  checkDeactivated: boolean;
}

/** An existing user, after what the plan asked for. */
export interface SettledUser {
  user: User;
  updated: boolean;
  deactivated: boolean;
  reactivated: boolean;
}

/**
 * Reads a user whose UID is taken, looks it up among the deactivated users, and settles it as
 * `plan` says (see {@link settleUser}). The UID is taken but no user can be read when the user
 * was deleted (the service keeps a deleted user's UID): the 409 is thrown then.
 */
export async function settleExistingUser(
  chat: ChatClient,
  input: UserInput,
  conflict: ChatApiError,
  plan: ExistingUserPlan,
): Promise<SettledUser> {
  const uid = input.uid.toLowerCase();
  const [found, deactivatedEntry] = await Promise.all([
    readUser(chat, uid),
    plan.checkDeactivated ? deactivatedUser(chat, uid) : undefined,
  ]);
  // The service documents no `deactivatedAt` on a user; the list of deactivated users is what tells.
  const user = found ?? deactivatedEntry;
  if (!user) throw conflict;
  return settleUser(chat, input, user, deactivatedEntry !== undefined, plan);
}

/**
 * Reactivates `user` and changes the fields that differ from `input`, as `plan` says: a
 * `PUT /users` to reactivate, a `PUT /users/{uid}` when a field differs under `"update"`.
 */
export async function settleUser(
  chat: ChatClient,
  input: UserInput,
  user: User,
  deactivated: boolean,
  plan: ExistingUserPlan,
): Promise<SettledUser> {
  const uid = user.uid.toLowerCase();
  let reactivated = false;
  if (deactivated && plan.reactivate) {
    await unwrap(chat.PUT("/users", { body: { uidsToActivate: [uid] } }));
    deactivated = false;
    reactivated = true;
  }
  let updated = false;
  if (plan.onExists === "update") {
    const changes = changedFields(input, user, UPDATABLE);
    if (Object.keys(changes).length > 0) {
      user = (await unwrap(chat.PUT("/users/{uid}", { params: { path: { uid } }, body: changes }))).data;
      updated = true;
    }
  }
  return { user, updated, deactivated, reactivated };
}

/**
 * The user with `uid` among the active users, in one request: a search on the UID
 * (`GET /users?searchKey=<uid>&searchIn=uid`), which leaves out deactivated users. The search
 * matches parts of UIDs, so the match is checked; when the user is not on the first page (a UID
 * that many others contain), it is not found here, and the caller's create finds it instead.
 */
export async function activeUser(chat: ChatClient, uid: string): Promise<User | undefined> {
  const wanted = uid.toLowerCase();
  const query = { searchKey: wanted, searchIn: ["uid" as const], withTags: true, perPage: 100 };
  const page = (await unwrap(chat.GET("/users", { params: { query } }))).data;
  return page.find((user) => user.uid.toLowerCase() === wanted);
}

async function readUser(chat: ChatClient, uid: string): Promise<User | undefined> {
  try {
    return (await unwrap(chat.GET("/users/{uid}", { params: { path: { uid } } }))).data;
  } catch (error) {
    if (isChatApiError(error) && error.status === 404) return undefined;
    throw error;
  }
}

/** The user among the deactivated ones, found by a search on the UID (which matches parts of UIDs, so the match is checked). */
async function deactivatedUser(chat: ChatClient, uid: string): Promise<User | undefined> {
  const query = { onlyDeactivated: true, searchKey: uid, searchIn: ["uid" as const], withTags: true };
  for await (const user of paginate(chat, "/users", { query, perPage: 100 })) if (user.uid.toLowerCase() === uid) return user;
  return undefined;
}
