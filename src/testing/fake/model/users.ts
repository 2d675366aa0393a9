// Internal: users, their auth tokens, friends and blocked users, with the service's rules.
import { randomBytes } from "node:crypto";
import type { AuthToken, CreateUserRequest, User } from "../../../types";
import { FakeError, uidNotFound } from "../pipeline/fake-error";
import { type FakeStore, nowSeconds, type StoredUser } from "../state/fake-store";

/** The sender of what the app sends itself: messages without `onBehalfOf`, and groups created without an owner. */
export const APP_SENDER = "app_system";
import type { Handler } from "./handler";
import { pageOf } from "./paging";
import { pick } from "./pick";
import { cloneValue } from "../state/clone";

/** The fields of a user that a request may set (`POST /users`, `PUT /users/{uid}`, a seed). */
const USER_FIELDS = ["name", "avatar", "link", "role", "statusMessage", "metadata", "tags", "status"] as const;

/** A user of {@link FakeSeed}: the body of `POST /users`, and optionally a presence. */
export type FakeUserSeed = Omit<CreateUserRequest, "withAuthToken"> & { status?: "available" | "offline" };

/** The user as reads return it; `tags` only where the request asked for them, as the service does on lists. */
export function userView(stored: StoredUser, withTags = true): User {
  const user = cloneValue(stored.user);
  if (!withTags) delete user.tags;
  return user;
}

/** The app itself as a party of an event, as the service names it. */
const SYSTEM_ENTITY = { uid: APP_SENDER, name: "System", avatar: "", role: "default", status: "offline" };

/** A user as a party of a webhook event (the spec's `EntityDetails`); the app for `app_system` or a user since deleted. */
export function entityOf(store: FakeStore, uid: string): Record<string, unknown> {
  const stored = store.liveUser(uid);
  if (!stored) return uid === APP_SENDER ? { ...SYSTEM_ENTITY } : { uid };
  const user = stored.user as User & { lastActiveAt?: number };
  // Every message sent names two parties: field by field, the fields the user has.
  const entity: Record<string, unknown> = {};
  for (const field of ENTITY_FIELDS) if (user[field] !== undefined) entity[field] = user[field];
  return entity;
}

/** The fields of a user that an event's party carries, in this order. */
const ENTITY_FIELDS = ["uid", "name", "avatar", "link", "role", "status", "createdAt", "lastActiveAt"] as const;

/** The users of `uids` as an event's parties, by UID. */
export function entitiesOf(store: FakeStore, uids: Iterable<string>): Record<string, Record<string, unknown>> {
  return Object.fromEntries([...uids].map((uid) => [uid, entityOf(store, uid)]));
}

/** A user that exists and is not deleted; otherwise 404 ERR_UID_NOT_FOUND. */
export function requireUser(store: FakeStore, uid: string): StoredUser {
  const stored = store.liveUser(uid);
  if (!stored) throw uidNotFound(uid);
  return stored;
}

function issueToken(store: FakeStore, uid: string): AuthToken {
  store.claim();
  const token: AuthToken = { uid, authToken: `${uid}_${randomBytes(20).toString("hex")}`, createdAt: nowSeconds(store) };
  let tokens = store.authTokens.get(uid);
  if (!tokens) store.authTokens.set(uid, (tokens = new Map()));
  tokens.set(token.authToken, token);
  return token;
}

/** Creates a user. The service stores UIDs in lower case, so `Alice` and `alice` collide. */
export function createUser(store: FakeStore, body: FakeUserSeed & { withAuthToken?: boolean }): User & { authToken?: string } {
  const uid = body.uid.toLowerCase();
  // A soft-deleted user keeps its UID: only a permanent delete frees it.
  if (store.users.has(uid)) throw new FakeError(409, "ERR_UID_ALREADY_EXISTS", `A user with UID ${uid} already exists.`);
  store.claim();
  const now = nowSeconds(store);
  const user = { role: "default", status: "offline", ...pick(body, USER_FIELDS), uid, createdAt: now, updatedAt: now } as User;
  store.users.set(uid, { user });
  const created: User & { authToken?: string } = userView({ user });
  if (body.withAuthToken) created.authToken = issueToken(store, uid).authToken;
  return created;
}

function matchesSearch(user: User, key: string, fields: string[]): boolean {
  const needle = key.toLowerCase();
  return fields.some((field) =>
    String(user[field as "uid" | "name"] ?? "")
      .toLowerCase()
      .includes(needle),
  );
}

