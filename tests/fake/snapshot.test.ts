// snapshot() and restore(): a suite seeds once and starts each test from the same state, and a
// state written to a JSON file starts another fake (startFakeServer({ state })). How much faster
// a restore is than seeding again is measured in the bench (bench/fake-snapshot.ts), not here.
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { unwrap } from "../../src/index";
import { type FakeSnapshot, startFakeServer } from "../../src/testing/index";
import { answerChecker } from "./answer-checker";
import { attachWebhook } from "./attach-webhook";
import { useFakeStarter } from "./checked-fake";

const checker = answerChecker();
const start = useFakeStarter(checker);

/** A marketplace scene, set through the API so that every part of the model holds something. */
async function scene(clients: Awaited<ReturnType<typeof start>>) {
  const { fake, chat, management } = clients;
  fake.seed({
    users: ["seller", "buyer", "courier"].map((uid) => ({ uid, name: uid })),
    groups: [{ guid: "order-7", name: "Order 7", owner: "seller" }],
    members: [{ guid: "order-7", uid: "buyer" }],
    messages: [{ sender: "buyer", receiver: "order-7", receiverType: "group", text: "Is it in stock?" }],
  });
  const answer = await unwrap(
    chat.as("seller").POST("/messages", { body: { receiver: "order-7", receiverType: "group", data: { text: "Yes" } } }),
  );
  await unwrap(chat.as("buyer").POST("/messages/{id}/reactions/{reaction}", { params: { path: { id: answer.data.id, reaction: "👍" } } }));
  await unwrap(chat.as("buyer").POST("/groups/{guid}/conversation/read", { params: { path: { guid: "order-7" } }, body: {} }));
  await unwrap(chat.POST("/users/{uid}/friends", { params: { path: { uid: "seller" } }, body: { accepted: ["courier"] } }));
  await unwrap(chat.POST("/roles", { body: { role: "vip", name: "VIP" } }));
  await attachWebhook(management, fake.appId, { id: "hooks", name: "Hooks", webhookURL: "https://hooks.example.org/" }, ["message_sent"]);
  return answer.data.id;
}

/** What a test reads back: the state, and the answers of the lists. */
async function observe({ fake, chat, management }: Awaited<ReturnType<typeof start>>) {
  const messages = await unwrap(chat.GET("/groups/{guid}/messages", { params: { path: { guid: "order-7" } } }));
  const conversation = await unwrap(chat.as("buyer").GET("/groups/{guid}/conversation", { params: { path: { guid: "order-7" } } }));
  const triggers = await unwrap(
    management.GET("/apps/{appId}/webhooks/{webhookId}/triggers", { params: { path: { appId: fake.appId, webhookId: "hooks" } } }),
  );
  const roles = await unwrap(chat.GET("/roles"));
  const { size, users, groups, members, friends } = fake.state;
  return {
    size,
    users: [...users.values()],
    groups: [...groups.values()],
    members: [...(members.get("order-7")?.entries() ?? [])],
    friends: [...friends],
    messages: messages.data,
    unread: conversation.data.unreadMessageCount,
    triggers: triggers.data,
    roles: roles.data,
  };
}

test("journey: seeded once, each test restores the snapshot and starts from the same state, however the one before changed it", async () => {
  const clients = await start();
  const { fake, chat } = clients;
  const answerId = await scene(clients);
  const seeded = fake.snapshot();
  const before = await observe(clients);

  // A test changes every part of the model it can reach, then the next one restores.
  for (let test = 0; test < 2; test++) {
    const seller = chat.as("seller");
    await unwrap(seller.PUT("/messages/{id}", { params: { path: { id: answerId } }, body: { data: { text: "No, sorry" } } }));
    await unwrap(chat.as("buyer").DELETE("/messages/{id}/reactions/{reaction}", { params: { path: { id: answerId, reaction: "👍" } } }));
    await unwrap(chat.as("buyer").POST("/messages/{id}/reactions/{reaction}", { params: { path: { id: answerId, reaction: "🎉" } } }));
    await unwrap(seller.POST("/messages", { body: { receiver: "order-7", receiverType: "group", data: { text: "More soon" } } }));
    await unwrap(seller.PUT("/groups/{guid}", { params: { path: { guid: "order-7" } }, body: { name: "Order 7 (closed)" } }));
    await unwrap(
      seller.PUT("/groups/{guid}/members/{uid}", { params: { path: { guid: "order-7", uid: "buyer" } }, body: { scope: "moderator" } }),
    );
    await unwrap(chat.as("buyer").DELETE("/groups/{guid}/conversation/read", { params: { path: { guid: "order-7" } }, body: {} }));
    await unwrap(chat.PUT("/users/{uid}", { params: { path: { uid: "buyer" } }, body: { name: "Renamed" } }));
    await unwrap(chat.DELETE("/users/{uid}/friends", { params: { path: { uid: "seller" } }, body: { friends: ["courier"] } }));
    await unwrap(chat.PUT("/roles/{role}", { params: { path: { role: "vip" } }, body: { name: "Gold" } }));
    await unwrap(
      clients.management.DELETE("/apps/{appId}/webhooks/{webhookId}/triggers", {
        params: { path: { appId: fake.appId, webhookId: "hooks" } },
        body: { triggerIds: ["message_sent"] },
      }),
    );
    expect(await observe(clients)).not.toEqual(before);
    fake.restore(seeded);
    expect(await observe(clients)).toEqual(before);
  }
  // New ids follow those of the snapshot, as they would have.
  const next = await unwrap(chat.POST("/messages", { body: { receiver: "order-7", receiverType: "group", data: { text: "next" } } }));
  expect(Number(next.data.id)).toBe(Math.max(...before.messages.map((message) => Number(message.id))) + 1);
});

