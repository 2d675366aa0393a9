// Internal: what existed before the recording began, read from the recording's own answers. A
// user or group that an answer shows (or that a request names and the service did not answer
// 404 for) and that the recording did not create is seeded before the replay, with the fields
// the answer showed; so are the members a list of members showed before the recording changed
// that group. Messages are not seeded: their ids are the service's, met when the replay reads them.
import type { FakeSeed } from "../fake/state/seed";
import type { RecordedExchange } from "../record/recording";

type JsonObject = Record<string, unknown>;

/** Fields of a user that a seed takes. */
const USER_FIELDS = ["uid", "name", "avatar", "link", "role", "metadata", "tags", "statusMessage"] as const;
/** Fields of a group that a seed takes. */
const GROUP_FIELDS = ["guid", "name", "type", "description", "icon", "metadata", "owner", "tags"] as const;
/** Keys of a request body that name users who must exist for the request to succeed. */
const REQUEST_USER_KEYS = new Set(["owner", "participants", "admins", "moderators", "usersToBan", "uids", "blockedUids"]);
/** Operations that list members of the group in their path. */
const MEMBER_LISTS = new Set(["list-group-members"]);

const pick = (from: JsonObject, fields: readonly string[]) =>
  Object.fromEntries(fields.filter((f) => from[f] !== undefined && from[f] !== null && from[f] !== "").map((f) => [f, from[f]]));

function* objects(value: unknown): Generator<JsonObject> {
  if (Array.isArray(value)) for (const item of value) yield* objects(item);
  else if (value && typeof value === "object") {
    yield value as JsonObject;
    for (const item of Object.values(value)) yield* objects(item);
  }
}

const ok = (exchange: RecordedExchange) => !!exchange.response && exchange.response.status < 300;

/** The seed that stands for the state the recording found. */
export function seedPlan(exchanges: readonly RecordedExchange[]): Required<Pick<FakeSeed, "users" | "groups" | "members">> {
  const created = new Set<string>();
  const createdGroups = new Set<string>();
  const changedGroups = new Set<string>();
  const users = new Map<string, JsonObject>();
  const groups = new Map<string, JsonObject>();
  const members = new Map<string, { guid: string; uid: string; scope?: "admin" | "moderator" | "participant" }>();
  // A user or group named by a reference only is seeded bare; an answer that shows it later fills it in.
  const bare = new Set<string>();
  const user = (uid: unknown, from?: JsonObject) => {
    if (typeof uid !== "string" || uid === "" || uid === "app_system") return;
    const key = uid.toLowerCase();
    if (created.has(key) || (users.has(key) && (!from || !bare.has(`user ${key}`)))) return;
    users.set(key, { name: uid, ...pick(from ?? {}, USER_FIELDS), uid: key });
    if (from) bare.delete(`user ${key}`);
    else bare.add(`user ${key}`);
  };
  const group = (guid: unknown, from?: JsonObject) => {
    if (typeof guid !== "string" || guid === "" || createdGroups.has(guid)) return;
    if (groups.has(guid) && (!from || !bare.has(`group ${guid}`))) return;
    if (from) bare.delete(`group ${guid}`);
    else bare.add(`group ${guid}`);
    const seeded: JsonObject = { name: guid, ...pick(from ?? {}, GROUP_FIELDS), guid };
    // A password group needs its password, which no answer shows.
    if (seeded.type === "password") seeded.type = "private";
    groups.set(guid, seeded);
    if (typeof seeded.owner === "string") user(seeded.owner);
  };
  for (const exchange of exchanges) {
    const body = exchange.response?.body as { data?: unknown } | undefined;
    const request = (exchange.requestBody ?? {}) as JsonObject;
    const found = exchange.response?.status !== 404;
    if (exchange.operationId === "create-user") {
      if (exchange.response?.status === 409) user(request.uid, request);
      else if (ok(exchange) && typeof request.uid === "string") created.add(request.uid.toLowerCase());
    }
    if (exchange.operationId === "create-group") {
      if (exchange.response?.status === 409) group(request.guid, request);
      else if (ok(exchange) && typeof request.guid === "string") createdGroups.add(request.guid);
    }
    const guid = exchange.params.path?.guid;
    // What an answer showed first, so that a user or group keeps its fields rather than a bare reference's.
    if (ok(exchange))
      for (const object of objects(body?.data)) {
        if (typeof object.uid === "string" && typeof object.name === "string") user(object.uid, object);
        if (typeof object.guid === "string" && typeof object.name === "string" && typeof object.type === "string")
          group(object.guid, object);
      }
    // A request the service accepted named users who existed: the owner of a new group, its members, a message's receiver.
    if (ok(exchange))
      for (const object of objects(request))
        for (const [key, value] of Object.entries(object))
          if (REQUEST_USER_KEYS.has(key) || (key === "receiver" && object.receiverType === "user"))
            for (const uid of Array.isArray(value) ? value : [value]) user(uid);
    if (found) {
      user(exchange.onBehalfOf);
      user(exchange.params.path?.uid);
      group(guid);
    }
    if (ok(exchange) && guid && MEMBER_LISTS.has(exchange.operationId ?? "") && !changedGroups.has(guid) && !createdGroups.has(guid))
      for (const member of Array.isArray(body?.data) ? (body.data as JsonObject[]) : []) {
        if (typeof member.uid !== "string" || groups.get(guid)?.owner === member.uid) continue;
        const scope = member.scope === "admin" || member.scope === "moderator" ? member.scope : "participant";
        members.set(`${guid} ${member.uid}`, { guid, uid: member.uid.toLowerCase(), scope });
      }
    if (guid && exchange.method !== "GET") changedGroups.add(guid);
  }
  return {
    users: [...users.values()] as FakeSeed["users"] & object,
    groups: [...groups.values()] as FakeSeed["groups"] & object,
    members: [...members.values()],
  };
}