function tokenOf(store: FakeStore, uid: string, authToken: string): AuthToken {
  const token = store.authTokens.get(uid)?.get(authToken);
  if (!token) throw new FakeError(404, "ERR_AUTH_TOKEN_NOT_FOUND", `No auth token ${authToken} exists for the user ${uid}.`);
  return token;
}

function uidsIn(list: unknown): string[] {
  return ((list as string[] | undefined) ?? []).map((uid) => uid.toLowerCase());
}

export const userHandlers: Record<string, Handler> = {
  "create-user": ({ store, body }) => ({ data: createUser(store, body) }),

  "get-user": ({ store, path }) => ({ data: userView(requireUser(store, path.uid!)) }),

  "update-user": ({ store, path, body }) => {
    const stored = requireUser(store, path.uid!);
    const user = {
      ...stored.user,
      ...pick(
        body,
        USER_FIELDS.filter((field) => field !== "status"),
      ),
      updatedAt: nowSeconds(store),
    } as User;
    for (const field of (body?.unset as string[] | undefined) ?? []) delete user[field as keyof User];
    stored.user = user;
    return { data: userView(stored) };
  },

  "delete-user": ({ store, path, body }) => {
    const stored = requireUser(store, path.uid!);
    const uid = stored.user.uid;
    if (body?.permanent) {
      store.users.delete(uid);
      store.authTokens.delete(uid);
      store.friends.delete(uid);
      store.blocks.delete(uid);
      for (const friends of store.friends.values()) friends.delete(uid);
      for (const members of store.members.values()) members.delete(uid);
    } else stored.deletedAt = nowSeconds(store);
    return { data: { success: true, message: `The user ${uid} has been deleted${body?.permanent ? " permanently" : ""}.` } };
  },

  "deactivate-users": ({ store, body }) => {
    const deactivatedUids: string[] = [];
    for (const uid of uidsIn(body.uidsToDeactivate)) {
      const stored = store.liveUser(uid);
      if (!stored) continue;
      stored.deactivatedAt ??= nowSeconds(store);
      deactivatedUids.push(uid);
    }
    return { data: { deactivatedUids } };
  },

  "reactivate-users": ({ store, body }) => {
    // The service names the UIDs it could not reactivate: unknown, or not deactivated.
    const nonDeactivatedUids: string[] = [];
    for (const uid of uidsIn(body.uidsToActivate)) {
      const stored = store.liveUser(uid);
      if (stored?.deactivatedAt === undefined) nonDeactivatedUids.push(uid);
      else delete stored.deactivatedAt;
    }
    return { data: { nonDeactivatedUids } };
  },

  "list-users": ({ store, query }) => {
    const searchIn = (query.searchIn as string[] | undefined) ?? ["uid", "name"];
    const tags = query.tags as string[] | undefined;
    const roles = [...((query.roles as string[] | undefined) ?? []), ...(query.role ? [String(query.role)] : [])];
    const users = [...store.users.values()].filter((stored) => {
      const { user } = stored;
      if (stored.deletedAt !== undefined) return false;
      if (query.onlyDeactivated) {
        if (stored.deactivatedAt === undefined) return false;
      } else if (stored.deactivatedAt !== undefined && !query.withDeactivated) return false;
      if (query.searchKey !== undefined && !matchesSearch(user, String(query.searchKey), searchIn)) return false;
      if (query.status !== undefined && user.status !== query.status) return false;
      if (roles.length && !roles.includes(user.role ?? "default")) return false;
      if (tags?.length && !tags.some((tag) => user.tags?.includes(tag))) return false;
      return true;
    });
    return pageOf(
      users.map((stored) => userView(stored, query.withTags === true)),
      query,
    );
  },

  "create-authtoken": ({ store, path }) => ({ data: { ...issueToken(store, requireUser(store, path.uid!).user.uid) } }),

  "list-authtokens": ({ store, path, query }) => {
    const uid = requireUser(store, path.uid!).user.uid;
    return pageOf(
      [...(store.authTokens.get(uid)?.values() ?? [])].map((token) => ({ ...token })),
      query,
    );
  },

  "get-authtoken": ({ store, path }) => ({ data: { ...tokenOf(store, requireUser(store, path.uid!).user.uid, path.authToken!) } }),

  "update-authtoken": ({ store, path, body }) => {
    const token = tokenOf(store, requireUser(store, path.uid!).user.uid, path.authToken!);
    Object.assign(token, pick(body, ["platform", "userAgent", "appInfo"]));
    return { data: { ...token } };
  },

  "delete-authtoken": ({ store, path }) => {
    const uid = requireUser(store, path.uid!).user.uid;
    tokenOf(store, uid, path.authToken!);
    store.authTokens.get(uid)!.delete(path.authToken!);
    return { data: { success: true, message: `The auth token has been deleted for the user ${uid}.` } };
  },

  "flush-authtokens": ({ store, path }) => {
    const uid = requireUser(store, path.uid!).user.uid;
    store.authTokens.delete(uid);
    return { data: { success: true, message: `All auth tokens of the user ${uid} have been deleted.` } };
  },

  "add-friend": ({ store, path, body }) => {
    const uid = requireUser(store, path.uid!).user.uid;
    const accepted: Record<string, { success: boolean; message: string }> = {};
    for (const friend of uidsIn(body?.accepted)) {
      if (!store.liveUser(friend) || friend === uid) {
        accepted[friend] = { success: false, message: `No user with UID ${friend} can be added as a friend.` };
        continue;
      }
      if (!store.friends.get(uid)?.has(friend)) store.claim(2);
      // Friendship goes both ways in the service.
      for (const [a, b] of [
        [uid, friend],
        [friend, uid],
      ] as const) {
        let set = store.friends.get(a);
        if (!set) store.friends.set(a, (set = new Set()));
        set.add(b);
      }
      accepted[friend] = { success: true, message: `${friend} is now a friend of ${uid}.` };
    }
    return { data: { accepted } };
  },

  "list-all-friends": ({ store, path, query }) => {
    const uid = requireUser(store, path.uid!).user.uid;
    const friends = [...(store.friends.get(uid) ?? [])]
      .map((friend) => store.liveUser(friend))
      .filter((stored): stored is StoredUser => !!stored)
      .filter((stored) => query.searchKey === undefined || matchesSearch(stored.user, String(query.searchKey), ["uid", "name"]));
    return pageOf(
      friends.map((stored) => userView(stored, false)),
      query,
    );
  },

  "remove-friend": ({ store, path, body }) => {
    const uid = requireUser(store, path.uid!).user.uid;
    for (const friend of uidsIn(body?.friends)) {
      store.friends.get(uid)?.delete(friend);
      store.friends.get(friend)?.delete(uid);
    }
    return { data: { success: true, message: `The friends of ${uid} have been removed.` } };
  },

  "block-users": ({ store, path, body }) => {
    const uid = requireUser(store, path.uid!).user.uid;
    const results: Record<string, { success: boolean; message: string }> = {};
    for (const blocked of uidsIn(body.blockedUids)) {
      if (!store.liveUser(blocked) || blocked === uid) {
        results[blocked] = { success: false, message: `No user with UID ${blocked} can be blocked.` };
        continue;
      }
      let blocks = store.blocks.get(uid);
      if (!blocks) store.blocks.set(uid, (blocks = new Map()));
      if (!blocks.has(blocked)) {
        store.claim();
        blocks.set(blocked, nowSeconds(store));
      }
      results[blocked] = { success: true, message: `The user ${uid} has blocked the user ${blocked}.` };
    }
    const done = Object.keys(results).filter((blocked) => results[blocked]!.success);
    if (done.length) store.emit("user_blocked", { users: entitiesOf(store, done), by: entityOf(store, uid) });
    return { data: results };
  },

  "unblock-users": ({ store, path, body }) => {
    const uid = requireUser(store, path.uid!).user.uid;
    const results: Record<string, { success: boolean; message: string }> = {};
    for (const blocked of uidsIn(body.blockedUids)) {
      const removed = store.blocks.get(uid)?.delete(blocked) ?? false;
      results[blocked] = removed
        ? { success: true, message: `The user ${uid} has unblocked the user ${blocked}.` }
        : { success: false, message: `The user ${uid} had not blocked the user ${blocked}.` };
    }
    const done = Object.keys(results).filter((blocked) => results[blocked]!.success);
    if (done.length) store.emit("user_unblocked", { users: entitiesOf(store, done), by: entityOf(store, uid) });
    return { data: results };
  },

  "list-blocked-users": ({ store, path, query }) => {
    const uid = requireUser(store, path.uid!).user.uid;
    const blocked = [...(store.blocks.get(uid) ?? new Map<string, number>())]
      .map(([other, at]) => ({ stored: store.liveUser(other), at }))
      .filter((entry): entry is { stored: StoredUser; at: number } => !!entry.stored)
      .map(({ stored, at }) => ({ ...userView(stored, false), blockedByMe: true, blockedByMeAt: at }));
    return pageOf(blocked, query);
  },
};
