import { type ChatClient, type components, isChatApiError, paginate, unwrap } from "chat-rest-sdk";
import { NOT_A_MEMBER } from "./already-codes.js";
import { checkArray, checkClient, checkCount, checkFlag, checkId, checkOptions } from "./check-input.js";
import { forEachLimited } from "./for-each-limited.js";
import { failureOf, type HelperFailure } from "./helper-failure.js";

type Schemas = components["schemas"];
/** A member's scope in a group. */
export type GroupScope = Schemas["GroupScope"];
type ScopeLists = Pick<Schemas["GroupMembersByScope"], "admins" | "moderators" | "participants">;

/**
 * The members a group should have, by scope: the lists of `POST /groups/{guid}/members` but
 * `usersToBan`. A UID in several lists gets the highest of their scopes, as the service does.
 */
export type WantedMembers = { readonly [List in keyof ScopeLists]?: readonly string[] };

const SCOPE_OF = { admins: "admin", moderators: "moderator", participants: "participant" } as const satisfies Record<
  keyof ScopeLists,
  GroupScope
>;
const LIST_OF = { admin: "admins", moderator: "moderators", participant: "participants" } as const;
const RANK: Record<GroupScope, number> = { admin: 3, moderator: 2, participant: 1 };
/** The most UIDs `POST /groups/{guid}/members` takes in one request, across its lists. */
const ADD_BATCH = 25;
/** The answer to an add of a user who is a member already: another worker added them since the read. */
const ALREADY_JOINED = "ERR_ALREADY_JOINED";
/** Options of {@link syncGroupMembers}. */
export interface SyncGroupMembersOptions {
  /**
   * Whether to kick the members who are in none of the lists (`DELETE /groups/{guid}/members/{uid}`).
   * The owner is never kicked. Without it, such members stay and are reported as `unchanged`.
   * @default false
   * @example true
   */
  removeOthers?: boolean;
  /**
   * Whether to only work out what would change: the group, its members and its banned users are
   * read, and the result reports the plan, but nothing that changes anything is sent.
   * @default false
   * @example true
   */
  dryRun?: boolean;
  /**
   * How many changing requests (adds, scope changes, kicks) are in flight at once.
   * @default 4
   * @example 8
   */
  concurrency?: number;
}

/** A member added, with the scope they were given. */
export interface AddedMember {
  uid: string;
  scope: GroupScope;
}

/** A member whose scope was changed. */
export interface ScopeChange {
  uid: string;
  from: GroupScope;
  to: GroupScope;
}

/**
 * What {@link syncGroupMembers} did (or, with `dryRun`, would do). Each UID of the lists and of the
 * group's members is in exactly one of the five, in UID order.
 */
export interface SyncGroupMembersResult {
  /**
   * Members added, with their scope; also a user another worker added between the read and the
   * add, once given the scope wanted (`PUT /groups/{guid}/members/{uid}`), since the end state is the one asked for.
   */
  added: AddedMember[];
  /** Members kicked (`removeOthers`), and members another worker kicked between the read and the kick. */
  removed: string[];
  /** Members whose scope was changed. */
  scopeChanged: ScopeChange[];
  /** Members left as they were: in place with the scope wanted, the owner, and, without `removeOthers`, members not in the lists. */
  unchanged: string[];
  /**
   * UIDs that could not be brought to the state wanted, each with the reason: a banned user
   * (`ERR_BANNED_GROUP_MEMBER`: the helper never unbans), an unknown user (`ERR_UID_NOT_FOUND`),
   * or the error of the request that failed.
   */
  failed: HelperFailure[];
}

interface Plan {
  add: AddedMember[];
  change: ScopeChange[];
  remove: string[];
  unchanged: string[];
  failed: HelperFailure[];
}

