// A backend's whole journey, recorded through the SDK against the fake, then replayed through a
// fresh fake: every answer must match, which shows that the replay is deterministic and that
// every id the fake made (message ids, auth tokens, API keys, the app) is mapped. The recording
// is written to a file and searched for every credential the journey used.
import { readFileSync } from "node:fs";
import { createAuthOnlyClient, createChatClient, createManagementClient, paginate, unwrap } from "../../src/index";
import { type FakeServer, formatVerifyReport, readRecording, recordTraffic, startFakeServer, verifyFake } from "../../src/testing/index";
import { verifyCommand } from "../../src/testing/verify/verify-command";
import { useRecordingFiles } from "./recording-files";

const files = useRecordingFiles();
let fake: FakeServer;
let file: string;
const WEBHOOK_PASSWORD = "hook-pass-5d1e9c";

beforeAll(async () => {
  fake = await startFakeServer();
  files.usedCredentials(fake.apiKey, fake.authOnlyKey, fake.key, fake.secret, fake.controlToken, WEBHOOK_PASSWORD);
  file = files.path("journey.ndjson");
  // On the fake's clock, a second further at each answer: the replay runs at the same instants.
  fake.clock.freeze(Date.UTC(2026, 0, 5, 9));
  const recorder = recordTraffic({ file, appId: fake.appId, authOnlyKey: fake.authOnlyKey, now: () => fake.clock.now() });
  const tick = { onResponse: () => fake.clock.advance(1000).then(() => undefined) };
  const chat = createChatClient({ appId: fake.appId, apiKey: fake.apiKey, baseUrl: fake.url });
  const signIn = createAuthOnlyClient({ appId: fake.appId, apiKey: fake.authOnlyKey, baseUrl: fake.url });
  const management = createManagementClient({ key: fake.key, secret: fake.secret, baseUrl: fake.url });
  for (const client of [chat, signIn, management]) client.use(recorder, tick);
  await runJourney(chat, signIn, management);
  // Every auth token and API key the fake issued is a credential the recording must not hold.
  for (const tokens of fake.state.authTokens.values()) files.usedCredentials(...tokens.map((token) => token.authToken));
});
afterAll(() => fake.close());

async function runJourney(
  chat: ReturnType<typeof createChatClient>,
  signIn: ReturnType<typeof createAuthOnlyClient>,
  management: ReturnType<typeof createManagementClient>,
) {
  // Users: created (one with a token, through the auth-only key), read, changed, listed page by page.
  await unwrap(signIn.POST("/users", { body: { uid: "Buyer-1", name: "Ada Buyer", withAuthToken: true } }));
  await unwrap(chat.POST("/users", { body: { uid: "seller-1", name: "Sam Seller", metadata: { shop: "north" } } }));
  await unwrap(chat.POST("/users", { body: { uid: "courier-1", name: "Cy Courier" } }));
  const duplicate = await chat.POST("/users", { body: { uid: "BUYER-1", name: "Again" } });
  expect(duplicate.response.status).toBe(409);
  const token = await unwrap(signIn.POST("/users/{uid}/auth_tokens", { params: { path: { uid: "seller-1" } }, body: {} }));
  await unwrap(
    chat.GET("/users/{uid}/auth_tokens/{authToken}", { params: { path: { uid: "seller-1", authToken: token.data.authToken } } }),
  );
  await unwrap(chat.GET("/users/{uid}/auth_tokens", { params: { path: { uid: "seller-1" } } }));
  await unwrap(chat.PUT("/users/{uid}", { params: { path: { uid: "courier-1" } }, body: { name: "Cy C." } }));
  for await (const user of paginate(chat, "/users", { perPage: 2 })) expect(user.uid).toBeTruthy();
  expect((await chat.GET("/users/{uid}", { params: { path: { uid: "nobody" } } })).response.status).toBe(404);
  // A group with members and a scope change; a participant may not kick.
  await unwrap(
    chat.POST("/groups", {
      body: { guid: "order-77", name: "Order 77", type: "private", owner: "seller-1", members: { participants: ["buyer-1"] } },
    }),
  );
  await unwrap(chat.POST("/groups/{guid}/members", { params: { path: { guid: "order-77" } }, body: { participants: ["courier-1"] } }));
  await unwrap(
    chat.PUT("/groups/{guid}/members/{uid}", { params: { path: { guid: "order-77", uid: "courier-1" } }, body: { scope: "moderator" } }),
  );
  const kick = await chat
    .as("buyer-1")
    .DELETE("/groups/{guid}/members/{uid}", { params: { path: { guid: "order-77", uid: "courier-1" } } });
  expect(kick.response.status).toBe(403);
  await unwrap(chat.GET("/groups/{guid}/members", { params: { path: { guid: "order-77" } } }));
  await unwrap(chat.GET("/groups/{guid}", { params: { path: { guid: "order-77" } } }));
  // Messages: to a user and to the group, a thread reply, an edit, a reaction, receipts, a deletion.
  const hello = await unwrap(
    chat.as("buyer-1").POST("/messages", { body: { receiver: "seller-1", receiverType: "user", data: { text: "Is it in stock?" } } }),
  );
  await unwrap(
    chat
      .as("seller-1")
      .POST("/messages/{id}/thread", { params: { path: { id: hello.data.id } }, body: { data: { text: "Yes, two left." } } }),
  );
  for (const text of ["Order placed", "Picked up", "On the way"])
    await unwrap(chat.POST("/messages", { body: { receiver: "order-77", receiverType: "group", data: { text } } }));
  const placed = await unwrap(
    chat.as("courier-1").POST("/messages", { body: { receiver: "order-77", receiverType: "group", data: { text: "At the door" } } }),
  );
  await unwrap(
    chat.as("buyer-1").PUT("/messages/{id}", { params: { path: { id: hello.data.id } }, body: { data: { text: "Is it in stock now?" } } }),
  );
  await unwrap(
    chat.as("buyer-1").POST("/messages/{id}/reactions/{reaction}", { params: { path: { id: placed.data.id, reaction: "👍" } } }),
  );
  for await (const message of paginate(chat, "/groups/{guid}/messages", { params: { path: { guid: "order-77" } }, limit: 2 }))
    expect(message.receiver).toBe("order-77");
  await unwrap(chat.as("seller-1").GET("/users/{uid}/conversation", { params: { path: { uid: "buyer-1" } } }));
  await unwrap(chat.as("buyer-1").POST("/users/{uid}/conversation/read", { params: { path: { uid: "seller-1" } }, body: {} }));
  await unwrap(chat.as("buyer-1").GET("/conversations"));
  await unwrap(chat.DELETE("/messages/{id}", { params: { path: { id: placed.data.id } } }));
  await unwrap(chat.as("buyer-1").GET("/messages/{id}", { params: { path: { id: hello.data.id } } }));
  // Blocking, an API key made and removed, and a webhook with Basic credentials.
  await unwrap(chat.POST("/users/{uid}/blockedusers", { params: { path: { uid: "buyer-1" } }, body: { blockedUids: ["courier-1"] } }));
  await unwrap(chat.GET("/users/{uid}/blockedusers", { params: { path: { uid: "buyer-1" } } }));
  const key = await unwrap(chat.POST("/apikeys", { body: { name: "Reporting", scope: "authOnly" } }));
  files.usedCredentials(key.data.apiKey);
  await unwrap(chat.GET("/apikeys/{apiKey}", { params: { path: { apiKey: key.data.apiKey } } }));
  await unwrap(chat.DELETE("/apikeys/{apiKey}", { params: { path: { apiKey: key.data.apiKey } } }));
  await unwrap(
    management.POST("/apps/{appId}/webhooks", {
      params: { path: { appId: fake.appId } },
      body: {
        id: "order-events",
        name: "Orders",
        webhookURL: "https://hooks.example.org/orders",
        useBasicAuth: true,
        username: "orders",
        password: WEBHOOK_PASSWORD,
      },
    }),
  );
  await unwrap(management.GET("/apps/{appId}/webhooks", { params: { path: { appId: fake.appId } } }));
}

