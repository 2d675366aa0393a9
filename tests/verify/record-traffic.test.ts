// What recordTraffic writes: one line per exchange with the operation, the path template and its
// parameters, the bodies, the status and the headers a client acts on; never a credential; user
// ids and texts as pseudonyms, stable within one recording, unless turned off.
import { readFileSync } from "node:fs";
import { createChatClient, createManagementClient, unwrap } from "../../src/index";
import {
  type FakeServer,
  formatVerifyReport,
  parseRecording,
  readRecording,
  recordTraffic,
  startFakeServer,
  verifyFake,
} from "../../src/testing/index";
import { credentialsIn, useRecordingFiles } from "./recording-files";

const files = useRecordingFiles();
let fake: FakeServer;

beforeAll(async () => {
  fake = await startFakeServer({ rateLimits: { app: { all: { limit: 1000, windowMs: 60_000 } } } });
  files.usedCredentials(fake.apiKey, fake.key, fake.secret);
});
beforeEach(() => fake.reset());
afterAll(() => fake.close());

function client(recorder: ReturnType<typeof recordTraffic>) {
  const chat = createChatClient({ appId: fake.appId, apiKey: fake.apiKey, baseUrl: fake.url, maxRetries: 0 });
  chat.use(recorder);
  return chat;
}

test("an exchange is written as a line with its operation, template, parameters, bodies, status, rate-limit headers and time", async () => {
  const file = files.path("one.ndjson");
  const chat = client(recordTraffic({ file }));
  await unwrap(chat.POST("/users", { body: { uid: "ana", name: "Ana Lima" } }));
  await chat.GET("/users/{uid}", { params: { path: { uid: "ana" } } });
  const lines = readFileSync(file, "utf8").trim().split("\n");
  expect(lines).toHaveLength(3);
  const { header, exchanges } = readRecording(file);
  expect(header).toMatchObject({ format: "chat-rest-sdk/recording@1", pseudonyms: true });
  expect(exchanges[1]).toMatchObject({
    seq: 2,
    operationId: "get-user",
    api: "chat",
    method: "GET",
    path: "/users/{uid}",
    params: { path: { uid: "user-1" } },
    credential: "apikey-1",
    response: { status: 200, headers: { "x-ratelimit-limit": "1000" }, body: { data: { uid: "user-1", name: "Ana Lima" } } },
  });
  expect(Date.parse(exchanges[1]!.time)).toBeGreaterThan(0);
  expect(exchanges[1]?.response?.headers["x-ratelimit-remaining"]).toMatch(/^\d+$/);
  expect(exchanges[0]?.requestBody).toEqual({ uid: "user-1", name: "Ana Lima" });
});

test("a 429 is recorded with its Retry-After, and an answer that never came with the error instead, which a replay names and skips", async () => {
  const recorder = recordTraffic();
  const chat = client(recorder);
  fake.failNext("list-users", { status: 429, retryAfter: 7 });
  await chat.GET("/users");
  const offline = createChatClient({ appId: fake.appId, apiKey: fake.apiKey, baseUrl: "http://127.0.0.1:1", maxRetries: 0 });
  offline.use(recorder);
  await expect(offline.GET("/users")).rejects.toThrow();
  const [limited, refused] = recorder.recording.exchanges;
  expect(limited?.response).toMatchObject({ status: 429, headers: { "retry-after": "7" } });
  expect(refused?.response).toBeUndefined();
  expect(refused?.error).toMatch(/^ChatConnectionError: /);
  const report = await verifyFake(recorder.recording);
  expect(report.unanswered).toEqual([2]);
  expect(formatVerifyReport(report)).toContain("Not replayed, as no answer was recorded (the service may still have applied them): #2.");
});

test("the same user and text get the same pseudonym throughout a recording, whatever the case of the UID, and a new recording starts afresh", async () => {
  const first = recordTraffic();
  const chat = client(first);
  await unwrap(chat.POST("/users", { body: { uid: "Ana", name: "Ana" } }));
  await unwrap(chat.POST("/users", { body: { uid: "ben", name: "Ben" } }));
  await unwrap(chat.as("ANA").POST("/messages", { body: { receiver: "ben", receiverType: "user", data: { text: "same" } } }));
  await unwrap(chat.as("ben").POST("/messages", { body: { receiver: "ana", receiverType: "user", data: { text: "same" } } }));
  const [, , fromAna, fromBen] = first.recording.exchanges;
  expect(fromAna).toMatchObject({ onBehalfOf: "user-1", requestBody: { receiver: "user-2", data: { text: "text-1" } } });
  expect(fromBen).toMatchObject({ onBehalfOf: "user-2", requestBody: { receiver: "user-1", data: { text: "text-1" } } });
  expect(fromBen?.response?.body).toMatchObject({ data: { conversationId: "user-1_user_user-2" } });
  const second = recordTraffic();
  await unwrap(client(second).GET("/users/{uid}", { params: { path: { uid: "ben" } } }));
  expect(second.recording.exchanges[0]?.params.path).toEqual({ uid: "user-1" });
});

