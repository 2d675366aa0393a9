// The fake's model as one list of collections. Each row says where the collection lives in the
// store, how many items it counts against `maxItems`, how it is written into a snapshot and read
// back, its read-only copy in `fake.state` (when it has one) and what `seed` stores in it (when it
// can be seeded). Reset, size, snapshot, restore, seed and `fake.state` all walk this list, so a
// new collection is one row here (and its field in the store); tests/fake/collections.test.ts
// fails when a map of the store has no row.
// No ".js" in imports under src/testing: see ../../start-mock-server.ts.
import type { Message } from "../../../types";
import { addMembers, createGroup, groupView, requireGroup } from "../model/groups";
import { sendMessage } from "../model/messages";
import { pick } from "../model/pick";
import { createUser, userView } from "../model/users";
import { badField } from "../pipeline/fake-error";
import type { FakeState } from "../server-types";
import type { FakeStore } from "./fake-store";
import type { FakeSeed, SeedCheck } from "./seed";
import type { FakeSnapshotModel } from "./snapshot";
import { cloneValue } from "./clone";

type Entries<V> = [string, V][];
type AnyMap = Map<string, any>;

/** What a row's `seed` stores one item with: the store, the check of the request it stands for, and the messages seeded so far. */
export interface SeedTools {
  check: SeedCheck;
  messages: Message[];
}

/** One collection of the model. */
export interface Collection<M extends AnyMap = AnyMap, K extends CollectionName = CollectionName> {
  /** Its field in a snapshot's `model`. */
  name: K;
  /** The map that holds it in the store. */
  map(store: FakeStore): M;
  /** How many items it counts against `maxItems`. */
  count(map: M): number;
  /** Its JSON-safe form in a snapshot, in the order the fake keeps it (lists are answered in that order). */
  snapshot(map: M): FakeSnapshotModel[K];
  /**
   * Fills the (emptied) map from a frozen snapshot: shared, not copied, but for what the model
   * changes in place (the fields of each stored record, and every map, set and list).
   */
  restore(map: M, value: FakeSnapshotModel[K]): void;
  /** Its read-only copy in `fake.state`, made anew at each read. */
  state?: { name: Exclude<keyof FakeState, "size">; copy(store: FakeStore): unknown };
  /**
   * What `seed` stores in it, in the order of this list: the seed's field, a name for the item in
   * an error, and how one item is checked and stored.
   */
  seed?: { name: keyof FakeSeed; label(item: any): string; store(store: FakeStore, item: any, tools: SeedTools): void };
}

/** The fields of a snapshot's model that are collections: every one but the id counters. */
export type CollectionName = Exclude<keyof FakeSnapshotModel, "lastMessageId" | "lastRecordId">;

const own = <T extends object>(value: T): T => ({ ...value });
const same = <V>(value: V) => value;
const entries = <V, W>(map: Map<string, V>, each: (value: V) => W): Entries<W> => [...map].map(([key, value]) => [key, each(value)]);
const fill = <V, W>(map: Map<string, W>, list: readonly (readonly [string, V])[], each: (value: V) => W) => {
  for (const [key, value] of list) map.set(key, each(value));
};
const sumInner = <M extends Map<string, { size: number }>>(map: M) => {
  let size = 0;
  for (const inner of map.values()) size += inner.size;
  return size;
};
/** `name` of an item, for the error's message, whatever the item is. */
const named = (item: unknown, name: string): string => String((item as Record<string, unknown> | null)?.[name]);

/** A map of records by key, counted one per record, its records copied on restore. */
function flat<K extends CollectionName>(name: K, map: (store: FakeStore) => Map<string, Record<string, unknown>>): Collection {
  return row({
    name,
    map,
    count: (m) => m.size,
    snapshot: (m) => [...m] as FakeSnapshotModel[K],
    restore: (m, list) => fill(m, list as Entries<Record<string, unknown>>, own),
  });
}

/** A map of maps (key, then inner key, to a value), counted one per inner entry. */
function nested<K extends CollectionName>(
  name: K,
  map: (store: FakeStore) => Map<string, Map<string, any>>,
  each: (value: any) => unknown = same,
): Collection {
  return row({
    name,
    map,
    count: sumInner,
    snapshot: (m) => entries(m, (inner) => [...inner]) as FakeSnapshotModel[K],
    restore: (m, list) => fill(m, list as Entries<Entries<unknown>>, (inner) => new Map(inner.map(([key, value]) => [key, each(value)]))),
  });
}

/** Erases a row's own types, once they have checked it. */
const row = <M extends AnyMap, K extends CollectionName>(collection: Collection<M, K>) => collection as unknown as Collection;

const LISTS = { admin: "admins", moderator: "moderators", participant: "participants" } as const;

/** The fields of a message seed that are fields of `send-message`'s body. */
const MESSAGE_FIELDS = ["receiver", "receiverType", "category", "type", "data", "tags", "muid"] as const;