/**
 * Makes a group's members match `wanted`: adds who is missing (one `POST /groups/{guid}/members`
 * per scope, 25 UIDs at most per request, the service's limit), changes the scopes that differ
 * (`PUT /groups/{guid}/members/{uid}`), and with `removeOthers` kicks the members in none of the
 * lists. It reads the group, its members and its banned users first, so a second run with the
 * same lists sends no request that changes anything.
 *
 * It never kicks the owner nor changes their scope (the owner stays an admin, whatever list names
 * them), and never unbans: a banned user in the lists is reported in `failed`. A UID the service
 * refuses to add is reported in `failed` with the service's reason, and a request that fails
 * reports its UIDs there; the others go on. An answer that says the state wanted holds already
 * is no failure: another worker syncing the same group may add or kick the same user between the
 * read and the write (a user already joined is given the scope wanted, a member already gone counts as removed). The group's reads throw their error (a
 * `NotFoundError` for an unknown GUID). Bad input throws a `ChatConfigError` before anything is sent.
 *
 * @example
 * const wanted = { admins: ["seller-7"], participants: ["buyer-42", "courier-3"] };
 * const result = await syncGroupMembers(chat, "order-1042", wanted, { removeOthers: true });
 * for (const { uid, error } of result.failed) console.warn(`${uid}: ${error.code} ${error.message}`);
 */
export async function syncGroupMembers(
  chat: ChatClient,
  guid: string,
  wanted: WantedMembers,
  options?: SyncGroupMembersOptions,
): Promise<SyncGroupMembersResult> {
  const where = "syncGroupMembers:";
  checkClient(`${where} chat`, chat);
  const id = checkId(`${where} guid`, guid);
  const desired = wantedScopes(where, wanted);
  const checked = checkOptions<SyncGroupMembersOptions>(`${where} options`, options, ["removeOthers", "dryRun", "concurrency"]);
  const removeOthers = checkFlag(`${where} options.removeOthers`, checked.removeOthers);
  const dryRun = checkFlag(`${where} options.dryRun`, checked.dryRun);
  const concurrency = checkCount(`${where} options.concurrency`, checked.concurrency, 4, 64);

  const path = { guid: id };
  const [group, members, banned] = await Promise.all([
    unwrap(chat.GET("/groups/{guid}", { params: { path } })),
    (async () => {
      const scopes = new Map<string, GroupScope>();
      for await (const member of paginate(chat, "/groups/{guid}/members", { params: { path }, perPage: 1000 }))
        scopes.set(member.uid.toLowerCase(), member.scope);
      return scopes;
    })(),
    (async () => {
      const uids = new Set<string>();
      for await (const user of paginate(chat, "/groups/{guid}/bannedusers", { params: { path }, perPage: 1000 }))
        uids.add(user.uid.toLowerCase());
      return uids;
    })(),
  ]);
  const plan = planSync(id, desired, members, banned, group.data.owner?.toLowerCase(), removeOthers);
  if (dryRun) return resultOf(plan.add, plan.remove, plan.change, plan.unchanged, plan.failed);

  const added: AddedMember[] = [];
  const removed: string[] = [];
  const changed: ScopeChange[] = [];
  const failed = [...plan.failed];
  const attempt = async (uids: string[], request: () => Promise<void>) => {
    try {
      await request();
    } catch (error) {
      for (const uid of uids) failed.push(failureOf(uid, error));
    }
  };
  // Members another worker added since the read, in whatever scope it gave them.
  const joined: AddedMember[] = [];
  await forEachLimited(addBatches(plan.add), concurrency, (batch) =>
    attempt(batch.uids, async () => {
      const list = LIST_OF[batch.scope];
      // Adding is safe to repeat: a UID added by an attempt whose answer was lost is "already joined" on the next.
      const body = { [list]: batch.uids };
      const { data } = await unwrap(chat.POST("/groups/{guid}/members", { params: { path }, body, idempotent: true }));
      const outcomes = lowerKeys(data[list]);
      for (const uid of batch.uids) {
        const outcome = outcomes.get(uid);
        if (outcome?.success) added.push({ uid, scope: batch.scope });
        else if (outcome?.error.code === ALREADY_JOINED) joined.push({ uid, scope: batch.scope });
        else if (outcome) failed.push({ uid, error: { code: outcome.error.code, message: outcome.error.message } });
        else
          failed.push({
            uid,
            error: { code: "ChatInvalidResponseError", message: `POST /groups/{guid}/members answered no outcome for ${uid}.` },
          });
      }
    }),
  );
  // A scope change to the one wanted, which is also right when the scope is that already.
  await forEachLimited(joined, concurrency, (member) =>
    attempt([member.uid], async () => {
      const uid = member.uid;
      await unwrap(chat.PUT("/groups/{guid}/members/{uid}", { params: { path: { ...path, uid } }, body: { scope: member.scope } }));
      added.push(member);
    }),
  );
  await forEachLimited(plan.change, concurrency, (change) =>
    attempt([change.uid], async () => {
      await unwrap(
        chat.PUT("/groups/{guid}/members/{uid}", { params: { path: { ...path, uid: change.uid } }, body: { scope: change.to } }),
      );
      changed.push(change);
    }),
  );
  await forEachLimited(plan.remove, concurrency, (uid) =>
    attempt([uid], async () => {
      try {
        await unwrap(chat.DELETE("/groups/{guid}/members/{uid}", { params: { path: { ...path, uid } } }));
      } catch (error) {
        if (!(isChatApiError(error) && NOT_A_MEMBER.has(error.code as string))) throw error;
      }
      removed.push(uid);
    }),
  );
  return resultOf(added, removed, changed, plan.unchanged, failed);
}

