// Internal: a JSON-safe copy of the whole model (snapshot) and loading one back (restore), so a
// suite seeds once and starts each test from the same state, or loads a state written to a file.
import type { AuthToken, Group } from "../../../types";
import type { ConversationMarks, StoredReaction } from "./domain-store";
import type { FakeStore, Membership, StoredMessage, StoredUser } from "./fake-store";
import type { StoredWebhook } from "../model/webhooks";
import { COLLECTIONS } from "./collections";

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
  /** The state of each other app of a fake that serves several, one snapshot each; absent for a fake of one app. */
  readonly apps?: readonly FakeSnapshot[];
}

/** The snapshots this module froze: restoring one needs no copy of it first. */
const frozen = new WeakSet<object>();

// Read once: a global read in a hot loop is slow inside a vm context (Jest runs the fake's code in one).
const { defineProperty, freeze, getPrototypeOf, isFrozen, keys, values } = Object;
const { isArray } = Array;
const OBJECT_PROTOTYPE = Object.prototype;
const { parse, stringify } = JSON;

function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object" && !isFrozen(value)) {
    freeze(value);
    // Most of a model's values are strings and numbers: no call for those.
    for (const inner of values(value)) if (inner && typeof inner === "object") deepFreeze(inner);
  }
  return value;
}

/** Deeper than the model nests (a body nests 64 levels at most, a seed may go further): left to JSON itself. */
const MAX_DEPTH = 200;
/** Thrown where the copy below meets what JSON writes in a way of its own: then JSON makes the whole copy. */
const NOT_PLAIN = Symbol("not plain JSON");

/**
 * A frozen copy of an object or array of plain JSON values, equal to `JSON.parse(JSON.stringify(value))`:
 * `undefined`, functions and symbols left out of objects and written `null` in arrays, as are
 * numbers JSON cannot write; -0 is 0. Anything else (a Date, a Map, a `toJSON`, an object of
 * another realm, a cycle) throws {@link NOT_PLAIN}.
 */
function copyFrozen(value: object, depth: number): unknown {
  if (depth > MAX_DEPTH || typeof (value as { toJSON?: unknown }).toJSON === "function") throw NOT_PLAIN;
  if (isArray(value)) {
    const out: unknown[] = [];
    for (let i = 0; i < value.length; i++) {
      const item = plainValue(value[i], depth);
      out.push(item === undefined ? null : item);
    }
    return freeze(out);
  }
  const prototype = getPrototypeOf(value);
  if (prototype !== OBJECT_PROTOTYPE && prototype !== null) throw NOT_PLAIN;
  const out: Record<string, unknown> = {};
  for (const key of keys(value)) {
    const inner = plainValue((value as Record<string, unknown>)[key], depth);
    if (inner === undefined) continue;
    // A `__proto__` key stays a field, as JSON.parse makes it.
    if (key === "__proto__") defineProperty(out, key, { value: inner, enumerable: true, writable: true, configurable: true });
    else out[key] = inner;
  }
  return freeze(out);
}

/** One value as {@link copyFrozen} writes it; undefined for what JSON leaves out. */
function plainValue(value: unknown, depth: number): unknown {
  switch (typeof value) {
    case "string":
    case "boolean":
      return value;
    case "number":
      return Number.isFinite(value) ? value || 0 : null;
    case "object":
      return value === null ? null : copyFrozen(value, depth + 1);
    case "bigint":
      throw NOT_PLAIN;
    default:
      return undefined;
  }
}

/**
 * A frozen, JSON-safe copy of `value`: what one JSON round trip makes of it, frozen. Copied
 * directly, as the model holds plain JSON values, several times faster than the round trip: a
 * suite that snapshots before each write of a large model spent most of its time in it.
 */
export function frozenJson<T extends object>(value: T): T {
  try {
    return copyFrozen(value, 0) as T;
  } catch (error) {
    if (error !== NOT_PLAIN) throw error;
    return deepFreeze(parse(stringify(value)));
  }
}

/** A frozen, JSON-safe copy of the model, and of each of `others` (the other apps of the fake) in `apps`. */
export function takeSnapshot(store: FakeStore, others: FakeStore[] = []): FakeSnapshot {
  const model = { lastMessageId: store.lastMessageId, lastRecordId: store.domain.lastId } as FakeSnapshotModel;
  for (const collection of COLLECTIONS)
    (model as unknown as Record<string, unknown>)[collection.name] = collection.snapshot(collection.map(store));
  const apps = others.length ? { apps: freeze(others.map((other) => takeSnapshot(other))) } : {};
  // One copy of everything the model holds, without what JSON would drop (undefined fields).
  const snapshot: FakeSnapshot = freeze({ format: SNAPSHOT_FORMAT, appId: store.appId, model: frozenJson(model), ...apps });
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
  for (const { name } of COLLECTIONS) if (!Array.isArray((model as FakeSnapshotModel)[name])) fail(`model.${name} is not an array`);
  for (const key of ["lastMessageId", "lastRecordId"] as const)
    if (!Number.isInteger((model as FakeSnapshotModel)[key])) fail(`model.${key} is not an integer`);
  const { apps } = value as Partial<FakeSnapshot>;
  if (apps === undefined) return;
  if (!Array.isArray(apps)) fail("apps is not an array");
  apps.forEach((app, index) => {
    checkSnapshot(app, `${where}: apps[${index}]`);
    if (app.apps !== undefined) fail(`apps[${index}] has apps of its own`);
  });
}

/** A frozen snapshot of the same content: `snapshot` itself when this module froze it, otherwise a copy. */
function frozenCopy(snapshot: FakeSnapshot): FakeSnapshot {
  if (frozen.has(snapshot)) return snapshot;
  const copy = frozenJson(snapshot);
  frozen.add(copy);
  return copy;
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
  store.reset();
  store.lastMessageId = model.lastMessageId;
  store.domain.lastId = model.lastRecordId;
  for (const collection of COLLECTIONS) collection.restore(collection.map(store), model[collection.name]);
}
