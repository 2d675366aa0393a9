// ensureUser against the fake, through the SDK: create-or-read under a race, partial updates,
// deactivated users, and input refused before anything is sent.
import { ChatConfigError, ConflictError, unwrap } from "../../../src/index";
import { ensureUser } from "../../../src/helpers/index";
import type { FakeServer } from "../../../src/testing/index";
import { type RecordingClient, useRecordingFake } from "./recording-client";

let fake: FakeServer;
let client: RecordingClient;

useRecordingFake((started, recording) => {
  fake = started;
  client = recording;
});

test("20 concurrent calls for one UID all resolve to the same user, and exactly one reports created", async () => {
  const results = await Promise.all(Array.from({ length: 20 }, () => ensureUser(client.chat, { uid: "Buyer-7", name: "Ada" })));
  expect(results.filter((result) => result.created)).toHaveLength(1);
  expect(new Set(results.map((result) => result.user.uid))).toEqual(new Set(["buyer-7"]));
  expect(results.every((result) => !result.deactivated && !result.updated)).toBe(true);
  expect([...fake.state.users.keys()]).toEqual(["buyer-7"]);
});

test("a new user costs two requests: the search of the active users, then the create", async () => {
  const result = await ensureUser(client.chat, { uid: "buyer-1", name: "Ada", tags: ["vip"] });
  expect(result).toMatchObject({ created: true, updated: false, deactivated: false, user: { uid: "buyer-1", name: "Ada" } });
  expect(client.requests).toEqual(["GET /users", "POST /users"]);
});

test('an existing active user costs one request, and is kept as it is under onExists "keep"', async () => {
  fake.seed({ users: [{ uid: "buyer-1", name: "Ada", avatar: "https://cdn.example.org/ada.png", tags: ["vip"] }] });
  const result = await ensureUser(client.chat, { uid: "BUYER-1", name: "Someone else" });
  expect(result).toMatchObject({ created: false, updated: false, deactivated: false, user: { name: "Ada", tags: ["vip"] } });
  expect(client.requests).toEqual(["GET /users"]);
  expect(fake.state.users.get("buyer-1")?.name).toBe("Ada");
});

test('onExists "update" changes only the fields given and never clears the others', async () => {
  fake.seed({
    users: [{ uid: "buyer-1", name: "Ada", avatar: "https://cdn.example.org/ada.png", metadata: { plan: "pro" }, tags: ["vip"] }],
  });
  const result = await ensureUser(client.chat, { uid: "buyer-1", name: "Ada King", statusMessage: "Away" }, { onExists: "update" });
  expect(result).toMatchObject({ created: false, updated: true, user: { name: "Ada King", statusMessage: "Away" } });
  expect(fake.state.users.get("buyer-1")).toMatchObject({
    name: "Ada King",
    statusMessage: "Away",
    avatar: "https://cdn.example.org/ada.png",
    metadata: { plan: "pro" },
    tags: ["vip"],
  });
  const put = client.requests.filter((request) => request.startsWith("PUT "));
  expect(put).toEqual(["PUT /users/buyer-1"]);
});

test('onExists "update" sends no change when the fields given are those stored', async () => {
  fake.seed({ users: [{ uid: "buyer-1", name: "Ada", metadata: { plan: "pro", seats: 3 }, tags: ["vip"] }] });
  const result = await ensureUser(
    client.chat,
    { uid: "buyer-1", name: "Ada", metadata: { seats: 3, plan: "pro" }, tags: ["vip"] },
    { onExists: "update" },
  );
  expect(result.updated).toBe(false);
  expect(client.requests).toEqual(["GET /users"]);
});

test("a deactivated user is reported as such and left deactivated, in four requests", async () => {
  fake.seed({ users: [{ uid: "buyer-1", name: "Ada" }] });
  await unwrap(client.chat.DELETE("/users", { body: { uidsToDeactivate: ["buyer-1"] } }));
  client.requests.length = 0;
  const result = await ensureUser(client.chat, { uid: "buyer-1", name: "Ada" });
  expect(result).toMatchObject({ created: false, deactivated: true, reactivated: false, user: { uid: "buyer-1" } });
  expect(client.requests.sort()).toEqual(["GET /users", "GET /users", "GET /users/buyer-1", "POST /users"]);
  const listed = await unwrap(client.chat.GET("/users", { params: { query: { onlyDeactivated: true } } }));
  expect(listed.data.map((user) => user.uid)).toEqual(["buyer-1"]);
});

