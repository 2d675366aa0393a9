// The fake refuses what the service and the spec refuse, in the mock's shape: a field the spec
// does not allow is named in `details`, credentials are checked, and onBehalfOf must name a user.
import { AuthenticationError, BadRequestError, createChatClient, NotFoundError, unwrap } from "../../src/index";
import type { FakeServer } from "../../src/testing/index";
import { answerChecker } from "./answer-checker";
import { type FakeClients, useCheckedFake } from "./checked-fake";

let fake: FakeServer;
const checker = answerChecker();
let chat: FakeClients["chat"];
useCheckedFake(
  checker,
  (started, clients) => {
    fake = started;
    chat = clients.chat;
  },
  { options: { apiKey: "full-key", authOnlyKey: "auth-key" } },
);

async function rejection(call: Promise<unknown>): Promise<unknown> {
  return (unwrap(call as never) as Promise<unknown>).then(
    () => undefined,
    (error: unknown) => error,
  );
}

test("GET /users with perPage above its maximum names perPage in details and in the message, as the mock does", async () => {
  const error = (await rejection(chat.GET("/users", { params: { query: { perPage: 5000 } } }))) as BadRequestError;
  expect(error).toBeInstanceOf(BadRequestError);
  expect(error.code).toBe("ERR_BAD_REQUEST");
  expect(error.details?.perPage).toEqual([expect.stringContaining("perPage must be <= 1000")]);
  expect(error.message).toContain("perPage must be <= 1000");
});

test("a thread reply whose text is not a string names the nested field data.text", async () => {
  fake.seed({
    users: [
      { uid: "a", name: "A" },
      { uid: "b", name: "B" },
    ],
    messages: [{ sender: "a", receiver: "b", receiverType: "user", text: "p" }],
  });
  const body = { data: { text: 42 } } as unknown as { data: { text: string } };
  const error = (await rejection(chat.as("a").POST("/messages/{id}/thread", { params: { path: { id: "1" } }, body }))) as BadRequestError;
  expect(error.details?.["data.text"]).toEqual([expect.stringContaining("must be string")]);
  expect(fake.state.messages.size).toBe(1);
});

test("a missing required field, a bad path parameter and a body that is not JSON are each named", async () => {
  const missing = (await rejection(chat.POST("/users", { body: { uid: "x" } as never }))) as BadRequestError;
  expect(missing.details).toEqual({ name: ["name is required"] });
  const badUid = (await rejection(chat.GET("/users/{uid}", { params: { path: { uid: "not valid!" } } }))) as BadRequestError;
  expect(Object.keys(badUid.details ?? {})).toEqual(["uid"]);
  const response = await fetch(`${fake.url}/users`, {
    method: "POST",
    headers: { apikey: "full-key", "content-type": "application/json" },
    body: "{",
  });
  const raw = await response.json();
  await checker.check("POST", `${fake.url}/users`, response.status, raw);
  expect(response.status).toBe(400);
  expect(raw.error.details).toEqual({ body: ["body is not valid JSON"] });
});

test("a wrong apikey gets 401 AUTH_ERR_APIKEY_NOT_FOUND, and none at all 401 AUTH_ERR_EMPTY_APIKEY", async () => {
  const wrong = createChatClient({ appId: fake.appId, apiKey: "not-the-key", baseUrl: fake.url, fetch: checker.fetch });
  const error = (await rejection(wrong.GET("/users"))) as AuthenticationError;
  expect(error).toBeInstanceOf(AuthenticationError);
  expect(error.code).toBe("AUTH_ERR_APIKEY_NOT_FOUND");
  const response = await fetch(`${fake.url}/users`);
  expect(response.status).toBe(401);
  expect((await response.json()).error.code).toBe("AUTH_ERR_EMPTY_APIKEY");
});

test("the auth-only key may create users and auth tokens, and nothing else (403 AUTH_ERR_NO_ACCESS)", async () => {
  const send = (method: string, path: string, body?: unknown) =>
    fetch(`${fake.url}${path}`, {
      method,
      headers: { apikey: "auth-key", "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  expect((await send("POST", "/users", { uid: "k", name: "K" })).status).toBe(200);
  expect((await send("POST", "/users/k/auth_tokens")).status).toBe(200);
  for (const [method, path] of [
    ["GET", "/users"],
    ["GET", "/users/k"],
    ["DELETE", "/users/k/auth_tokens"],
    ["GET", "/calls"],
  ] as const) {
    const response = await send(method, path);
    expect([method, path, response.status, (await response.json()).error.code]).toEqual([method, path, 403, "AUTH_ERR_NO_ACCESS"]);
  }
});

test("onBehalfOf is required where the spec requires it, and must name an existing user", async () => {
  fake.seed({
    users: [
      { uid: "a", name: "A" },
      { uid: "b", name: "B" },
    ],
    messages: [{ sender: "a", receiver: "b", receiverType: "user", text: "p" }],
  });
  const response = await fetch(`${fake.url}/messages/1/thread`, {
    method: "POST",
    headers: { apikey: "full-key", "content-type": "application/json" },
    body: JSON.stringify({ data: { text: "hi" } }),
  });
  const body = await response.json();
  await checker.check("POST", `${fake.url}/messages/1/thread`, response.status, body);
  expect(response.status).toBe(400);
  expect(Object.keys(body.error.details)).toEqual(["onBehalfOf"]);
  const ghost = (await rejection(
    chat.as("ghost").POST("/messages/{id}/thread", { params: { path: { id: "1" } }, body: { data: { text: "hi" } } }),
  )) as NotFoundError;
  expect(ghost).toBeInstanceOf(NotFoundError);
  expect(ghost.code).toBe("ERR_UID_NOT_FOUND");
  // send-message documents no 404: an unknown acting user is a 400 naming onBehalfOf there.
  const unknownSender = (await rejection(
    chat.as("ghost").POST("/messages", { body: { receiver: "b", receiverType: "user", data: { text: "x" } } }),
  )) as BadRequestError;
  expect(unknownSender.details).toEqual({ onBehalfOf: [expect.stringContaining("ghost")] });
});

test("a path no operation serves gets 404 with the error envelope", async () => {
  const response = await fetch(`${fake.url}/no/such/path`, { headers: { apikey: "full-key" } });
  const body = await response.json();
  expect(response.status).toBe(404);
  expect(body.error.code).toBe("ERR_NOT_FOUND");
  await checker.check("GET", `${fake.url}/no/such/path`, 404, body);
});

test.each([
  ["limit", "/moderation/flagged-messages?limit=1e999"],
  ["limit", "/moderation/flagged-messages?limit=Infinity"],
  ["page", "/users?page=1e999"],
])("a %s too large for a number (%s) is refused with 400 naming it, not answered back as null", async (name, path) => {
  const response = await fetch(`${fake.url}${path}`, { headers: { apikey: "full-key" } });
  const body = await response.json();
  expect(response.status).toBe(400);
  expect(body.error.code).toBe("ERR_BAD_REQUEST");
  expect(body.error.details).toEqual({ [name]: [`${name} must be a finite number`] });
  await checker.check("GET", `${fake.url}${path}`, 400, body);
});
