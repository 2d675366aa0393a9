// sendMessageOnce against the fake: a message whose answer is lost is looked up by its muid before
// it is sent again, so each message is stored once, whatever the faults; replies in threads too.
import { ChatConnectionError, createChatClient, InternalServerError } from "../../../src/index";
import { sendMessageOnce } from "../../../src/helpers/index";
import { forEachLimited } from "../../../src/helpers/for-each-limited";
import { type FakeServer, startFakeServer } from "../../../src/testing/index";

let fake: FakeServer;
beforeAll(async () => {
  fake = await startFakeServer({ maxItems: 1_000_000 });
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.reset();
  fake.seed({
    users: [
      { uid: "ana", name: "Ana" },
      { uid: "ben", name: "Ben" },
    ],
    groups: [{ guid: "team", name: "Team", owner: "ana" }],
    members: [{ guid: "team", uid: "ben" }],
  });
});

/** A client that counts the requests it sends, as `METHOD /path`. */
function countingChat() {
  const requests: string[] = [];
  const chat = createChatClient({
    appId: fake.appId,
    apiKey: fake.apiKey,
    baseUrl: fake.url,
    fetch: (input, init) => {
      requests.push(`${input.method} ${new URL(input.url).pathname}`);
      return fetch(input, init);
    },
  });
  return { chat, requests };
}

const stored = (muid: string) => [...fake.state.messages.values()].filter((message) => message.muid === muid);
const text = (words: string) => ({ receiver: "ben", receiverType: "user" as const, type: "text" as const, data: { text: words } });

test("a message whose answer was lost after it was stored is found by its muid and not sent again", async () => {
  const { chat, requests } = countingChat();
  const drop = fake.faults.add({ operationId: "send-message", kind: "apply-then-drop", times: 1 });
  const result = await sendMessageOnce(chat.as("ana"), text("Order shipped"), { retryDelayMs: 0 });
  expect(drop.fired).toBe(1);
  expect(result).toMatchObject({ status: "alreadySent", attempts: 1, message: { sender: "ana", data: { text: "Order shipped" } } });
  expect(stored(result.muid)).toHaveLength(1);
  expect(requests.filter((r) => r === "POST /messages")).toHaveLength(1);
});

test("a send that never reached the service is sent again without a lookup, and reports sent", async () => {
  const { chat, requests } = countingChat();
  fake.faults.add({ operationId: "send-message", kind: "status", status: 503, times: 1 });
  const result = await sendMessageOnce(chat.as("ana"), text("Hello"), { retryDelayMs: 0 });
  // A 503 may have been processed: the helper looks, finds nothing, and sends again.
  expect(result).toMatchObject({ status: "sent", attempts: 2 });
  expect(requests).toEqual(["POST /messages", "GET /messages", "POST /messages"]);
  expect(stored(result.muid)).toHaveLength(1);
});

test("the caller's muid is the one sent and looked up", async () => {
  const { chat } = countingChat();
  fake.faults.add({ operationId: "send-message", kind: "apply-then-drop", times: 1 });
  const result = await sendMessageOnce(chat.as("ana"), { ...text("Mine"), muid: "order-1042-shipped" }, { retryDelayMs: 0 });
  expect(result).toMatchObject({ status: "alreadySent", muid: "order-1042-shipped", message: { muid: "order-1042-shipped" } });
  expect(stored("order-1042-shipped")).toHaveLength(1);
});

test("a message sent by an earlier run is found before any send when since is given", async () => {
  const { chat, requests } = countingChat();
  const since = Date.now();
  await sendMessageOnce(chat.as("ana"), { ...text("Once"), muid: "run-1" });
  requests.length = 0;
  const again = await sendMessageOnce(chat.as("ana"), { ...text("Once"), muid: "run-1" }, { since });
  expect(again).toMatchObject({ status: "alreadySent", attempts: 0 });
  expect(requests).toEqual(["GET /messages"]);
  expect(stored("run-1")).toHaveLength(1);
});

test("a same muid in another conversation is not taken for the message", async () => {
  const { chat } = countingChat();
  fake.seed({ messages: [{ sender: "ana", receiver: "team", receiverType: "group", text: "Elsewhere", muid: "shared" }] });
  fake.faults.add({ operationId: "send-message", kind: "status", status: 503, times: 1 });
  const result = await sendMessageOnce(chat.as("ana"), { ...text("Here"), muid: "shared" }, { retryDelayMs: 0 });
  expect(result.status).toBe("sent");
  expect(result.message.receiver).toBe("ben");
});

test("the lookup walks back through every slice since the send began until it finds the message", async () => {
  const { chat, requests } = countingChat();
  const since = Date.now();
  await sendMessageOnce(chat.as("ana"), { ...text("Early"), muid: "early" });
  // 250 messages after it, so it is on the third slice of 100 back from the newest.
  fake.seed({
    messages: Array.from({ length: 250 }, (_, i) => ({ sender: "ana", receiver: "ben", receiverType: "user" as const, text: `m${i}` })),
  });
  requests.length = 0;
  const result = await sendMessageOnce(chat.as("ana"), { ...text("Early"), muid: "early" }, { since });
  expect(result).toMatchObject({ status: "alreadySent", attempts: 0, message: { data: { text: "Early" } } });
  expect(requests).toEqual(["GET /messages", "GET /messages", "GET /messages"]);
  expect(stored("early")).toHaveLength(1);
});

