// Internal: a JSON-safe copy of the whole model (snapshot) and loading one back (restore), so a
// suite seeds once and starts each test from the same state, or loads a state written to a file.
import type { AuthToken, Group } from "../../../types";
import type { ConversationMarks, StoredReaction } from "./domain-store";
import type { FakeStore, Membership, StoredMessage, StoredUser } from "./fake-store";
import type { StoredWebhook } from "../model/webhooks";

/** Names the layout below, so that a file of another kind, or of a later layout, is refused. */
export const SNAPSHOT_FORMAT = "chat-rest-sdk/fake-state@1";

type Entries<V> = [string, V][];
type StoredRecord = Record<string, unknown>;

/** The model, as plain arrays in the order the fake keeps it (lists are answered in that order). */
export interface FakeSnapshotModel {
  lastMessageId: number;
  lastRecordId: number;
  users: StoredUser[];
  authTokens: Entries<AuthToken[]>;
  friends: Entries<string[]>;
  blocks: Entries<Entries<number>>;
  groups: Group[];
  members: Entries<Entries<Membership>>;
  bans: Entries<Entries<number>>;
  messages: StoredMessage[];
  webhooks: (Omit<StoredWebhook, "triggers"> & { triggers: string[] })[];
  marks: Entries<Entries<ConversationMarks>>;
  reactions: Entries<StoredReaction[]>;
  flags: Entries<StoredRecord>;
  roles: Entries<StoredRecord>;
  restricted: Entries<Entries<number>>;
  permissions: Entries<Entries<unknown>>;
  apiKeys: Entries<StoredRecord>;
  apps: Entries<StoredRecord>;
  appSettings: Entries<Entries<boolean>>;
  records: Entries<Entries<StoredRecord>>;
}

/**
 * The whole state of a fake, as {@link FakeServer.snapshot} returns it: plain JSON (write it to a
 * file with `JSON.stringify`), read back by `restore`, `startFakeServer({ state })` and
 * `chat-rest-fake --state`. A snapshot that `snapshot()` returned is frozen.
 */
export interface FakeSnapshot {
  /** The layout of `model`; a snapshot of another layout is refused. */
  readonly format: typeof SNAPSHOT_FORMAT;
  /** The app whose state this is; `startFakeServer({ state })` serves it unless given another `appId`. */
  readonly appId: string;
  /** The model itself. Its layout follows `format`; read the fake's `state` to look inside. */
  readonly model: Readonly<FakeSnapshotModel>;
}

const MODEL_KEYS = [
  "users",
  "authTokens",
  "friends",
  "blocks",
  "groups",
  "members",
  "bans",
  "messages",
  "webhooks",
  "marks",
  "reactions",
  "flags",
  "roles",
  "restricted",
  "permissions",
  "apiKeys",
  "apps",
  "appSettings",
  "records",
] as const satisfies readonly (keyof FakeSnapshotModel)[];

/** The snapshots this module froze: restoring one needs no copy of it first. */
const frozen = new WeakSet<object>();

function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

const entries = <V, W>(map: Map<string, V>, each: (value: V) => W): Entries<W> => [...map].map(([key, value]) => [key, each(value)]);
const nested = <V>(map: Map<string, Map<string, V>>): Entries<Entries<V>> => entries(map, (inner) => [...inner]);

/** A frozen, JSON-safe copy of the model. */
export function takeSnapshot(store: FakeStore): FakeSnapshot {
  const { domain } = store;
  const model: FakeSnapshotModel = {
    lastMessageId: store.lastMessageId,
    lastRecordId: domain.lastId,
    users: [...store.users.values()],
    authTokens: entries(store.authTokens, (tokens) => [...tokens.values()]),
    friends: entries(store.friends, (friends) => [...friends]),
    blocks: nested(store.blocks),
    groups: [...store.groups.values()],
    members: nested(store.members),
    bans: nested(store.bans),
    messages: [...store.messages.values()],
    webhooks: [...store.webhooks.values()].map((webhook) => ({ ...webhook, triggers: [...webhook.triggers] })),
    marks: nested(domain.marks),
    reactions: entries(domain.reactions, (list) => list),
    flags: [...domain.flags],
    roles: [...domain.roles],
    restricted: nested(domain.restricted),
    permissions: nested(domain.permissions),
    apiKeys: [...domain.apiKeys],
    apps: [...domain.apps],
    appSettings: nested(domain.appSettings),
    records: nested(domain.records),
  };
  // One JSON round trip copies everything the model holds, and drops what JSON would (undefined fields).
  const snapshot: FakeSnapshot = deepFreeze({ format: SNAPSHOT_FORMAT, appId: store.appId, model: JSON.parse(JSON.stringify(model)) });
  frozen.add(snapshot);
  return snapshot;
}

