// The webhooks of the fake's Management API, and the events they receive when the Chat API
// changes state: POSTed with Basic auth to a real loopback receiver, each payload checked with
// Ajv against its event schema in the spec (./receiver.ts), failed deliveries retried.
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { NotFoundError, unwrap } from "../../src/index";
import type { FakeServer, FiredTrigger } from "../../src/testing/index";
import { createWebhookHandler, toNodeHandler } from "../../src/webhooks/index";
import { answerChecker } from "./answer-checker";
import { attachWebhook } from "./attach-webhook";
import { type FakeClients, useCheckedFake } from "./checked-fake";
import { eventProblems } from "./receiver";

interface Received {
  authorization: string | undefined;
  body: { trigger: string; data: Record<string, any>; appId: string; region: string; webhook: string };
}

const servers: Server[] = [];

/** A loopback receiver that answers with the statuses given, in turn (then 200), and keeps what it got. */
async function receiver(statuses: number[] = []) {
  const received: Received[] = [];
  const server = createServer((req: IncomingMessage, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      received.push({ authorization: req.headers.authorization, body: JSON.parse(Buffer.concat(chunks).toString("utf8")) });
      res.writeHead(statuses.shift() ?? 200).end();
    });
  });
  servers.push(server);
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`, received };
}

async function closeServers() {
  await Promise.all(
    servers.splice(0).map((server) => {
      server.closeAllConnections();
      return new Promise((done) => server.close(done));
    }),
  );
}

let fake: FakeServer;
const checker = answerChecker();
let clients: FakeClients;
useCheckedFake(
  checker,
  (started, startedClients) => {
    fake = started;
    clients = startedClients;
  },
  {
    options: { region: "eu", webhookRetryDelays: [10, 10, 10] },
    settle: async (started) => {
      await started.webhooksSettled();
      await closeServers();
    },
  },
);

const app = () => ({ appId: fake.appId });

/** Creates a webhook through the Management API and attaches `triggers`. */
async function webhook(url: string, triggers: FiredTrigger[], extra: { retryOnFailure?: boolean; useBasicAuth?: boolean } = {}) {
  const webhook = { id: "chat-events", name: "Chat events", webhookURL: url, useBasicAuth: true, username: "hook", password: "pässword" };
  await attachWebhook(clients.management, fake.appId, { ...webhook, ...extra }, triggers);
}

test("a webhook is created, read, listed, changed and deleted through the Management API, then is not found", async () => {
  const { management } = clients;
  const path = { ...app(), webhookId: "orders" };
  const created = await unwrap(
    management.POST("/apps/{appId}/webhooks", {
      params: { path: app() },
      body: { id: "orders", name: "Orders", webhookURL: "https://hooks.example.org/chat", enabled: false },
    }),
  );
  expect(created.data).toMatchObject({ id: "orders", name: "Orders", enabled: false });
  expect((await unwrap(management.GET("/apps/{appId}/webhooks/{webhookId}", { params: { path } }))).data.name).toBe("Orders");
  await unwrap(management.PUT("/apps/{appId}/webhooks/{webhookId}", { params: { path }, body: { name: "Orders v2", enabled: true } }));
  const listed = await unwrap(management.GET("/apps/{appId}/webhooks", { params: { path: app(), query: { searchKey: "v2" } } }));
  expect(listed.data).toEqual([expect.objectContaining({ id: "orders", name: "Orders v2", enabled: true })]);
  expect(fake.state.size).toBe(1);
  await unwrap(management.DELETE("/apps/{appId}/webhooks/{webhookId}", { params: { path } }));
  const gone = await unwrap(management.GET("/apps/{appId}/webhooks/{webhookId}", { params: { path } })).catch((e: unknown) => e);
  expect(gone).toBeInstanceOf(NotFoundError);
  expect((gone as NotFoundError).code).toBe("ERR_WEBHOOK_NOT_FOUND");
  expect(fake.state.size).toBe(0);
});

test("triggers are added, listed and removed; an unknown webhook or app is a 404 with its code", async () => {
  const { management } = clients;
  await webhook("https://hooks.example.org/chat", ["message_sent", "group_created"]);
  const path = { ...app(), webhookId: "chat-events" };
  const list = async () =>
    (await unwrap(management.GET("/apps/{appId}/webhooks/{webhookId}/triggers", { params: { path } }))).data.map((t) => t.id);
  expect(await list()).toEqual(["message_sent", "group_created"]);
  await unwrap(
    management.DELETE("/apps/{appId}/webhooks/{webhookId}/triggers", { params: { path }, body: { triggerIds: ["message_sent"] } }),
  );
  expect(await list()).toEqual(["group_created"]);
  expect(fake.state.size).toBe(2);
  const noHook = await unwrap(
    management.POST("/apps/{appId}/webhooks/{webhookId}/triggers", {
      params: { path: { ...app(), webhookId: "nope" } },
      body: { triggerIds: ["message_sent"] },
    }),
  ).catch((e: unknown) => e);
  expect((noHook as NotFoundError).code).toBe("ERR_WEBHOOK_NOT_FOUND");
  const noApp = await unwrap(management.GET("/apps/{appId}/webhooks", { params: { path: { appId: "other-app" } } })).catch(
    (e: unknown) => e,
  );
  expect(noApp).toBeInstanceOf(NotFoundError);
  expect((noApp as NotFoundError).code).toBe("ERR_APP_NOT_FOUND");
});

test("every state change of the Chat API reaches the webhook with its trigger, with Basic auth and a payload valid against its event schema", async () => {
  const { chat } = clients;
  const hook = await receiver();
  const triggers: FiredTrigger[] = [
    ...(["message_sent", "message_edited", "message_deleted", "group_created", "group_member_added", "group_member_kicked"] as const),
    ...(["group_member_banned", "group_member_scope_changed", "group_deleted", "user_blocked", "user_unblocked"] as const),
  ];
  await webhook(hook.url, triggers);
  for (const uid of ["ann", "bob", "cy"]) await unwrap(chat.POST("/users", { body: { uid, name: uid.toUpperCase() } }));
  await unwrap(chat.POST("/groups", { body: { guid: "crew", name: "Crew", owner: "ann" } }));
  const guid = { guid: "crew" };
  await unwrap(chat.POST("/groups/{guid}/members", { params: { path: guid }, body: { participants: ["bob", "cy"] } }));
  await unwrap(chat.PUT("/groups/{guid}/members/{uid}", { params: { path: { ...guid, uid: "bob" } }, body: { scope: "moderator" } }));
  const sent = await unwrap(chat.as("bob").POST("/messages", { body: { receiver: "crew", receiverType: "group", data: { text: "hi" } } }));
  const id = { id: sent.data.id };
  await unwrap(chat.as("bob").PUT("/messages/{id}", { params: { path: id }, body: { data: { text: "hi all" } } }));
  await unwrap(chat.as("bob").DELETE("/messages/{id}", { params: { path: id } }));
  await unwrap(chat.DELETE("/groups/{guid}/members/{uid}", { params: { path: { ...guid, uid: "cy" } } }));
  await unwrap(chat.POST("/groups/{guid}/bannedusers/{uid}", { params: { path: { ...guid, uid: "bob" } } }));
  await unwrap(chat.POST("/users/{uid}/blockedusers", { params: { path: { uid: "ann" } }, body: { blockedUids: ["cy"] } }));
  await unwrap(chat.DELETE("/users/{uid}/blockedusers", { params: { path: { uid: "ann" } }, body: { blockedUids: ["cy"] } }));
  await unwrap(chat.DELETE("/groups/{guid}", { params: { path: guid } }));
  await fake.webhooksSettled();

  expect(hook.received.map((r) => r.body.trigger)).toEqual([
    ...["group_created", "group_member_added", "group_member_scope_changed", "message_sent", "message_edited", "message_deleted"],
    ...["group_member_kicked", "group_member_banned", "user_blocked", "user_unblocked", "group_deleted"],
  ]);
  const basic = `Basic ${Buffer.from("hook:pässword", "utf8").toString("base64")}`;
  for (const { authorization, body } of hook.received) {
    expect(authorization).toBe(basic);
    expect(body).toMatchObject({ appId: fake.appId, region: "eu", webhook: "chat-events" });
    expect(eventProblems(body)).toEqual([]);
  }
  // The check itself finds a broken payload.
  expect(eventProblems({ ...hook.received[0]!.body, region: 5 } as never)).not.toEqual([]);
  const by = (trigger: string) => hook.received.find((r) => r.body.trigger === trigger)!.body.data;
  expect(by("message_sent").message).toMatchObject({ id: sent.data.id, sender: "bob", receiver: "crew", data: { text: "hi" } });
  expect(by("message_edited").message.data).toMatchObject({ action: "edited", entities: { on: { entity: { data: { text: "hi all" } } } } });
  expect(Object.keys(by("group_member_added").members)).toEqual(["bob", "cy"]);
  expect(by("group_member_scope_changed").members.bob).toMatchObject({ scope: "moderator", oldScope: "participant" });
  expect(by("user_blocked")).toMatchObject({ users: { cy: { uid: "cy", name: "CY" } }, by: { uid: "ann" } });
  expect(fake.webhookDeliveries.map((d) => [d.trigger, d.state, d.status, d.attempts])).toEqual(
    hook.received.map((r) => [r.body.trigger, "delivered", 200, 1]),
  );
});

test("reactions and receipts reach the webhook too, each payload valid against its event schema", async () => {
  const { chat } = clients;
  const hook = await receiver();
  await webhook(hook.url, ["message_reaction_added", "message_reaction_removed", "message_delivery_receipt", "message_read_receipt"]);
  for (const uid of ["ann", "bob"]) await unwrap(chat.POST("/users", { body: { uid, name: uid.toUpperCase() } }));
  const sent = await unwrap(chat.as("ann").POST("/messages", { body: { receiver: "bob", receiverType: "user", data: { text: "hi" } } }));
  const at = { params: { path: { id: sent.data.id, reaction: "👍" } } };
  await unwrap(chat.as("bob").POST("/messages/{id}/reactions/{reaction}", at));
  await unwrap(chat.as("bob").DELETE("/messages/{id}/reactions/{reaction}", at));
  await unwrap(chat.as("bob").POST("/users/{uid}/conversation/delivered", { params: { path: { uid: "ann" } }, body: {} }));
  await unwrap(chat.as("bob").POST("/users/{uid}/conversation/read", { params: { path: { uid: "ann" } }, body: {} }));
  await fake.webhooksSettled();
  expect(hook.received.map((r) => r.body.trigger)).toEqual([
    "message_reaction_added",
    "message_reaction_removed",
    "message_delivery_receipt",
    "message_read_receipt",
  ]);
  expect(hook.received.flatMap((r) => eventProblems(r.body))).toEqual([]);
  expect(hook.received[0]!.body.data.reaction).toMatchObject({ reaction: "👍", uid: "bob" });
  expect(hook.received[3]!.body.data).toMatchObject({
    sender: "bob",
    messageSender: "ann",
    body: { action: "read", messageId: sent.data.id },
  });
});

test("only the triggers attached fire, and a disabled webhook receives nothing", async () => {
  const { chat, management } = clients;
  const hook = await receiver();
  await webhook(hook.url, ["user_blocked"]);
  fake.seed({
    users: [
      { uid: "ann", name: "Ann" },
      { uid: "bob", name: "Bob" },
    ],
  });
  await unwrap(chat.POST("/messages", { body: { receiver: "ann", receiverType: "user", data: { text: "welcome" } } }));
  await unwrap(chat.POST("/users/{uid}/blockedusers", { params: { path: { uid: "ann" } }, body: { blockedUids: ["bob"] } }));
  await unwrap(
    management.PUT("/apps/{appId}/webhooks/{webhookId}", {
      params: { path: { ...app(), webhookId: "chat-events" } },
      body: { enabled: false },
    }),
  );
  await unwrap(chat.DELETE("/users/{uid}/blockedusers", { params: { path: { uid: "ann" } }, body: { blockedUids: ["bob"] } }));
  await unwrap(chat.POST("/users/{uid}/blockedusers", { params: { path: { uid: "ann" } }, body: { blockedUids: ["bob"] } }));
  await fake.webhooksSettled();
  expect(hook.received.map((r) => r.body.trigger)).toEqual(["user_blocked"]);
});

test("a delivery answered with 500 is retried until it succeeds, with retryOnFailure", async () => {
  const hook = await receiver([500, 503]);
  await webhook(hook.url, ["message_sent"], { retryOnFailure: true });
  fake.seed({ users: [{ uid: "ann", name: "Ann" }] });
  await unwrap(clients.chat.POST("/messages", { body: { receiver: "ann", receiverType: "user", data: { text: "hi" } } }));
  await fake.webhooksSettled();
  expect(hook.received).toHaveLength(3);
  expect(new Set(hook.received.map((r) => JSON.stringify(r.body))).size).toBe(1);
  expect(fake.webhookDeliveries).toEqual([
    expect.objectContaining({ trigger: "message_sent", state: "delivered", status: 200, attempts: 3 }),
  ]);
});

test("a failed delivery is not retried without retryOnFailure, and a refused connection is retried and then given up", async () => {
  const hook = await receiver([500]);
  await webhook(hook.url, ["message_sent"]);
  fake.seed({ users: [{ uid: "ann", name: "Ann" }] });
  const send = () => unwrap(clients.chat.POST("/messages", { body: { receiver: "ann", receiverType: "user", data: { text: "hi" } } }));
  await send();
  await fake.webhooksSettled();
  expect(fake.webhookDeliveries).toEqual([expect.objectContaining({ state: "failed", status: 500, attempts: 1 })]);

  const closed = hook.url;
  await closeServers();
  fake.reset();
  await webhook(closed, ["message_sent"], { retryOnFailure: true });
  fake.seed({ users: [{ uid: "ann", name: "Ann" }] });
  await send();
  await fake.webhooksSettled();
  const [delivery] = fake.webhookDeliveries;
  expect(delivery).toMatchObject({ state: "failed", attempts: 4, error: expect.stringMatching(/ECONNREFUSED/) });
  expect(delivery!.status).toBeUndefined();
});

test("the API answers before a slow receiver does, and reset() forgets the deliveries", async () => {
  let release!: () => void;
  const held = new Promise<void>((done) => {
    release = done;
  });
  const server = createServer((req, res) => {
    req.resume();
    void held.then(() => res.writeHead(200).end());
  });
  servers.push(server);
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  await webhook(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`, ["message_sent"]);
  fake.seed({ users: [{ uid: "ann", name: "Ann" }] });
  await unwrap(clients.chat.POST("/messages", { body: { receiver: "ann", receiverType: "user", data: { text: "hi" } } }));
  expect(fake.webhookDeliveries).toEqual([expect.objectContaining({ state: "pending" })]);
  release();
  await fake.webhooksSettled();
  expect(fake.webhookDeliveries).toEqual([expect.objectContaining({ state: "delivered" })]);
  fake.reset();
  expect(fake.webhookDeliveries).toEqual([]);
});