/** Every collection of the model, in the order a snapshot lists them and a seed stores them. */
export const COLLECTIONS: readonly Collection[] = [
  row({
    name: "users",
    map: (store) => store.users,
    count: (map) => map.size,
    snapshot: (map) => [...map.values()],
    restore: (map, list) => {
      for (const stored of list) map.set(stored.user.uid, own(stored));
    },
    state: {
      name: "users",
      copy: (store) =>
        new Map([...store.users].filter(([, stored]) => stored.deletedAt === undefined).map(([uid, stored]) => [uid, userView(stored)])),
    },
    seed: {
      name: "users",
      label: (user) => `user ${named(user, "uid")}`,
      store: (store, user, { check }) => {
        const { status, ...body } = user;
        check("create-user", { body });
        if (status !== undefined && status !== "available" && status !== "offline")
          throw badField("status", `must be "available" or "offline", got ${JSON.stringify(status)}`);
        createUser(store, user);
      },
    },
  }),
  row({
    name: "authTokens",
    map: (store) => store.authTokens,
    count: sumInner,
    snapshot: (map) => entries(map, (tokens) => [...tokens.values()]),
    restore: (map, list) => fill(map, list, (tokens) => new Map(tokens.map((token) => [token.authToken, own(token)]))),
    state: {
      name: "authTokens",
      copy: (store) => new Map([...store.authTokens].map(([uid, tokens]) => [uid, [...tokens.values()].map((token) => ({ ...token }))])),
    },
  }),
  row({
    name: "friends",
    map: (store) => store.friends,
    count: sumInner,
    snapshot: (map) => entries(map, (friends) => [...friends]),
    restore: (map, list) => fill(map, list, (friends) => new Set(friends)),
    state: { name: "friends", copy: (store) => new Map([...store.friends].map(([uid, friends]) => [uid, [...friends]])) },
  }),
  {
    ...nested("blocks", (store) => store.blocks),
    state: { name: "blockedUsers", copy: (store) => new Map([...store.blocks].map(([uid, blocks]) => [uid, [...blocks.keys()]])) },
  },
  row({
    name: "groups",
    map: (store) => store.groups,
    count: (map) => map.size,
    snapshot: (map) => [...map.values()],
    restore: (map, list) => {
      for (const group of list) map.set(group.guid, own(group));
    },
    state: { name: "groups", copy: (store) => new Map([...store.groups].map(([guid, group]) => [guid, groupView(store, group)])) },
    seed: {
      name: "groups",
      label: (group) => `group ${named(group, "guid")}`,
      store: (store, group, { check }) => {
        check("create-group", { body: group });
        createGroup(store, group);
      },
    },
  }),
  {
    ...nested("members", (store) => store.members, own),
    state: {
      name: "members",
      copy: (store) =>
        new Map([...store.members].map(([guid, members]) => [guid, new Map([...members].map(([uid, m]) => [uid, { ...m }]))])),
    },
    seed: {
      name: "members",
      label: (member) => `member ${named(member, "uid")} of ${named(member, "guid")}`,
      store: (store, member, { check }) => {
        const scope = LISTS[(member.scope ?? "participant") as keyof typeof LISTS];
        if (!scope) throw badField("scope", `must be "admin", "moderator" or "participant", got ${JSON.stringify(member.scope)}`);
        const lists = { [scope]: [member.uid] };
        check("add-group-members", { path: { guid: member.guid }, body: lists });
        const outcome = addMembers(store, requireGroup(store, member.guid), lists);
        const failed = Object.values(Object.values(outcome)[0] ?? {})[0];
        if (failed && !failed.success) throw new Error(failed.error.message);
      },
    },
  },
  {
    ...nested("bans", (store) => store.bans),
    state: { name: "bannedUsers", copy: (store) => new Map([...store.bans].map(([guid, bans]) => [guid, [...bans.keys()]])) },
  },
  row({
    name: "messages",
    map: (store) => store.messages,
    count: (map) => map.size,
    snapshot: (map) => [...map.values()],
    restore: (map, list) => {
      for (const message of list) map.set(message.id, { ...message, data: { ...message.data } });
    },
    state: { name: "messages", copy: (store) => new Map([...store.messages].map(([id, message]) => [id, cloneValue(message)])) },
    seed: {
      name: "messages",
      label: (message) => `message to ${named(message, "receiver")}`,
      store: (store, message, { check, messages }) => {
        // The body of the request that would send it: the seed's `text` is the body's `data.text`.
        const body: Record<string, unknown> = pick(message, MESSAGE_FIELDS);
        body.type ??= "text";
        if (message.text !== undefined) body.data = { ...message.data, text: message.text };
        check("send-message", { body, onBehalfOf: message.sender });
        const { sentAt } = message;
        if (sentAt !== undefined && !(Number.isInteger(sentAt) && sentAt >= 0))
          throw badField("sentAt", `must be Unix seconds, a non-negative integer, got ${String(sentAt)}`);
        messages.push(cloneValue(sendMessage(store, message)) as Message);
      },
    },
  }),
  row({
    name: "webhooks",
    map: (store) => store.webhooks,
    // A webhook and each trigger attached to it.
    count: (map) => {
      let size = 0;
      for (const webhook of map.values()) size += 1 + webhook.triggers.size;
      return size;
    },
    snapshot: (map) => [...map.values()].map((webhook) => ({ ...webhook, triggers: [...webhook.triggers] })),
    restore: (map, list) => {
      for (const webhook of list)
        map.set(webhook.webhook.id, { ...webhook, webhook: own(webhook.webhook), triggers: new Set(webhook.triggers) });
    },
  }),
  nested("marks", (store) => store.domain.marks, own),
  row({
    name: "reactions",
    map: (store) => store.domain.reactions,
    count: (map) => {
      let size = 0;
      for (const list of map.values()) size += list.length;
      return size;
    },
    snapshot: (map) => entries(map, (list) => list),
    restore: (map, list) => fill(map, list, (reactions) => [...reactions]),
  }),
  flat("flags", (store) => store.domain.flags),
  flat("roles", (store) => store.domain.roles),
  nested("restricted", (store) => store.domain.restricted),
  nested("permissions", (store) => store.domain.permissions),
  flat("apiKeys", (store) => store.domain.apiKeys),
  flat("apps", (store) => store.domain.apps),
  nested("appSettings", (store) => store.domain.appSettings),
  nested("records", (store) => store.domain.records, own),
];