/** The scope wanted for each UID (in lower case), the highest where lists overlap. */
function wantedScopes(where: string, wanted: unknown): Map<string, GroupScope> {
  const lists = checkOptions<WantedMembers>(`${where} wanted`, wanted, Object.keys(SCOPE_OF));
  const desired = new Map<string, GroupScope>();
  for (const [list, scope] of Object.entries(SCOPE_OF) as [keyof ScopeLists, GroupScope][]) {
    if (lists[list] === undefined) continue;
    checkArray(`${where} wanted.${list}`, lists[list]).forEach((uid, i) => {
      const id = checkId(`${where} wanted.${list}[${i}]`, uid);
      const had = desired.get(id);
      if (!had || RANK[scope] > RANK[had]) desired.set(id, scope);
    });
  }
  return desired;
}

function planSync(
  guid: string,
  desired: Map<string, GroupScope>,
  members: Map<string, GroupScope>,
  banned: Set<string>,
  owner: string | undefined,
  removeOthers: boolean,
): Plan {
  const plan: Plan = { add: [], change: [], remove: [], unchanged: [], failed: [] };
  for (const [uid, scope] of desired) {
    const current = members.get(uid);
    if (banned.has(uid))
      plan.failed.push({
        uid,
        error: {
          code: "ERR_BANNED_GROUP_MEMBER",
          message: `The user ${uid} is banned from the group ${guid}; syncGroupMembers does not unban.`,
        },
      });
    else if (current === undefined) plan.add.push({ uid, scope });
    // The owner stays an admin: the service refuses to change an owner's scope.
    else if (current === scope || uid === owner) plan.unchanged.push(uid);
    else plan.change.push({ uid, from: current, to: scope });
  }
  for (const uid of members.keys()) {
    if (desired.has(uid)) continue;
    if (removeOthers && uid !== owner) plan.remove.push(uid);
    else plan.unchanged.push(uid);
  }
  return plan;
}

/** The adds as requests: one scope each, at most {@link ADD_BATCH} UIDs. */
function addBatches(add: AddedMember[]): { scope: GroupScope; uids: string[] }[] {
  const batches: { scope: GroupScope; uids: string[] }[] = [];
  for (const scope of Object.values(SCOPE_OF)) {
    const uids = add.filter((member) => member.scope === scope).map((member) => member.uid);
    for (let at = 0; at < uids.length; at += ADD_BATCH) batches.push({ scope, uids: uids.slice(at, at + ADD_BATCH) });
  }
  return batches;
}

/** The outcomes of one list by UID in lower case (the service answers with the UIDs as it stores them). */
function lowerKeys(outcomes: Schemas["GroupMemberResultsByUid"] | undefined): Map<string, Schemas["GroupMemberResult"]> {
  return new Map(Object.entries(outcomes ?? {}).map(([uid, outcome]) => [uid.toLowerCase(), outcome]));
}

function resultOf(
  added: AddedMember[],
  removed: string[],
  scopeChanged: ScopeChange[],
  unchanged: string[],
  failed: HelperFailure[],
): SyncGroupMembersResult {
  const byUid =
    <T>(uidOf: (item: T) => string) =>
    (a: T, b: T) =>
      uidOf(a) < uidOf(b) ? -1 : uidOf(a) > uidOf(b) ? 1 : 0;
  const self = (uid: string) => uid;
  const ofItem = (item: { uid: string }) => item.uid;
  return {
    added: [...added].sort(byUid(ofItem)),
    removed: [...removed].sort(byUid(self)),
    scopeChanged: [...scopeChanged].sort(byUid(ofItem)),
    unchanged: [...unchanged].sort(byUid(self)),
    failed: [...failed].sort(byUid(ofItem)),
  };
}
