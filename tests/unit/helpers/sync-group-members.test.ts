// syncGroupMembers against the fake, through the SDK: adds, scope changes and kicks that make a
// group's members match a list, and nothing sent once they do.
import { ChatConfigError, createChatClient, NotFoundError, unwrap } from "../../../src/index";
import { syncGroupMembers } from "../../../src/helpers/index";
import type { FakeServer } from "../../../src/testing/index";
import { type RecordingClient, useRecordingFake } from "./recording-client";

let fake: FakeServer;
let client: RecordingClient;

const users = (...uids: string[]) => uids.map((uid) => ({ uid, name: uid.toUpperCase() }));
const membersOf = (guid: string) => Object.fromEntries([...(fake.state.members.get(guid) ?? new Map())].map(([uid, m]) => [uid, m.scope]));

useRecordingFake(
  (started, recording) => {
    fake = started;
    client = recording;
  },
  (started) =>
    started.seed({
      users: users("o", "a", "b", "c", "d", "e", "x"),
      groups: [{ guid: "order-1", name: "Order 1", owner: "o" }],
      members: [
        { guid: "order-1", uid: "a" },
        { guid: "order-1", uid: "b" },
        { guid: "order-1", uid: "c" },
      ],
    }),
);

test("from {a, b, c} owned by o to participants [b, c, d] and moderators [e], it adds d and e, kicks a and keeps o", async () => {
  const wanted = { participants: ["b", "c", "d"], moderators: ["e"] };
  const result = await syncGroupMembers(client.chat, "order-1", wanted, { removeOthers: true });
  expect(result).toEqual({
    added: [
      { uid: "d", scope: "participant" },
      { uid: "e", scope: "moderator" },
    ],
    removed: ["a"],
    scopeChanged: [],
    unchanged: ["b", "c", "o"],
    failed: [],
  });
  expect(membersOf("order-1")).toEqual({ o: "admin", b: "participant", c: "participant", d: "participant", e: "moderator" });
  // One add per scope, one kick.
  expect(client.changing().sort()).toEqual([
    "DELETE /groups/order-1/members/a",
    "POST /groups/order-1/members",
    "POST /groups/order-1/members",
  ]);

  const before = client.requests.length;
  const again = await syncGroupMembers(client.chat, "order-1", wanted, { removeOthers: true });
  expect(client.requests.slice(before).every((request) => request.startsWith("GET "))).toBe(true);
  expect(client.changing()).toHaveLength(3);
  expect(again).toEqual({ added: [], removed: [], scopeChanged: [], unchanged: ["b", "c", "d", "e", "o"], failed: [] });
});

test("scopes that differ are changed, and a UID in several lists gets the highest scope", async () => {
  const result = await syncGroupMembers(client.chat, "order-1", { admins: ["b"], moderators: ["a", "b"], participants: ["c", "a"] });
  expect(result.scopeChanged).toEqual([
    { uid: "a", from: "participant", to: "moderator" },
    { uid: "b", from: "participant", to: "admin" },
  ]);
  expect(result.unchanged).toEqual(["c", "o"]);
  expect(membersOf("order-1")).toEqual({ o: "admin", a: "moderator", b: "admin", c: "participant" });
});

test("the owner is never kicked nor demoted, whatever the lists say", async () => {
  const result = await syncGroupMembers(client.chat, "order-1", { participants: ["o", "b"] }, { removeOthers: true });
  expect(result.unchanged).toEqual(["b", "o"]);
  expect(result.removed).toEqual(["a", "c"]);
  expect(result.scopeChanged).toEqual([]);
  expect(membersOf("order-1")).toEqual({ o: "admin", b: "participant" });
});

test("without removeOthers, members in no list stay and are reported unchanged", async () => {
  const result = await syncGroupMembers(client.chat, "order-1", { participants: ["d"] });
  expect(result).toMatchObject({ added: [{ uid: "d", scope: "participant" }], removed: [], unchanged: ["a", "b", "c", "o"] });
  expect(client.requests.filter((request) => request.startsWith("DELETE "))).toEqual([]);
});

test("a banned user in the lists is reported in failed with the reason, and is not unbanned", async () => {
  await unwrap(client.chat.POST("/groups/{guid}/bannedusers/{uid}", { params: { path: { guid: "order-1", uid: "x" } } }));
  const sent = client.requests.length;
  const result = await syncGroupMembers(client.chat, "order-1", { participants: ["a", "b", "c", "x"] });
  expect(result.failed).toEqual([{ uid: "x", error: { code: "ERR_BANNED_GROUP_MEMBER", message: expect.stringMatching(/banned/) } }]);
  expect(client.requests.slice(sent).every((request) => request.startsWith("GET "))).toBe(true);
  expect(fake.state.bannedUsers.get("order-1")).toEqual(["x"]);
});

test("a UID the service refuses to add is reported in failed with the service's code; the others are added", async () => {
  const result = await syncGroupMembers(client.chat, "order-1", { participants: ["a", "b", "c", "d", "ghost"] });
  expect(result.added).toEqual([{ uid: "d", scope: "participant" }]);
  expect(result.failed).toEqual([{ uid: "ghost", error: { code: "ERR_UID_NOT_FOUND", message: expect.any(String) } }]);
});

