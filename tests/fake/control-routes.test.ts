// The fake's controls from another process: routes under /__fake on its own port, only with its
// control token, and connectFake, which drives them as the in-process methods do.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { ChatConnectionError, createChatClient, createManagementClient, unwrap } from "../../src/index";
import { connectFake, type FakeServer, type RemoteFake, startFakeServer } from "../../src/testing/index";
import { operations } from "../../generated/manifest";
import { attachWebhook } from "./attach-webhook";

const T = Date.UTC(2030, 0, 1);

let fake: FakeServer;
let remote: RemoteFake;
beforeAll(async () => {
  fake = await startFakeServer();
  remote = await connectFake(fake.url, fake.controlToken);
});
afterAll(() => fake.close());
beforeEach(() => remote.reset());

const chatOf = (maxRetries = 0) => createChatClient({ appId: remote.appId, apiKey: remote.apiKey, baseUrl: remote.url, maxRetries });

test("connectFake reads the fake's credentials; seed, snapshot, restore and reset act on the fake", async () => {
  expect(remote).toMatchObject({ appId: fake.appId, apiKey: fake.apiKey, key: fake.key, secret: fake.secret });
  const seeded = await remote.seed({
    users: [{ uid: "ana", name: "Ana" }],
    messages: [{ sender: "ana", receiver: "ana", receiverType: "user", text: "note", sentAt: 1_700_000_000 }],
  });
  expect(seeded.messages).toEqual([expect.objectContaining({ id: "1", sentAt: 1_700_000_000 })]);
  const saved = await remote.snapshot();
  await unwrap(chatOf().POST("/users", { body: { uid: "ben", name: "Ben" } }));
  await remote.restore(saved);
  expect([...fake.state.users.keys()]).toEqual(["ana"]);
  await remote.reset();
  expect(fake.state.users.size).toBe(0);
  await expect(remote.seed({ members: [{ guid: "g", uid: "nobody" }] })).rejects.toThrow(/seed: member nobody of g/);
});

test("the clock: freeze, advance and resume from another process, with sentAt on the frozen clock", async () => {
  await remote.seed({
    users: [
      { uid: "ana", name: "Ana" },
      { uid: "ben", name: "Ben" },
    ],
  });
  await remote.clock.freeze(new Date(T));
  expect(await remote.clock.now()).toBe(T);
  await remote.clock.advance(90_000);
  const sent = await unwrap(
    chatOf()
      .as("ana")
      .POST("/messages", { body: { receiver: "ben", receiverType: "user", data: { text: "hi" } } }),
  );
  expect(sent.data.sentAt).toBe(T / 1000 + 90);
  await remote.clock.resume();
  expect(fake.clock.frozen).toBe(false);
});

test("the clock routes refuse an instant a Date cannot hold with 400 and a message that says why", async () => {
  const post = (path: string, body: unknown) =>
    fetch(`${fake.url}/__fake/clock/${path}`, {
      method: "POST",
      headers: { "x-fake-control-token": fake.controlToken, "content-type": "application/json" },
      body: JSON.stringify(body),
    });
  const frozen = await post("freeze", { at: 1e16 });
  expect(frozen.status).toBe(400);
  expect((await frozen.json()).error.message).toMatch(/clock\.freeze: at must be within 8640000000000000 ms of the epoch/);
  expect(fake.clock.frozen).toBe(false);
  await remote.clock.freeze(8.64e15 - 1_000);
  const advanced = await post("advance", { ms: 1e300 });
  expect(advanced.status).toBe(400);
  expect((await advanced.json()).error.message).toMatch(/clock\.advance: ms would take the clock past 8640000000000000 ms/);
  expect(fake.clock.now()).toBe(8.64e15 - 1_000);
  await expect(remote.clock.freeze(-1e16)).rejects.toThrow(TypeError);
  await expect(remote.clock.advance(2_000)).rejects.toThrow(/the last instant a Date holds/);
  expect(fake.clock.now()).toBe(8.64e15 - 1_000);
});

test("a remote clock.reset() and restore() put the clock back to real time", async () => {
  const saved = await remote.snapshot();
  await remote.clock.freeze(T);
  await remote.clock.reset();
  expect(fake.clock.frozen).toBe(false);
  await remote.clock.freeze(T);
  await remote.restore(saved);
  expect(fake.clock.frozen).toBe(false);
  expect(Math.abs((await remote.clock.now()) - Date.now())).toBeLessThan(60_000);
});