test("a client not bound to a user sends as onBehalfOf, and looks up as that user", async () => {
  const { chat } = countingChat();
  fake.faults.add({ operationId: "send-message", kind: "apply-then-drop", times: 1 });
  const result = await sendMessageOnce(chat, text("From Ana"), { onBehalfOf: "ana", retryDelayMs: 0 });
  expect(result).toMatchObject({ status: "alreadySent", message: { sender: "ana" } });
});

test("a thread reply carries the muid and is sent once through a lost answer", async () => {
  const { chat } = countingChat();
  const parent = await sendMessageOnce(chat.as("ana"), { receiver: "team", receiverType: "group", data: { text: "Standup?" } });
  fake.faults.add({ operationId: "send-thread-message", kind: "apply-then-drop", times: 1 });
  const reply = await sendMessageOnce(
    chat.as("ben"),
    { receiver: "team", receiverType: "group", data: { text: "Yes" } },
    { parentId: parent.message.id, retryDelayMs: 0 },
  );
  expect(reply).toMatchObject({ status: "alreadySent", message: { parentId: parent.message.id, muid: reply.muid } });
  expect(stored(reply.muid)).toHaveLength(1);
});

test("an answer about the message itself (a 4xx) is thrown at once; transient failures after the last attempt throw the last error", async () => {
  const { chat, requests } = countingChat();
  const refused = await sendMessageOnce(chat.as("ana"), { ...text("x"), receiver: "nobody" }).catch((e: unknown) => e);
  expect(refused).toMatchObject({ status: 400 });
  expect(requests).toEqual(["POST /messages"]);
  fake.faults.add({ operationId: "send-message", kind: "status", status: 500 });
  const failed = await sendMessageOnce(chat.as("ana"), text("y"), { maxAttempts: 3, retryDelayMs: 0 }).catch((e: unknown) => e);
  expect(failed).toBeInstanceOf(InternalServerError);
  expect((failed as InternalServerError).mayHaveReachedService).toBe(true);
  fake.faults.clear();
  fake.faults.add({ operationId: "send-message", kind: "reset-before" });
  const reset = await sendMessageOnce(chat.as("ana"), text("z"), { maxAttempts: 2, retryDelayMs: 0 }).catch((e: unknown) => e);
  expect(reset).toBeInstanceOf(ChatConnectionError);
  expect(fake.state.messages.size).toBe(0);
});

test("bad input throws a ChatConfigError before anything is sent", async () => {
  const { chat, requests } = countingChat();
  await expect(sendMessageOnce(chat, text("x"), { parentId: "" })).rejects.toThrow("options.parentId");
  await expect(sendMessageOnce(chat, { ...text("x"), muid: 7 as unknown as string })).rejects.toThrow("body.muid");
  await expect(sendMessageOnce(chat, text("x"), { bogus: 1 } as never)).rejects.toThrow("options.bogus is not an option");
  expect(requests).toEqual([]);
});

test("1,000 sends under lost answers, reset connections and 503s store 1,000 messages, none twice", async () => {
  const { chat } = countingChat();
  for (const operationId of ["send-message", "send-thread-message"]) {
    fake.faults.add({ operationId, kind: "apply-then-drop", probability: 0.1, seed: 1 });
    fake.faults.add({ operationId, kind: "reset-before", probability: 0.1, seed: 2 });
    fake.faults.add({ operationId, kind: "status", status: 503, probability: 0.1, seed: 3 });
  }
  fake.faults.add({ operationId: "list-all-messages", kind: "reset-before", probability: 0.05, seed: 4 });
  const parent = await sendMessageOnce(
    chat.as("ana"),
    { receiver: "team", receiverType: "group", data: { text: "Thread" } },
    { maxAttempts: 20, retryDelayMs: 0 },
  );
  const statuses = { sent: 0, alreadySent: 0 };
  // Twenty at a time, each taken as one ends: a lookup retried after a reset waits alone.
  await forEachLimited(
    Array.from({ length: 1000 }, (_, i) => i),
    20,
    async (i) => {
      const asUser = i % 2 === 0 ? "ana" : "ben";
      const body =
        i % 3 === 2
          ? { receiver: asUser === "ana" ? "ben" : "ana", receiverType: "user" as const, data: { text: `direct ${i}` } }
          : { receiver: "team", receiverType: "group" as const, data: { text: `${i % 3 === 0 ? "reply" : "group"} ${i}` } };
      const result = await sendMessageOnce(chat.as(asUser), body, {
        ...(i % 3 === 0 ? { parentId: parent.message.id } : {}),
        maxAttempts: 20,
        retryDelayMs: 0,
      });
      statuses[result.status]++;
    },
  );
  const texts = [...fake.state.messages.values()].filter((m) => m.category !== "action").map((m) => m.data.text as string);
  expect(texts).toHaveLength(1001);
  expect(new Set(texts).size).toBe(1001);
  expect(statuses.sent + statuses.alreadySent).toBe(1000);
  // The faults did fire: some answers were lost after the message was stored.
  expect(statuses.alreadySent).toBeGreaterThan(0);
});