test("adds are sent 25 UIDs at most per request, one scope per request", async () => {
  const many = Array.from({ length: 60 }, (_, i) => `p-${i}`);
  fake.seed({ users: users(...many, "m-1") });
  const bodies: Record<string, string[]>[] = [];
  client.chat.use({
    async onRequest({ request }) {
      if (request.method === "POST") bodies.push(await request.clone().json());
    },
  });
  const result = await syncGroupMembers(client.chat, "order-1", { participants: ["a", "b", "c", ...many], moderators: ["m-1"] });
  expect(result.added).toHaveLength(61);
  expect(bodies.map((body) => Object.entries(body).map(([list, uids]) => `${list} ${uids.length}`))).toEqual([
    ["moderators 1"],
    ["participants 25"],
    ["participants 25"],
    ["participants 10"],
  ]);
  expect(fake.state.members.get("order-1")?.size).toBe(65);
});

test("dryRun reports the plan and sends only reads", async () => {
  const result = await syncGroupMembers(
    client.chat,
    "order-1",
    { admins: ["b"], participants: ["d"] },
    { removeOthers: true, dryRun: true },
  );
  expect(result).toEqual({
    added: [{ uid: "d", scope: "participant" }],
    removed: ["a", "c"],
    scopeChanged: [{ uid: "b", from: "participant", to: "admin" }],
    unchanged: ["o"],
    failed: [],
  });
  expect(client.changing()).toEqual([]);
  expect(membersOf("order-1")).toEqual({ o: "admin", a: "participant", b: "participant", c: "participant" });
});

test("a request that fails puts its UIDs in failed, and the other changes go on", async () => {
  fake.failNext("kick-group-member", { status: 403 });
  const result = await syncGroupMembers(client.chat, "order-1", { participants: ["d"] }, { removeOthers: true, concurrency: 1 });
  expect(result.added).toEqual([{ uid: "d", scope: "participant" }]);
  expect(result.failed).toEqual([{ uid: "a", error: expect.objectContaining({ code: expect.stringMatching(/^AUTH_ERR_/) }) }]);
  expect((result.failed[0]!.error.cause as { status?: number }).status).toBe(403);
  expect(result.removed).toEqual(["b", "c"]);
});

/**
 * A client on the fake whose first changing request matching `method` is preceded by `race`:
 * another worker's write, sent after this sync read the group and before its own write.
 */
function racedClient(method: string, race: (other: ReturnType<typeof createChatClient>) => Promise<unknown>) {
  const other = createChatClient({ appId: fake.appId, apiKey: fake.apiKey, baseUrl: fake.url });
  let raced = false;
  const sent: string[] = [];
  const chat = createChatClient({
    appId: fake.appId,
    apiKey: fake.apiKey,
    baseUrl: fake.url,
    fetch: async (request) => {
      if (request.method === method && !raced) {
        raced = true;
        await unwrap(race(other) as never);
      }
      const response = await fetch(request);
      if (request.method !== "GET") sent.push(`${request.method} ${new URL(request.url).pathname} ${response.status}`);
      return response;
    },
  });
  return { chat, sent };
}

test("a user another worker added between the read and the add is no failure: it ends in the scope wanted, reported as added", async () => {
  // The other worker adds d as a participant; this sync wants d as a moderator, and e as a participant.
  const { chat, sent } = racedClient("POST", (other) =>
    other.POST("/groups/{guid}/members", { params: { path: { guid: "order-1" } }, body: { participants: ["d"] } }),
  );
  const result = await syncGroupMembers(chat, "order-1", { moderators: ["d"], participants: ["a", "b", "c", "e"] });
  expect(result.failed).toEqual([]);
  expect(result.added).toEqual([
    { uid: "d", scope: "moderator" },
    { uid: "e", scope: "participant" },
  ]);
  expect(membersOf("order-1")).toMatchObject({ d: "moderator", e: "participant" });
  expect(sent).toContain("PUT /groups/order-1/members/d 200");
});

test("a member another worker kicked between the read and the kick is no failure: it is reported as removed", async () => {
  const { chat, sent } = racedClient("DELETE", (other) =>
    other.DELETE("/groups/{guid}/members/{uid}", { params: { path: { guid: "order-1", uid: "a" } } }),
  );
  const result = await syncGroupMembers(chat, "order-1", { participants: ["b", "c"] }, { removeOthers: true });
  expect(result).toEqual({ added: [], removed: ["a"], scopeChanged: [], unchanged: ["b", "c", "o"], failed: [] });
  expect(membersOf("order-1")).toEqual({ o: "admin", b: "participant", c: "participant" });
  expect(sent).toEqual(["DELETE /groups/order-1/members/a 404"]);
});

test("an unknown group throws the read's NotFoundError", async () => {
  await expect(syncGroupMembers(client.chat, "order-404", { participants: ["a"] })).rejects.toThrow(NotFoundError);
  expect(client.changing()).toEqual([]);
});

test.each([
  ["a GUID with a space", "order 1", {}, {}, /guid must be/],
  ["a list that is not an array", "order-1", { participants: "a" }, {}, /wanted\.participants must be an array/],
  ["a UID with a space", "order-1", { admins: ["a b"] }, {}, /wanted\.admins\[0\] must be/],
  ["usersToBan", "order-1", { usersToBan: ["a"] }, {}, /wanted\.usersToBan is not an option/],
  ["a concurrency of 0", "order-1", {}, { concurrency: 0 }, /concurrency must be an integer from 1/],
])("%s is refused with a ChatConfigError, and nothing is sent", async (_, guid, wanted, options, message) => {
  const error = await syncGroupMembers(client.chat, guid, wanted as never, options).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ChatConfigError);
  expect((error as Error).message).toMatch(message);
  expect(client.requests).toEqual([]);
});
