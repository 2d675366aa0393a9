// issueAuthToken against the fake, through the SDK: the one call of a login route.
import { ChatConfigError, unwrap } from "../../../src/index";
import { issueAuthToken } from "../../../src/helpers/index";
import type { FakeServer } from "../../../src/testing/index";
import { type RecordingClient, useRecordingFake } from "./recording-client";

let fake: FakeServer;
let client: RecordingClient;

useRecordingFake((started, recording) => {
  fake = started;
  client = recording;
});

test("a new user's sign-in costs two requests: the search of the active users, then the create with its token", async () => {
  const login = await issueAuthToken(client.chat, { uid: "Buyer-1", name: "Ada" });
  expect(login).toMatchObject({ created: true, deactivated: false, user: { uid: "buyer-1", name: "Ada" } });
  expect(login.user).not.toHaveProperty("authToken");
  expect(client.requests).toEqual(["GET /users", "POST /users"]);
  expect(fake.state.authTokens.get("buyer-1")?.map((token) => token.authToken)).toEqual([login.authToken]);
});

test("a returning user's sign-in costs two requests: the search that finds the user, then the token", async () => {
  fake.seed({ users: [{ uid: "buyer-1", name: "Ada" }] });
  const login = await issueAuthToken(client.chat, { uid: "BUYER-1", name: "Ada" });
  expect(login).toMatchObject({ created: false, deactivated: false, user: { uid: "buyer-1", name: "Ada" } });
  expect(client.requests).toEqual(["GET /users", "POST /users/buyer-1/auth_tokens"]);
  expect(fake.state.authTokens.get("buyer-1")?.map((token) => token.authToken)).toEqual([login.authToken]);
});

test("two sign-ins for one UID give two tokens and one user, one after the other or at once", async () => {
  const first = await issueAuthToken(client.chat, { uid: "buyer-1", name: "Ada" });
  const second = await issueAuthToken(client.chat, { uid: "buyer-1", name: "Ada" });
  expect([first.created, second.created]).toEqual([true, false]);
  expect(first.authToken).not.toBe(second.authToken);
  const both = await Promise.all([
    issueAuthToken(client.chat, { uid: "buyer-2", name: "Bo" }),
    issueAuthToken(client.chat, { uid: "buyer-2", name: "Bo" }),
  ]);
  expect(both.filter((login) => login.created)).toHaveLength(1);
  expect(both[0].authToken).not.toBe(both[1].authToken);
  expect([...fake.state.users.keys()].sort()).toEqual(["buyer-1", "buyer-2"]);
  for (const [uid, logins] of [
    ["buyer-1", [first, second]],
    ["buyer-2", both],
  ] as const) {
    const stored = fake.state.authTokens.get(uid)?.map((token) => token.authToken);
    expect(stored?.sort()).toEqual(logins.map((login) => login.authToken).sort());
  }
});

test("force is sent on the token request of an existing user", async () => {
  fake.seed({ users: [{ uid: "buyer-1", name: "Ada" }] });
  const bodies: unknown[] = [];
  client.chat.use({
    async onRequest({ request }) {
      if (request.url.endsWith("/auth_tokens")) bodies.push(await request.clone().json());
    },
  });
  const login = await issueAuthToken(client.chat, { uid: "buyer-1", name: "Ada" }, { force: true });
  expect(login.authToken).toMatch(/^buyer-1_/);
  expect(bodies).toEqual([{ force: true }]);
});

test("a deactivated user gets no token unless reactivate is set", async () => {
  fake.seed({ users: [{ uid: "buyer-1", name: "Ada" }] });
  await unwrap(client.chat.DELETE("/users", { body: { uidsToDeactivate: ["buyer-1"] } }));
  const refused = await issueAuthToken(client.chat, { uid: "buyer-1", name: "Ada" });
  expect(refused).toMatchObject({ created: false, deactivated: true });
  expect(refused.authToken).toBeUndefined();
  expect(client.requests).not.toContain("POST /users/buyer-1/auth_tokens");
  expect(fake.state.authTokens.get("buyer-1") ?? []).toEqual([]);

  const login = await issueAuthToken(client.chat, { uid: "buyer-1", name: "Ada" }, { reactivate: true });
  expect(login).toMatchObject({ deactivated: false, reactivated: true });
  expect(fake.state.authTokens.get("buyer-1")?.map((token) => token.authToken)).toEqual([login.authToken]);
});

test('onExists "update" changes the profile before the token is issued', async () => {
  fake.seed({ users: [{ uid: "buyer-1", name: "Ada", avatar: "https://cdn.example.org/ada.png" }] });
  const login = await issueAuthToken(client.chat, { uid: "buyer-1", name: "Ada King" }, { onExists: "update" });
  expect(login).toMatchObject({ updated: true, user: { name: "Ada King", avatar: "https://cdn.example.org/ada.png" } });
});

test("bad input is refused with a ChatConfigError, and nothing is sent", async () => {
  await expect(issueAuthToken(client.chat, { uid: "", name: "Ada" })).rejects.toThrow(ChatConfigError);
  await expect(issueAuthToken(client.chat, { uid: "buyer-1", name: "Ada" }, { force: 1 as unknown as boolean })).rejects.toThrow(
    /options\.force must be true or false/,
  );
  expect(client.requests).toEqual([]);
});