test("a snapshot is JSON: written to a file, it starts another fake with startFakeServer({ state }), serving the snapshot's app", async () => {
  const first = await start();
  await scene(first);
  const file = join(tmpdir(), `fake-state-${process.pid}.json`);
  writeFileSync(file, JSON.stringify(first.fake.snapshot()));
  try {
    const state = JSON.parse(readFileSync(file, "utf8")) as FakeSnapshot;
    const second = await start({ state });
    expect(second.fake.appId).toBe(first.fake.appId);
    expect(await observe(second)).toEqual(await observe(first));
    // Restoring a snapshot read from a file, again and again, leaves that object as it was.
    const text = JSON.stringify(state);
    second.fake.reset();
    second.fake.restore(state);
    await unwrap(second.chat.as("seller").POST("/messages", { body: { receiver: "order-7", receiverType: "group", data: { text: "x" } } }));
    second.fake.restore(state);
    expect(JSON.stringify(state)).toBe(text);
    expect(await observe(second)).toEqual(await observe(first));
    // A given appId wins over the snapshot's.
    const third = await start({ state, appId: "other-app" });
    expect(third.fake.appId).toBe("other-app");
    expect(third.fake.state.users.get("buyer")?.name).toBe("buyer");
  } finally {
    rmSync(file, { force: true });
  }
});

test("restore() and startFakeServer({ state }) refuse what is not a snapshot, saying what is wrong", async () => {
  const { fake } = await start();
  const snapshot = fake.snapshot();
  expect(Object.isFrozen(snapshot) && Object.isFrozen(snapshot.model.users)).toBe(true);
  expect(() => fake.restore({} as FakeSnapshot)).toThrow(/restore: not a state of the fake \(format is undefined/);
  expect(() => fake.restore({ ...snapshot, model: { ...snapshot.model, messages: "x" } } as unknown as FakeSnapshot)).toThrow(
    /model\.messages is not an array/,
  );
  await expect(startFakeServer({ state: { ...snapshot, format: "other@2" } as unknown as FakeSnapshot })).rejects.toThrow(
    /startFakeServer: state: not a state of the fake \(format is "other@2"/,
  );
});

describe("a request in flight when the state is replaced", () => {
  const createUser = (fake: Awaited<ReturnType<typeof start>>["fake"], uid: string) =>
    fake.handle(
      new Request(`${fake.url}/users`, {
        method: "POST",
        headers: { apikey: fake.apiKey, "content-type": "application/json" },
        body: JSON.stringify({ uid, name: uid }),
      }),
    );

  test("restore() fences it off: held by delayNext, it is answered 500 and writes nothing into the restored state", async () => {
    const { fake } = await start();
    fake.seed({ users: [{ uid: "seeded", name: "Seeded" }] });
    const seeded = fake.snapshot();
    fake.delayNext("create-user", 100);
    // handle() admits the request at once: it arrives at the state before the restore.
    const inFlight = createUser(fake, "late");
    fake.restore(seeded);
    const answer = await inFlight;
    expect(answer.status).toBe(500);
    expect((await answer.json()).error.message).toMatch(/reset or restored while this request was in flight/);
    expect(fake.snapshot()).toEqual(seeded);
    // A request that arrives after the restore is served.
    expect((await createUser(fake, "next")).status).toBe(200);
    expect([...fake.state.users.keys()]).toEqual(["seeded", "next"]);
  });

  test("reset() answers 500 at once a request held by delayNext, rather than leaving it to hang", async () => {
    const { fake } = await start();
    fake.delayNext("create-user", 60_000);
    const inFlight = createUser(fake, "late");
    while (fake.clock.pending === 0) await new Promise((done) => setImmediate(done));
    fake.reset();
    const answer = await inFlight;
    expect(answer.status).toBe(500);
    expect((await answer.json()).error.message).toMatch(/reset or restored while this request was in flight/);
    expect(fake.state.size).toBe(0);
    expect(fake.clock.pending).toBe(0);
  });

  test("reset() and restore() answer 500 a request held by a latency fault, even one with a status fault too", async () => {
    const { fake } = await start();
    const seeded = fake.snapshot();
    for (const replace of [() => fake.reset(), () => fake.restore(seeded)]) {
      fake.faults.add({ operationId: "create-user", kind: "latency", ms: 30 * 24 * 3_600_000, times: 1 });
      fake.faults.add({ operationId: "create-user", kind: "status", status: 503, times: 1 });
      const inFlight = createUser(fake, "late");
      while (fake.clock.pending === 0) await new Promise((done) => setImmediate(done));
      replace();
      expect((await inFlight).status).toBe(500);
      expect(fake.state.users.size).toBe(0);
    }
  });

  test("reset() fences it off too, even while its body is still being read", async () => {
    const { fake } = await start();
    const inFlight = createUser(fake, "late");
    fake.reset();
    expect((await inFlight).status).toBe(500);
    expect(fake.state.size).toBe(0);
  });
});
