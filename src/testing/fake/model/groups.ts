// Internal: groups, their members and banned users, with the service's rules: GUIDs in lower
// case, one outcome per UID when members are added, the owner an admin member, `membersCount`
// counted from the members.
import type { Group, GroupMember } from "../../../types";
import { storeAction, userParty } from "./action-messages";
import { badField, FakeError, guidNotFound, uidNotFound } from "../pipeline/fake-error";
import { type FakeStore, type Membership, nowSeconds, type Scope } from "../state/fake-store";
import type { FiredTrigger } from "../deliveries/fired-triggers";
import type { Handler } from "./handler";
import { pageOf } from "./paging";
import { pick } from "./pick";
import { targetRefusal } from "../rules/authorize";
import { APP_SENDER, entitiesOf, entityOf, requireUser, userView } from "./users";
import { cloneValue } from "../state/clone";

/** The fields of a group that a request may set, besides its GUID and owner; a group stores no others. */
const GROUP_FIELDS = ["name", "type", "description", "icon", "metadata", "tags"] as const;

/** A group of {@link FakeSeed}: the fields of `POST /groups`, without its members. */
export interface FakeGroupSeed {
  guid: string;
  name: string;
  type?: "public" | "private" | "password";
  password?: string;
  description?: string;
  icon?: string;
  metadata?: Record<string, unknown>;
  /** UID of the owner, who becomes an admin member; without one, the app owns the group. */
  owner?: string;
  tags?: string[];
}

const SCOPE_LISTS = { admins: "admin", moderators: "moderator", participants: "participant" } as const;

type Outcome = { success: true } | { success: false; error: { code: string; message: string } };

export function requireGroup(store: FakeStore, guid: string): Group {
  const group = store.groups.get(guid.toLowerCase());
  if (!group) throw guidNotFound(guid);
  return group;
}

/** The group as reads return it; for a request acting as a user, with that user's membership. */
export function groupView(store: FakeStore, group: Group, actor?: string, withTags = true): Group {
  const view: Group = { ...cloneValue(group), membersCount: store.members.get(group.guid)?.size ?? 0 };
  if (!withTags) delete view.tags;
  if (actor) {
    const membership = store.members.get(group.guid)?.get(actor);
    view.hasJoined = !!membership;
    if (membership) Object.assign(view, { scope: membership.scope, joinedAt: membership.joinedAt });
  }
  return view;
}

/** Members as an event's parties, each with its scope in the group. */
function memberEntities(store: FakeStore, group: Group, uids: Iterable<string>): Record<string, Record<string, unknown>> {
  const members = store.members.get(group.guid);
  return Object.fromEntries([...uids].map((uid) => [uid, { ...entityOf(store, uid), scope: members?.get(uid)?.scope ?? "participant" }]));
}

/** Reports a change to a group's members: the group as it now is, those members, and who acted (the app, without onBehalfOf). */
function emitMembers(store: FakeStore, trigger: FiredTrigger, group: Group, members: Record<string, unknown>, actor: string | undefined) {
  store.emit(trigger, { group: groupView(store, group), members, by: entityOf(store, actor ?? APP_SENDER) });
}

/** The action messages the service writes to a group's conversation for a change of its members, one per member. */
type MemberAction = "added" | "kicked" | "banned" | "unbanned" | "scopeChanged";

/** Stores the action message of `action` on `uid`, by the user acted for (the app, without onBehalfOf). */
function memberAction(
  store: FakeStore,
  group: Group,
  action: MemberAction,
  uid: string,
  actor: string | undefined,
  extras?: Record<string, unknown>,
): void {
  storeAction(store, {
    receiverType: "group",
    receiver: group.guid,
    conversationId: `group_${group.guid}`,
    by: actor ?? APP_SENDER,
    type: "groupMember",
    action,
    entities: { on: userParty(store, uid), for: { entity: groupView(store, group), entityType: "group" } },
    ...(extras ? { extras } : {}),
  });
}

/** The UIDs of `result`'s lists that succeeded. */
function succeeded(result: Record<string, Record<string, Outcome>>, lists: readonly string[]): string[] {
  return lists.flatMap((list) => Object.entries(result[list] ?? {}).filter(([, outcome]) => outcome.success)).map(([uid]) => uid);
}

function failed(code: string, message: string): Outcome {
  return { success: false, error: { code, message } };
}