test("journey: a webhook with message_sent delivers to a receiver built with createWebhookHandler, which parses the message", async () => {
  const stored: { id: string; text: unknown; sender: string }[] = [];
  const handler = createWebhookHandler({
    username: "hook",
    password: "pässword",
    on: {
      message_sent: (event) => {
        stored.push({ id: event.data.message.id, text: event.data.message.data.text, sender: event.data.message.sender });
      },
    },
  });
  const server = createServer(toNodeHandler(handler));
  servers.push(server);
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  await webhook(`http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks`, ["message_sent"]);
  fake.seed({
    users: [
      { uid: "buyer", name: "Buyer" },
      { uid: "seller", name: "Seller" },
    ],
  });
  const sent = await unwrap(
    clients.chat
      .as("buyer")
      .POST("/messages", { body: { receiver: "seller", receiverType: "user", data: { text: "Is it still available?" } } }),
  );
  await fake.webhooksSettled();
  expect(stored).toEqual([{ id: sent.data.id, text: "Is it still available?", sender: "buyer" }]);
  expect(fake.webhookDeliveries).toEqual([expect.objectContaining({ state: "delivered", status: 200 })]);
});

test("journey: members added, promoted, kicked and banned are each reported to the group's webhook, by whom", async () => {
  const hook = await receiver();
  await webhook(hook.url, ["group_member_added", "group_member_scope_changed", "group_member_kicked", "group_member_banned"]);
  fake.seed({
    users: ["owner", "ann", "bob"].map((uid) => ({ uid, name: uid })),
    groups: [{ guid: "club", name: "Club", owner: "owner" }],
  });
  const { chat } = clients;
  const guid = { guid: "club" };
  await unwrap(
    chat.as("owner").POST("/groups/{guid}/members", { params: { path: guid }, body: { participants: ["ann"], usersToBan: ["bob"] } }),
  );
  await unwrap(
    chat.as("owner").PUT("/groups/{guid}/members/{uid}", { params: { path: { ...guid, uid: "ann" } }, body: { scope: "admin" } }),
  );
  await unwrap(chat.as("owner").DELETE("/groups/{guid}/members/{uid}", { params: { path: { ...guid, uid: "ann" } } }));
  await fake.webhooksSettled();
  expect(
    hook.received.map(({ body }) => [body.trigger, Object.keys(body.data.members), body.data.by.uid, body.data.group.membersCount]),
  ).toEqual([
    ["group_member_added", ["ann"], "owner", 2],
    ["group_member_banned", ["bob"], "owner", 2],
    ["group_member_scope_changed", ["ann"], "owner", 2],
    ["group_member_kicked", ["ann"], "owner", 1],
  ]);
  for (const { body } of hook.received) expect(eventProblems(body)).toEqual([]);
});

test("journey: a user blocks and unblocks two others, and the webhook hears each change once, naming both", async () => {
  const hook = await receiver();
  await webhook(hook.url, ["user_blocked", "user_unblocked"]);
  fake.seed({ users: ["ann", "bob", "cy"].map((uid) => ({ uid, name: uid })) });
  const { chat } = clients;
  const path = { uid: "ann" };
  await unwrap(chat.POST("/users/{uid}/blockedusers", { params: { path }, body: { blockedUids: ["bob", "cy", "ghost"] } }));
  await unwrap(chat.DELETE("/users/{uid}/blockedusers", { params: { path }, body: { blockedUids: ["bob", "cy"] } }));
  await unwrap(chat.DELETE("/users/{uid}/blockedusers", { params: { path }, body: { blockedUids: ["bob"] } }));
  await fake.webhooksSettled();
  expect(hook.received.map(({ body }) => [body.trigger, Object.keys(body.data.users), body.data.by.uid])).toEqual([
    ["user_blocked", ["bob", "cy"], "ann"],
    ["user_unblocked", ["bob", "cy"], "ann"],
  ]);
  expect(fake.state.blockedUsers.get("ann")).toEqual([]);
});