/** Throws a TypeError naming what is wrong when `value` is not a snapshot of this layout. */
export function checkSnapshot(value: unknown, where: string): asserts value is FakeSnapshot {
  const fail = (problem: string): never => {
    throw new TypeError(`${where}: not a state of the fake (${problem}).`);
  };
  if (!value || typeof value !== "object") fail("not an object");
  const { format, appId, model } = value as Partial<FakeSnapshot>;
  if (format !== SNAPSHOT_FORMAT) fail(`format is ${JSON.stringify(format)}, expected ${JSON.stringify(SNAPSHOT_FORMAT)}`);
  if (typeof appId !== "string" || appId === "") fail("appId is not a non-empty string");
  if (!model || typeof model !== "object") fail("model is not an object");
  for (const key of MODEL_KEYS) if (!Array.isArray((model as FakeSnapshotModel)[key])) fail(`model.${key} is not an array`);
  for (const key of ["lastMessageId", "lastRecordId"] as const)
    if (!Number.isInteger((model as FakeSnapshotModel)[key])) fail(`model.${key} is not an integer`);
}

/** A frozen snapshot of the same content: `snapshot` itself when this module froze it, otherwise a copy. */
function frozenCopy(snapshot: FakeSnapshot): FakeSnapshot {
  if (frozen.has(snapshot)) return snapshot;
  const copy: FakeSnapshot = deepFreeze(JSON.parse(JSON.stringify(snapshot)));
  frozen.add(copy);
  return copy;
}

function fill<V, W>(map: Map<string, W>, list: readonly (readonly [string, V])[], each: (value: V) => W): void {
  for (const [key, value] of list) map.set(key, each(value));
}

function fillNested<V>(map: Map<string, Map<string, V>>, list: Entries<Entries<V>>, each: (value: V) => V = (value) => value): void {
  fill(map, list, (inner) => new Map(inner.map(([key, value]) => [key, each(value)])));
}

/**
 * Replaces the model with `snapshot`'s. The snapshot stays frozen and is shared, not copied: the
 * model copies only what it changes in place (the fields of each stored record, a message's
 * `data`, and every map, set and list), so a restore costs about one object per record. Anything
 * deeper is never changed in place by the model; were it ever, the frozen object would throw
 * rather than let one test alter the state the next one starts from.
 */
export function restoreSnapshot(store: FakeStore, snapshot: FakeSnapshot): void {
  const { model } = frozenCopy(snapshot);
  const { domain } = store;
  store.reset();
  store.lastMessageId = model.lastMessageId;
  domain.lastId = model.lastRecordId;
  const own = <T extends object>(value: T): T => ({ ...value });
  for (const stored of model.users) store.users.set(stored.user.uid, own(stored));
  fill(store.authTokens, model.authTokens, (tokens) => new Map(tokens.map((token) => [token.authToken, own(token)])));
  fill(store.friends, model.friends, (friends) => new Set(friends));
  fillNested(store.blocks, model.blocks);
  for (const group of model.groups) store.groups.set(group.guid, own(group));
  fillNested(store.members, model.members, own);
  fillNested(store.bans, model.bans);
  for (const message of model.messages) store.messages.set(message.id, { ...message, data: { ...message.data } });
  for (const webhook of model.webhooks)
    store.webhooks.set(webhook.webhook.id, { ...webhook, webhook: own(webhook.webhook), triggers: new Set(webhook.triggers) });
  fillNested(domain.marks, model.marks, own);
  fill(domain.reactions, model.reactions, (list) => [...list]);
  for (const [target, list] of [
    [domain.flags, model.flags],
    [domain.roles, model.roles],
    [domain.apiKeys, model.apiKeys],
    [domain.apps, model.apps],
  ] as const)
    fill(target, list, own);
  fillNested(domain.restricted, model.restricted);
  fillNested(domain.permissions, model.permissions);
  fillNested(domain.appSettings, model.appSettings);
  fillNested(domain.records, model.records, own);
}