/** `room`: the items claimed for it, 2 when its action message is stored with it. */
function addMember(store: FakeStore, guid: string, uid: string, scope: Scope, room: number): Outcome {
  if (!store.liveUser(uid)) return failed("ERR_UID_NOT_FOUND", `No user with UID ${uid} exists.`);
  if (store.bans.get(guid)?.has(uid)) return failed("ERR_BANNED_GROUP_MEMBER", `The user ${uid} is banned from the group ${guid}.`);
  const members = store.membersOf(guid);
  if (members.has(uid)) return failed("ERR_ALREADY_JOINED", `The user ${uid} is already a member of the group ${guid}.`);
  store.claim(room);
  members.set(uid, { scope, joinedAt: nowSeconds(store) });
  return { success: true };
}

/** `actor`: the user acted for (the app, when undefined), who must be allowed to ban `uid` (rules/authorize.ts). */
function ban(store: FakeStore, group: Group, uid: string, room: number, actor: string | undefined): Outcome {
  if (!store.liveUser(uid)) return failed("ERR_UID_NOT_FOUND", `No user with UID ${uid} exists.`);
  const refusal = targetRefusal(store, group, actor, uid);
  if (refusal) return failed(refusal.code, refusal.message);
  let bans = store.bans.get(group.guid);
  store.claim(bans?.has(uid) ? room - 1 : room);
  if (!bans) store.bans.set(group.guid, (bans = new Map()));
  bans.set(uid, nowSeconds(store));
  store.members.get(group.guid)?.delete(uid);
  return { success: true };
}

/**
 * Adds the UIDs of each list to the group; a missing user or an existing member is a failed entry,
 * not an error. With `recorded`, each member added or banned gets the action message the service
 * writes to the group's conversation, by `recorded.actor` (the app, when undefined); a seed has none.
 */
export function addMembers(
  store: FakeStore,
  group: Group,
  lists: Record<string, string[] | undefined>,
  recorded?: { actor: string | undefined },
) {
  const room = recorded ? 2 : 1;
  const result: Record<string, Record<string, Outcome>> = {};
  const record = (action: MemberAction, uid: string, outcome: Outcome) => {
    if (outcome.success && recorded) memberAction(store, group, action, uid, recorded.actor);
    return outcome;
  };
  for (const [list, scope] of Object.entries(SCOPE_LISTS)) {
    const uids = lists[list];
    if (!uids) continue;
    const outcomes: Record<string, Outcome> = (result[list] = {});
    for (const uid of uids.map((u) => u.toLowerCase()))
      outcomes[uid] = record("added", uid, addMember(store, group.guid, uid, scope, room));
  }
  if (lists.usersToBan) {
    const outcomes: Record<string, Outcome> = (result.usersToBan = {});
    for (const uid of lists.usersToBan.map((u) => u.toLowerCase()))
      outcomes[uid] = record("banned", uid, ban(store, group, uid, room, recorded?.actor));
  }
  if (Object.keys(result).length) group.updatedAt = nowSeconds(store);
  return result;
}

/** The most UIDs one request may add or ban, across its four lists, as the service's Group Members API says. */
export const MAX_MEMBERS_PER_REQUEST = 25;

/** 400 for more than {@link MAX_MEMBERS_PER_REQUEST} UIDs across the lists: the request adds none. */
function requireAtMostMembers(lists: Record<string, string[] | undefined>, field: string): void {
  const count = [...Object.keys(SCOPE_LISTS), "usersToBan"].reduce((sum, list) => sum + (lists[list]?.length ?? 0), 0);
  if (count > MAX_MEMBERS_PER_REQUEST)
    throw badField(
      field,
      `names ${count} UIDs across admins, moderators, participants and usersToBan; at most ${MAX_MEMBERS_PER_REQUEST} are allowed`,
    );
}

/** Creates a group. Its owner, when a user, joins it as an admin. */
export function createGroup(store: FakeStore, body: FakeGroupSeed, actor?: string): Group {
  const guid = body.guid.toLowerCase();
  if (store.groups.has(guid)) throw new FakeError(409, "ERR_GUID_ALREADY_EXISTS", `A group with GUID ${guid} already exists.`);
  const owner = (body.owner ?? actor)?.toLowerCase();
  if (owner && !store.liveUser(owner)) throw badField("owner", `names no user: ${owner}`, "ERR_UID_NOT_FOUND");
  store.claim(owner ? 2 : 1);
  const now = nowSeconds(store);
  // Only the group's own fields: a request's `members` or `password` is not part of the group.
  const group = {
    type: "public",
    ...pick(body, GROUP_FIELDS),
    name: body.name,
    guid,
    owner: owner ?? APP_SENDER,
    conversationId: `group_${guid}`,
    createdAt: now,
    updatedAt: now,
  } as Group;
  store.groups.set(guid, group);
  if (owner) store.membersOf(guid).set(owner, { scope: "admin", joinedAt: now });
  return group;
}

