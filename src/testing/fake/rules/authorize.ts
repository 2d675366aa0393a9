// Internal: the stage that runs before a handler and refuses what the user acted for may not do in
// a group, by the rules of group-rules.ts. Without `onBehalfOf` the app acts as itself and may do
// everything but act on the owner's membership. A message of a one-to-one conversation is for its
// two users only. A group or message that does not exist is left to the handler, which answers its 404.
import type { Group } from "../../../types";
import {
  type FakeError,
  groupNoClearance,
  groupNoScopeClearance,
  groupNoSelfAction,
  groupNotJoined,
  groupScopeTooLow,
  messageNotFound,
} from "../pipeline/fake-error";
import type { FakeStore } from "../state/fake-store";
import { isPartyOf } from "../model/messages";
import { GROUP_RULES, type GroupRule, leastFor, type Rank, rankOf } from "./group-rules";

/** What the stage reads of a request: its operation, path, body and the user it acts for. */
export interface AuthorizeRequest {
  operationId: string;
  path: Record<string, string>;
  body: any;
  actor: string | undefined;
}

const SCOPE_LISTS = { admins: "admin", moderators: "moderator", participants: "participant" } as const;

/** The standing of `uid` in `group`: its scope, `owner` for the owner, undefined for a non-member. */
export function rankIn(store: FakeStore, group: Group, uid: string): Rank | undefined {
  const membership = store.members.get(group.guid)?.get(uid);
  if (!membership) return undefined;
  return uid === group.owner ? "owner" : membership.scope;
}

function groupOf(store: FakeStore, rule: GroupRule, { path, body }: AuthorizeRequest): Group | undefined {
  if (rule.group === "path") return path.guid === undefined ? undefined : store.groups.get(path.guid.toLowerCase());
  if (rule.group === "receiver")
    return body?.receiverType === "group" && typeof body.receiver === "string" ? store.groups.get(body.receiver.toLowerCase()) : undefined;
  const message = path.id === undefined ? undefined : store.messages.get(path.id);
  return message?.receiverType === "group" ? store.groups.get(message.receiver) : undefined;
}

/**
 * Why `actor` (the app, when undefined) may not act on the membership of `uid` in `group`, or
 * undefined when it may: nobody acts on their own membership or on the owner's, and a user must
 * outrank a member to act on them. A user who is not a member is in reach of any member.
 */
export function targetRefusal(store: FakeStore, group: Group, actor: string | undefined, uid: string): FakeError | undefined {
  const target = uid.toLowerCase();
  if (actor !== undefined && target === actor) return groupNoSelfAction(actor, group.guid);
  if (target === group.owner)
    return groupNoClearance(`The owner of the group ${group.guid} cannot be kicked, banned or given another scope.`);
  if (actor === undefined) return undefined;
  const rank = rankIn(store, group, actor);
  const targetRank = rankIn(store, group, target);
  if (rank !== undefined && targetRank !== undefined && rankOf(rank) <= rankOf(targetRank))
    return groupNoScopeClearance(actor, group.guid, `the ${targetRank} ${target}`);
  return undefined;
}

/**
 * A message of a one-to-one conversation is for its two users only: to anyone else acting with
 * `onBehalfOf` it does not exist (404 `ERR_MESSAGE_ID_NOT_FOUND`, whatever the operation), so a
 * third user can neither read it, nor list or join its thread, nor react to, flag or change it.
 */
function requireParty(store: FakeStore, { path, actor }: AuthorizeRequest): void {
  const message = actor === undefined || path.id === undefined ? undefined : store.messages.get(path.id);
  if (message?.receiverType === "user" && !isPartyOf(message.conversationId, actor!)) throw messageNotFound(message.id);
}

/** Throws the refusal of the group's rules for this request, if any; returns when it may go on to its handler. */
export function authorize(store: FakeStore, request: AuthorizeRequest): void {
  const rule = GROUP_RULES[request.operationId];
  if (!rule) return;
  if (rule.group === "message") requireParty(store, request);
  const group = groupOf(store, rule, request);
  if (!group) return;
  const { actor, path, body } = request;
  const target = () => {
    const refusal = rule.target && path.uid !== undefined ? targetRefusal(store, group, actor, path.uid) : undefined;
    if (refusal) throw refusal;
  };
  if (actor === undefined) {
    target();
    return;
  }
  const rank = rankIn(store, group, actor);
  if (rank === undefined) {
    if (rule.openTo?.includes(group.type)) return;
    throw groupNotJoined(actor, group.guid);
  }
  const least = leastFor(rule, group.type);
  if (rankOf(rank) < rankOf(least)) throw groupScopeTooLow(actor, group.guid, least === "moderator" ? "moderator" : "admin");
  if (rule.ownerField && body?.owner !== undefined && rank !== "owner")
    throw groupNoClearance(`Only the owner of the group ${group.guid} may hand it over to another member.`);
  target();
  if (rule.grants === "outrank") {
    const scope = (body?.scope ?? "participant") as Rank;
    if (rankOf(rank) <= rankOf(scope)) throw groupNoScopeClearance(actor, group.guid, `the scope ${scope}`);
  }
  if (rule.grants === "reach") {
    for (const [list, scope] of Object.entries(SCOPE_LISTS))
      if (body?.[list]?.length && rankOf(rank) < rankOf(scope)) throw groupNoScopeClearance(actor, group.guid, `the scope ${scope}`);
    // Banning follows the ban's own rule; each UID is then checked as a ban would be, one outcome each.
    const ban = GROUP_RULES["ban-group-user"]!;
    if (body?.usersToBan?.length && rankOf(rank) < rankOf(leastFor(ban, group.type)))
      throw groupScopeTooLow(actor, group.guid, "moderator");
  }
}
