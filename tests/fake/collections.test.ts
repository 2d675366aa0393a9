// The fake's model is one list of collections (src/testing/fake/state/collections.ts) that reset,
// size, snapshot, restore, seed and `fake.state` all walk. These tests fail when a map of the store
// has no row, or when a row is left out of one of those places.
import { COLLECTIONS, type CollectionName } from "../../src/testing/fake/state/collections";
import { FakeStore } from "../../src/testing/fake/state/fake-store";
import { checkSnapshot, type FakeSnapshot, SNAPSHOT_FORMAT, restoreSnapshot, takeSnapshot } from "../../src/testing/fake/state/snapshot";
import { startFakeServer } from "../../src/testing/index";

/** One stored item of each collection, as a snapshot writes it: the type makes every collection name one. */
const ONE_OF_EACH: Record<CollectionName, unknown[]> = {
  users: [{ user: { uid: "ana", name: "Ana" } }],
  authTokens: [["ana", [{ authToken: "token-1", createdAt: 1 }]]],
  friends: [["ana", ["ben"]]],
  blocks: [["ana", [["cy", 1]]]],
  groups: [{ guid: "team", name: "Team", type: "public", owner: "ana" }],
  members: [["team", [["ana", { scope: "admin", joinedAt: 1 }]]]],
  bans: [["team", [["cy", 1]]]],
  messages: [{ id: "1", sender: "ana", receiver: "team", receiverType: "group", category: "message", type: "text", data: { text: "hi" } }],
  webhooks: [{ appId: "app", webhook: { id: "hooks", name: "Hooks" }, triggers: ["message_sent"] }],
  marks: [["ana", [["group_team", { readUpTo: 1 }]]]],
  reactions: [["1", [{ id: "1", messageId: "1", reaction: "👍", uid: "ana", reactedAt: 1 }]]],
  flags: [["1", { id: "1" }]],
  roles: [["vip", { role: "vip", name: "VIP" }]],
  restricted: [["vip", [["polls", 1]]]],
  permissions: [["vip", [["sendMessage", true]]]],
  apiKeys: [["key-1", { apiKey: "key-1", scope: "fullAccess" }]],
  apps: [["app-2", { id: "app-2", name: "Second" }]],
  appSettings: [["app-2", [["core.threads.updateOnMessageActions", true]]]],
  records: [["rules", [["rule-1", { id: "rule-1" }]]]],
};

const snapshotOfEach = (): FakeSnapshot =>
  ({ format: SNAPSHOT_FORMAT, appId: "app", model: { lastMessageId: 1, lastRecordId: 1, ...ONE_OF_EACH } }) as unknown as FakeSnapshot;

/** Every map the store holds, by the field that holds it: the store's own and its domain's. */
function mapsOf(store: FakeStore): [string, Map<unknown, unknown>][] {
  const maps: [string, Map<unknown, unknown>][] = [];
  for (const [owner, fields] of [
    ["store", store],
    ["store.domain", store.domain],
  ] as const)
    for (const [name, value] of Object.entries(fields)) if (value instanceof Map) maps.push([`${owner}.${name}`, value]);
  return maps;
}

test("every map the store holds is a row of the list of collections", () => {
  const store = new FakeStore(1_000);
  const listed = new Set(COLLECTIONS.map((collection) => collection.map(store)));
  const unlisted = mapsOf(store)
    .filter(([, map]) => !listed.has(map as never))
    .map(([name]) => name);
  expect(unlisted).toEqual([]);
});

test("every collection is restored, counted, snapshotted and emptied by a reset", () => {
  const store = new FakeStore(1_000);
  restoreSnapshot(store, snapshotOfEach());
  const filled = (name: string) => {
    const collection = COLLECTIONS.find((row) => row.name === name)!;
    return collection.map(store).size;
  };
  const names = Object.keys(ONE_OF_EACH);
  expect(names.filter((name) => filled(name) === 0)).toEqual([]);
  const counted = COLLECTIONS.filter((row) => row.count(row.map(store)) === 0).map((row) => row.name);
  expect(counted).toEqual([]);
  expect(store.size()).toBe(COLLECTIONS.reduce((sum, row) => sum + row.count(row.map(store)), 0));
  const { model } = takeSnapshot(store);
  expect(model).toEqual({ lastMessageId: 1, lastRecordId: 1, ...ONE_OF_EACH });
  store.reset();
  expect(mapsOf(store).filter(([, map]) => map.size > 0)).toEqual([]);
  expect(store.size()).toBe(0);
});

test("a snapshot without any one collection is refused, naming it", () => {
  for (const name of Object.keys(ONE_OF_EACH)) {
    const { model, ...rest } = snapshotOfEach() as unknown as { model: Record<string, unknown> };
    const { [name]: _left, ...without } = model;
    expect(() => checkSnapshot({ ...rest, model: without }, "restore")).toThrow(`model.${name} is not an array`);
  }
});

test("seed fills users, groups, members and messages, in that order, each through its collection's row", async () => {
  expect(COLLECTIONS.flatMap((row) => (row.seed ? [row.seed.name] : []))).toEqual(["users", "groups", "members", "messages"]);
  const fake = await startFakeServer();
  try {
    fake.seed({
      users: [
        { uid: "ana", name: "Ana" },
        { uid: "ben", name: "Ben" },
      ],
      groups: [{ guid: "team", name: "Team", owner: "ana" }],
      members: [{ guid: "team", uid: "ben" }],
      messages: [{ sender: "ben", receiver: "team", receiverType: "group", text: "hi" }],
    });
    const { users, groups, members, messages } = fake.state;
    expect([users.size, groups.size, members.get("team")?.size, messages.size]).toEqual([2, 1, 2, 1]);
  } finally {
    await fake.close();
  }
});

test("fake.state holds a copy of each collection it documents, and the size", async () => {
  const fake = await startFakeServer();
  try {
    expect(Object.keys(fake.state).sort()).toEqual(
      ["authTokens", "bannedUsers", "blockedUsers", "friends", "groups", "members", "messages", "size", "users"].sort(),
    );
  } finally {
    await fake.close();
  }
});