function requireMember(store: FakeStore, group: Group, uid: string): Membership {
  requireUser(store, uid);
  const membership = store.members.get(group.guid)?.get(uid.toLowerCase());
  if (!membership) throw uidNotFound(uid, `The user ${uid} is not a member of the group ${group.guid}.`);
  return membership;
}

function memberView(store: FakeStore, uid: string, membership: Membership): GroupMember | undefined {
  const stored = store.liveUser(uid);
  return stored && { ...userView(stored, false), scope: membership.scope, joinedAt: membership.joinedAt };
}

function byField(field: string, order: string) {
  const sign = order === "desc" ? -1 : 1;
  return (a: Group, b: Group) => {
    const x = a[field as keyof Group] as string | number;
    const y = b[field as keyof Group] as string | number;
    return sign * (x < y ? -1 : x > y ? 1 : 0);
  };
}

export const groupHandlers: Record<string, Handler> = {
  "create-group": ({ store, body, actor }) => {
    const { members } = body as { members?: Record<string, string[]> };
    if (members) requireAtMostMembers(members, "members");
    const group = createGroup(store, body as FakeGroupSeed, actor);
    // The answer names the outcome for each UID of the request; the group keeps only those added.
    const outcomes = members ? addMembers(store, group, members, { actor }) : undefined;
    store.emit("group_created", {
      group: groupView(store, group),
      members: memberEntities(store, group, store.members.get(group.guid)?.keys() ?? []),
    });
    return { data: { ...groupView(store, group, actor), ...(outcomes ? { members: outcomes } : {}) } };
  },

  "get-group": ({ store, path, actor }) => ({ data: groupView(store, requireGroup(store, path.guid!), actor) }),

  "update-group": ({ store, path, body, actor }) => {
    const group = requireGroup(store, path.guid!);
    const { unset, owner } = (body ?? {}) as { unset?: string[]; owner?: string };
    const oldOwner = group.owner;
    if (owner !== undefined) {
      // The new owner must be a member; the service makes the owner an admin.
      const uid = owner.toLowerCase();
      const membership = store.members.get(group.guid)?.get(uid);
      if (!store.liveUser(uid) || !membership) throw badField("owner", `is not a member of the group: ${uid}`);
      membership.scope = "admin";
      group.owner = uid;
    }
    Object.assign(group, pick(body, GROUP_FIELDS), { updatedAt: nowSeconds(store) });
    for (const field of unset ?? []) if ((GROUP_FIELDS as readonly string[]).includes(field)) delete group[field as keyof Group];
    if (actor) group.updatedBy = actor;
    store.emit("group_updated", { group: groupView(store, group) });
    if (group.owner !== oldOwner) store.emit("group_owner_transferred", { group: { ...groupView(store, group), oldOwner } });
    return { data: groupView(store, group, actor) };
  },

  "delete-group": ({ store, path }) => {
    const group = requireGroup(store, path.guid!);
    const before = groupView(store, group);
    store.groups.delete(group.guid);
    store.members.delete(group.guid);
    store.bans.delete(group.guid);
    for (const [id, message] of store.messages)
      if (message.receiverType === "group" && message.receiver === group.guid) store.messages.delete(id);
    store.emit("group_deleted", { group: before });
    return { data: { success: true, message: `The group ${group.guid} has been deleted.` } };
  },

  "list-groups": ({ store, query, actor }) => {
    const searchIn = (query.searchIn as string[] | undefined) ?? ["guid", "name"];
    const types = [...((query.types as string[] | undefined) ?? []), ...(query.type ? [String(query.type)] : [])];
    const tags = query.tags as string[] | undefined;
    const needle = query.searchKey === undefined ? undefined : String(query.searchKey).toLowerCase();
    const since = query.updatedAt as number | undefined;
    let groups = [...store.groups.values()].filter((group) => {
      // A private group is seen by its members only: a user acted for lists no other.
      if (actor && group.type === "private" && !store.members.get(group.guid)?.has(actor)) return false;
      if (
        needle !== undefined &&
        !searchIn.some((field) =>
          String(group[field as "guid"] ?? "")
            .toLowerCase()
            .includes(needle),
        )
      )
        return false;
      if (types.length && !types.includes(group.type)) return false;
      if (tags?.length && !tags.some((tag) => group.tags?.includes(tag))) return false;
      if (query.hasJoined !== undefined && actor && store.members.get(group.guid)?.has(actor) !== query.hasJoined) return false;
      if (since !== undefined) {
        const updated = group.updatedAt ?? group.createdAt;
        if (query.affix === "prepend" ? updated >= since : updated <= since) return false;
      }
      return true;
    });
    if (query.sortBy) groups = groups.sort(byField(String(query.sortBy), String(query.sortOrder ?? "asc")));
    const page = pageOf(
      groups.map((group) => groupView(store, group, actor, query.withTags === true)),
      query,
    );
    const last = page.data[page.data.length - 1];
    // The cursor of the page: send its updatedAt back with affix=append for the groups changed since.
    const cursor = last
      ? { updatedAt: Math.max(...page.data.map((group) => group.updatedAt ?? group.createdAt)), affix: "append" }
      : undefined;
    return { ...page, meta: { ...page.meta, ...(cursor ? { cursor } : {}) } };
  },

  "add-group-members": ({ store, path, body, actor }) => {
    const group = requireGroup(store, path.guid!);
    requireAtMostMembers(body ?? {}, "body");
    const result = addMembers(store, group, body ?? {}, { actor });
    const added = succeeded(result, Object.keys(SCOPE_LISTS));
    const banned = succeeded(result, ["usersToBan"]);
    if (added.length) emitMembers(store, "group_member_added", group, memberEntities(store, group, added), actor);
    if (banned.length) emitMembers(store, "group_member_banned", group, entitiesOf(store, banned), actor);
    return { data: result };
  },

  "list-group-members": ({ store, path, query }) => {
    const group = requireGroup(store, path.guid!);
    const scopes = query.scopes as string[] | undefined;
    const members = [...(store.members.get(group.guid) ?? new Map<string, Membership>())]
      .map(([uid, membership]) => memberView(store, uid, membership))
      .filter((member): member is GroupMember => !!member)
      .filter((member) => (query.status === undefined || member.status === query.status) && (!scopes || scopes.includes(member.scope)));
    return pageOf(members, query);
  },

  "change-group-member-scope": ({ store, path, body, actor }) => {
    const group = requireGroup(store, path.guid!);
    const membership = requireMember(store, group, path.uid!);
    const uid = path.uid!.toLowerCase();
    const scope = (body?.scope ?? "participant") as Scope;
    const oldScope = membership.scope;
    store.claim();
    membership.scope = scope;
    group.updatedAt = nowSeconds(store);
    memberAction(store, group, "scopeChanged", uid, actor, { scope: { new: scope, old: oldScope } });
    emitMembers(store, "group_member_scope_changed", group, { [uid]: { ...entityOf(store, uid), scope, oldScope } }, actor);
    return { data: { guid: group.guid, uid, scope, joinedAt: membership.joinedAt } };
  },

  "kick-group-member": ({ store, path, actor }) => {
    const group = requireGroup(store, path.guid!);
    requireMember(store, group, path.uid!);
    const uid = path.uid!.toLowerCase();
    store.claim();
    store.members.get(group.guid)!.delete(uid);
    group.updatedAt = nowSeconds(store);
    memberAction(store, group, "kicked", uid, actor);
    emitMembers(store, "group_member_kicked", group, entitiesOf(store, [uid]), actor);
    return { data: { success: true, message: `The member ${uid} has been kicked from the group ${group.guid}.` } };
  },

  "ban-group-user": ({ store, path, actor }) => {
    const group = requireGroup(store, path.guid!);
    const uid = requireUser(store, path.uid!).user.uid;
    // The ban and the action message that records it: both fit, or neither is stored.
    const outcome = ban(store, group, uid, 2, actor);
    if (!outcome.success) throw badField("uid", outcome.error.message);
    group.updatedAt = nowSeconds(store);
    memberAction(store, group, "banned", uid, actor);
    emitMembers(store, "group_member_banned", group, entitiesOf(store, [uid]), actor);
    return { data: { success: true, message: `The user ${uid} has been banned from the group ${group.guid}.` } };
  },

  "unban-group-user": ({ store, path, actor }) => {
    const group = requireGroup(store, path.guid!);
    const uid = requireUser(store, path.uid!).user.uid;
    if (!store.bans.get(group.guid)?.has(uid)) throw uidNotFound(uid, `The user ${uid} is not banned from the group ${group.guid}.`);
    store.claim();
    store.bans.get(group.guid)!.delete(uid);
    group.updatedAt = nowSeconds(store);
    memberAction(store, group, "unbanned", uid, actor);
    emitMembers(store, "group_member_unbanned", group, entitiesOf(store, [uid]), actor);
    return { data: { success: true, message: `The user ${uid} has been unbanned from the group ${group.guid}.` } };
  },

  "list-banned-group-users": ({ store, path, query }) => {
    const group = requireGroup(store, path.guid!);
    const banned = [...(store.bans.get(group.guid)?.keys() ?? [])].map((uid) => store.liveUser(uid)).filter((stored) => !!stored);
    return pageOf(
      banned.map((stored) => userView(stored, false)),
      query,
    );
  },
};