test("a remote reset() answers 500 a request held by delayNext, at once", async () => {
  await remote.delayNext("list-users", 60_000);
  const listing = chatOf().GET("/users");
  while ((await remote.clock.pending()) === 0) await new Promise((done) => setTimeout(done, 5));
  await remote.reset();
  const { response, error } = await listing;
  expect(response.status).toBe(500);
  expect(error).toMatchObject({ error: { message: expect.stringMatching(/reset or restored while this request was in flight/) } });
});

test("faults: added with a seed, counted, removed and cleared; failNext and delayNext too", async () => {
  const chat = chatOf();
  const rule = await remote.faults.add({ operationId: "create-user", kind: "apply-then-drop", seed: 5 });
  expect(rule.seed).toBe(5);
  const error = await unwrap(chat.POST("/users", { body: { uid: "ana", name: "Ana" } })).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ChatConnectionError);
  expect(fake.state.users.has("ana")).toBe(true);
  expect(await rule.fired()).toBe(1);
  await rule.remove();
  await unwrap(chat.POST("/users", { body: { uid: "ben", name: "Ben" } }));
  await remote.failNext("list-users", { status: 503 });
  expect((await chat.GET("/users")).response.status).toBe(503);
  await remote.clock.freeze(T);
  await remote.delayNext("list-users", 10_000);
  const held = chat.GET("/users");
  while ((await remote.clock.pending()) === 0) await new Promise((wake) => setTimeout(wake, 5));
  await remote.clock.advance(10_000);
  expect((await held).response.status).toBe(200);
  await remote.faults.add({ operationId: "*", kind: "status", status: 500 });
  await remote.faults.clear();
  expect((await chat.GET("/users")).response.status).toBe(200);
  await expect(remote.faults.add({ operationId: "nope", kind: "reset-before" })).rejects.toThrow(TypeError);
  await expect(remote.faults.add({ operationId: "*", kind: "reset-before", where: () => true } as never)).rejects.toThrow(
    "faults.add: where is a function and cannot be sent.",
  );
});

test("deliveries: listed, settled and waited for from another process", async () => {
  const receiver = createServer((req, res) => req.resume().on("end", () => res.writeHead(200).end()));
  await new Promise<void>((done) => receiver.listen(0, "127.0.0.1", done));
  try {
    const management = createManagementClient({ key: remote.key, secret: remote.secret, baseUrl: remote.url });
    const webhookURL = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
    await attachWebhook(management, remote.appId, { id: "h", name: "H", webhookURL }, ["group_created"]);
    const waiting = remote.waitForDelivery({ trigger: "group_created", webhook: "h" }, { timeoutMs: 5_000 });
    await unwrap(chatOf().POST("/groups", { body: { guid: "g", name: "G", type: "public" } }));
    expect(await waiting).toMatchObject({ trigger: "group_created", state: "delivered", payload: { data: { group: { guid: "g" } } } });
    await remote.webhooksSettled();
    expect((await remote.webhookDeliveries()).map((d) => d.trigger)).toEqual(["group_created"]);
    await expect(remote.waitForDelivery({ trigger: "message_sent" }, { timeoutMs: 10 })).rejects.toThrow(/no delivery of message_sent/);
  } finally {
    receiver.closeAllConnections();
    await new Promise((done) => receiver.close(done));
  }
});

test("the control routes refuse a request without the token, and leave the fake as it was", async () => {
  await remote.seed({ users: [{ uid: "ana", name: "Ana" }] });
  await expect(connectFake(fake.url, "wrong-token")).rejects.toThrow(/need the fake's control token in x-fake-control-token/);
  const bare = await fetch(`${fake.url}/__fake/reset`, { method: "POST" });
  expect(bare.status).toBe(401);
  const withApiKey = await fetch(`${fake.url}/__fake/reset`, { method: "POST", headers: { apikey: fake.apiKey } });
  expect(withApiKey.status).toBe(401);
  expect(fake.state.users.has("ana")).toBe(true);
  const unknown = await fetch(`${fake.url}/__fake/nothing`, { headers: { "x-fake-control-token": fake.controlToken } });
  expect(unknown.status).toBe(404);
});

test("no path of the service starts with the control prefix, and a given controlToken is used", async () => {
  const paths = operations.map((operation) => operation.path);
  expect(paths.length).toBeGreaterThan(100);
  expect(paths.filter((path) => path.startsWith("/__fake"))).toEqual([]);
  const own = await startFakeServer({ controlToken: "test-control-token" });
  try {
    expect(own.controlToken).toBe("test-control-token");
    expect((await connectFake(own.url, "test-control-token")).appId).toBe(own.appId);
  } finally {
    await own.close();
  }
  await expect(startFakeServer({ controlToken: "" })).rejects.toThrow("startFakeServer: controlToken must be a non-empty string.");
});