test("a journey recorded against the fake replays through a fresh fake with no difference", async () => {
  const recording = readRecording(file);
  expect(recording.exchanges.length).toBeGreaterThan(40);
  const report = await verifyFake(recording);
  expect(formatVerifyReport(report)).toMatch(/^OK: /);
  expect(report.differences).toEqual([]);
  expect(report.replayed).toBe(recording.exchanges.length);
  expect(report.operations.every((operation) => operation.verdict === "matched")).toBe(true);
});

test("replayed through a fake of another app, the recorded app ID is mapped to the fake's in the Management paths", async () => {
  const report = await verifyFake(readRecording(file), { fake: { appId: "replayapp01" } });
  expect(report.differences).toEqual([]);
  expect(report.operations.find((o) => o.operationId === "list-webhooks")?.verdict).toBe("matched");
});

test("the recording names operations and path templates, with pseudonyms for users and texts", () => {
  const text = readFileSync(file, "utf8");
  for (const name of ["buyer-1", "seller-1", "courier-1", "Is it in stock?", "Order placed"]) expect(text).not.toContain(name);
  const { header, exchanges } = readRecording(file);
  expect(header).toMatchObject({ format: "chat-rest-sdk/recording@1", appId: fake.appId, pseudonyms: true });
  const send = exchanges.find((e) => e.operationId === "send-message");
  expect(send).toMatchObject({ method: "POST", path: "/messages", api: "chat", onBehalfOf: "user-1", response: { status: 200 } });
  expect(send?.requestBody).toEqual({ receiver: "user-2", receiverType: "user", data: { text: "text-1" } });
  expect(exchanges.find((e) => e.operationId === "get-authtoken")?.params.path).toEqual({
    uid: "user-2",
    authToken: "redacted-authToken-2",
  });
});

test("chat-rest-fake verify replays the file and exits 0", async () => {
  const out: string[] = [];
  const code = await verifyCommand([file], { out: (text) => out.push(text), err: (text) => out.push(text) });
  expect(out.join("\n")).toMatch(/^OK: \d+ exchanges replayed/);
  expect(code).toBe(0);
});

test("no recording this file wrote holds a key, a secret, an auth token or a password the journey used", () => {
  expect(files.files.length).toBeGreaterThan(0);
  expect(files.leaks()).toEqual([]);
});