test("reactivate: true reactivates a deactivated user", async () => {
  fake.seed({
    users: [
      { uid: "buyer-1", name: "Ada" },
      { uid: "buyer-10", name: "Other" },
    ],
  });
  await unwrap(client.chat.DELETE("/users", { body: { uidsToDeactivate: ["buyer-10"] } }));
  // A deactivated user whose UID only contains this one's is not this one.
  expect((await ensureUser(client.chat, { uid: "buyer-1", name: "Ada" })).deactivated).toBe(false);
  await unwrap(client.chat.DELETE("/users", { body: { uidsToDeactivate: ["buyer-1"] } }));
  const result = await ensureUser(client.chat, { uid: "buyer-1", name: "Ada" }, { reactivate: true });
  expect(result).toMatchObject({ created: false, deactivated: false, reactivated: true });
  expect(client.requests).toContain("PUT /users");
  const listed = await unwrap(client.chat.GET("/users", { params: { query: { onlyDeactivated: true } } }));
  expect(listed.data.map((user) => user.uid)).toEqual(["buyer-10"]);
});

test("a UID held by a deleted user throws the 409, since no user can be read", async () => {
  fake.seed({ users: [{ uid: "buyer-1", name: "Ada" }] });
  await unwrap(client.chat.DELETE("/users/{uid}", { params: { path: { uid: "buyer-1" } } }));
  const error = await ensureUser(client.chat, { uid: "buyer-1", name: "Ada" }).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ConflictError);
  expect((error as ConflictError).code).toBe("ERR_UID_ALREADY_EXISTS");
});

test.each([
  ["a UID with a space", { uid: "buyer 1", name: "Ada" }, /user\.uid must be 1 to 100 letters/],
  ["no name", { uid: "buyer-1" }, /user\.name is required/],
  ["a name over 100 characters", { uid: "buyer-1", name: "x".repeat(101) }, /user\.name must be at most 100/],
  ["26 tags", { uid: "buyer-1", name: "Ada", tags: Array.from({ length: 26 }, (_, i) => `t${i}`) }, /26 tags/],
  ["metadata that is an array", { uid: "buyer-1", name: "Ada", metadata: [] }, /user\.metadata must be an object/],
  ["withAuthToken", { uid: "buyer-1", name: "Ada", withAuthToken: true }, /issueAuthToken/],
  ["an unknown field", { uid: "buyer-1", name: "Ada", email: "ada@example.org" }, /user\.email is not a field/],
])("a user with %s is refused with a ChatConfigError, and nothing is sent", async (_, user, message) => {
  const error = await ensureUser(client.chat, user as never).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ChatConfigError);
  expect((error as Error).message).toMatch(message);
  expect(client.requests).toEqual([]);
});

test("bad options are refused with a ChatConfigError, and nothing is sent", async () => {
  const user = { uid: "buyer-1", name: "Ada" };
  await expect(ensureUser(client.chat, user, { onExists: "replace" as "keep" })).rejects.toThrow(/onExists must be one of keep, update/);
  await expect(ensureUser(client.chat, user, { reactivate: "yes" as unknown as boolean })).rejects.toThrow(ChatConfigError);
  await expect(ensureUser(client.chat, user, { force: true } as never)).rejects.toThrow(/options\.force is not an option/);
  await expect(ensureUser({} as never, user)).rejects.toThrow(/chat must be a client/);
  expect(client.requests).toEqual([]);
});

test("an active user whose UID other active users contain is still found in one request", async () => {
  fake.seed({ users: ["buyer-10", "buyer-1", "buyer-11"].map((uid) => ({ uid, name: uid })) });
  const result = await ensureUser(client.chat, { uid: "buyer-1", name: "Ada" });
  expect(result).toMatchObject({ created: false, user: { uid: "buyer-1", name: "buyer-1" } });
  expect(client.requests).toEqual(["GET /users"]);
});