test("with pseudonyms off, user ids and texts stay, and credentials are still replaced, also inside other values", async () => {
  const file = files.path("plain.ndjson");
  const recorder = recordTraffic({ file, pseudonyms: false, secrets: ["hook-secret-9f2"] });
  const chat = client(recorder);
  const management = createManagementClient({ key: fake.key, secret: fake.secret, baseUrl: fake.url });
  management.use(recorder);
  const created = await unwrap(
    chat.POST("/users", { body: { uid: "ana", name: "Ana", withAuthToken: true, metadata: { note: `key ${fake.apiKey}` } } }),
  );
  files.usedCredentials(created.data.authToken!);
  await unwrap(chat.PUT("/users/{uid}", { params: { path: { uid: "ana" } }, body: { metadata: { hook: "hook-secret-9f2" } } }));
  await unwrap(
    management.POST("/apps/{appId}/webhooks", {
      params: { path: { appId: fake.appId } },
      body: { id: "w1", name: "W", webhookURL: "https://hooks.example.org/w", useBasicAuth: true, username: "u", password: "pw-4471" },
    }),
  );
  files.usedCredentials("hook-secret-9f2", "pw-4471");
  const text = readFileSync(file, "utf8");
  expect(text).toContain('"uid":"ana"');
  expect(text).toContain('"authToken":"redacted-authToken-1"');
  expect(text).toContain('"password":"redacted-password-1"');
  expect(text).toContain('"note":"key redacted-apikey-1"');
  expect(text).toContain('"hook":"redacted-secret-1"');
  expect(readRecording(file).exchanges[2]).toMatchObject({ credential: "management-1", api: "management" });
  expect(files.leaks()).toEqual([]);
});

test("users named like words of the API (user, admin, data) leave those words alone, and the recording still replays", async () => {
  const recorder = recordTraffic({ now: () => fake.clock.now() });
  const chat = client(recorder);
  for (const uid of ["admin", "user", "data"]) await unwrap(chat.POST("/users", { body: { uid, name: `The ${uid}` } }));
  await unwrap(chat.POST("/groups", { body: { guid: "g1", name: "G", owner: "admin", members: { participants: ["user", "data"] } } }));
  await unwrap(chat.as("user").POST("/messages", { body: { receiver: "admin", receiverType: "user", data: { text: "hey" } } }));
  await unwrap(chat.POST("/users/{uid}/blockedusers", { params: { path: { uid: "admin" } }, body: { blockedUids: ["data"] } }));
  await unwrap(chat.GET("/groups/{guid}/members", { params: { path: { guid: "g1" } } }));
  const text = JSON.stringify(recorder.recording.exchanges);
  expect(text).toContain('"scope":"admin"');
  expect(text).toContain('"receiverType":"user"');
  expect(text).toContain('"data":{"user-3":{"success":true');
  expect(text).not.toMatch(/"uid":"(admin|user|data)"/);
  const report = await verifyFake(recorder.recording);
  expect(report.differences).toEqual([]);
});

test("calls whose answers end out of order are kept in the order they were sent, in memory and when the file is read", async () => {
  const file = files.path("overlap.ndjson");
  const recorder = recordTraffic({ file });
  // The list's answer is held until the call sent after it has its own.
  let release!: () => void;
  const gate = new Promise<void>((done) => (release = done));
  const fetch = async (request: Request) => {
    const response = await globalThis.fetch(request);
    if (new URL(request.url).pathname === "/users" && request.method === "GET") await gate;
    return response;
  };
  const chat = createChatClient({ appId: fake.appId, apiKey: fake.apiKey, baseUrl: fake.url, maxRetries: 0, fetch });
  chat.use(recorder);
  await unwrap(chat.POST("/users", { body: { uid: "ana", name: "Ana" } }));
  const held = chat.GET("/users");
  await unwrap(chat.GET("/users/{uid}", { params: { path: { uid: "ana" } } }));
  release();
  await held;
  const written = readFileSync(file, "utf8")
    .trim()
    .split("\n")
    .slice(1)
    .map((line) => JSON.parse(line).operationId);
  expect(written).toEqual(["create-user", "get-user", "list-users"]);
  expect(recorder.recording.exchanges.map((e) => e.operationId)).toEqual(["create-user", "list-users", "get-user"]);
  expect(readRecording(file).exchanges.map((e) => e.seq)).toEqual([1, 2, 3]);
});

test("a file that is not a recording is refused, naming what is wrong", () => {
  expect(() => parseRecording('{"format":"har"}\n')).toThrow(
    'recording: the first line must be a header with format "chat-rest-sdk/recording@1" (got "har").',
  );
  expect(() => parseRecording('{"format":"chat-rest-sdk/recording@1"}\nnot json\n')).toThrow("recording: line 2 is not JSON.");
});

test("the search for credentials finds one as written and one escaped in JSON", () => {
  expect(credentialsIn('{"note":"k-31/x"}', ["k-31/x", "absent-1"])).toEqual(["k-31/x"]);
  expect(credentialsIn(JSON.stringify({ note: 'p"w\\1' }), ['p"w\\1'])).toEqual(['p"w\\1']);
});

test("no recording this file wrote holds a key, a secret, an auth token or a password it used", () => {
  expect(files.leaks()).toEqual([]);
});
