// waitForDelivery: a test waits for the webhook event it expects instead of polling
// webhookDeliveries; past or future, typed by trigger, and on a timeout it says what was delivered.
import { unwrap } from "../../src/index";
import { type FakeServer, startFakeServer } from "../../src/testing/index";
import { answerChecker, clientsOf } from "./answer-checker";
import { closeReceivers, receiverOf } from "./receiver";

let fake: FakeServer;
const checker = answerChecker();
let clients: ReturnType<typeof clientsOf>;
let receiver: Awaited<ReturnType<typeof receiverOf>>;

beforeAll(async () => {
  fake = await startFakeServer();
  clients = clientsOf(fake, checker);
});
afterAll(() => fake.close());
beforeEach(async () => {
  fake.reset();
  receiver = await receiverOf(fake, clients.management, ["message_sent", "user_blocked"]);
  fake.seed({ users: ["ann", "bob"].map((uid) => ({ uid, name: uid })) });
});
afterEach(async () => {
  await closeReceivers();
  expect(checker.problems()).toEqual([]);
});

const send = (text: string) =>
  unwrap(clients.chat.as("ann").POST("/messages", { body: { receiver: "bob", receiverType: "user", data: { text } } }));

test("journey: the delivery of a message already sent, and of one sent later, each resolve typed as their event", async () => {
  await send("first");
  const past = await fake.waitForDelivery({ trigger: "message_sent" });
  expect([past.state, past.status, past.payload.data.message.data.text]).toEqual(["delivered", 200, "first"]);
  const future = fake.waitForDelivery({ trigger: "message_sent", where: (event) => event.data.message.data.text === "second" });
  await send("second");
  const delivered = await future;
  expect([delivered.webhook, delivered.payload.data.message.sender, delivered.attempts]).toEqual(["hooks", "ann", 1]);
  expect(receiver.received.map((event) => event.data.message.data.text)).toEqual(["first", "second"]);
});

test("where and webhook choose among the deliveries, the first match winning", async () => {
  for (const text of ["a", "b", "c"]) await send(text);
  await unwrap(clients.chat.POST("/users/{uid}/blockedusers", { params: { path: { uid: "ann" } }, body: { blockedUids: ["bob"] } }));
  const second = await fake.waitForDelivery({
    trigger: "message_sent",
    webhook: "hooks",
    where: (event) => event.data.message.data.text !== "a",
  });
  expect(second.payload.data.message.data.text).toBe("b");
  const blocked = await fake.waitForDelivery({ trigger: "user_blocked" });
  expect(Object.keys(blocked.payload.data.users)).toEqual(["bob"]);
});

test("a wait that times out rejects, listing what was delivered", async () => {
  await send("hello");
  await fake.webhooksSettled();
  await expect(fake.waitForDelivery({ trigger: "message_sent", webhook: "other" }, { timeoutMs: 30 })).rejects.toThrow(
    "waitForDelivery: no delivery of message_sent to webhook other within 30 ms. Delivered: message_sent to hooks (delivered, 200).",
  );
  fake.reset();
  await expect(fake.waitForDelivery({ trigger: "user_blocked" }, { timeoutMs: 10 })).rejects.toThrow(/Nothing was delivered/);
  // Only the triggers the fake fires can be waited for.
  // @ts-expect-error the fake never fires call_started
  await expect(fake.waitForDelivery({ trigger: "call_started" })).rejects.toThrow('waitForDelivery: the fake never fires "call_started".');
  // A timer cannot wait longer: such a wait would time out at once instead.
  for (const timeoutMs of [-1, Number.NaN, 2 ** 31])
    await expect(fake.waitForDelivery({ trigger: "message_sent" }, { timeoutMs })).rejects.toThrow(
      `waitForDelivery: timeoutMs must be a number of milliseconds from 0 to 2147483647, got ${timeoutMs}.`,
    );
});

test("a wait looks at each delivery once, waking on new ones instead of reading the record again and again", async () => {
  for (const text of ["a", "b"]) await send(text);
  await fake.webhooksSettled();
  const looked: string[] = [];
  const wait = fake.waitForDelivery(
    {
      trigger: "message_sent",
      where: (event) => {
        looked.push(event.data.message.data.text as string);
        return event.data.message.data.text === "c";
      },
    },
    { timeoutMs: 5_000 },
  );
  wait.catch(() => {});
  // Long enough for a reader on a timer to have read the record many times over.
  await new Promise((done) => setTimeout(done, 100));
  expect(looked).toEqual(["a", "b"]);
  await send("c");
  expect((await wait).payload.data.message.data.text).toBe("c");
  expect(looked).toEqual(["a", "b", "c"]);
});

test("a wait whose match is forgotten by reset() waits for a new one", async () => {
  await send("before");
  const wait = fake.waitForDelivery(
    { trigger: "message_sent", where: (event) => event.data.message.data.text !== "x" },
    { timeoutMs: 5_000 },
  );
  fake.reset();
  fake.seed({ users: ["ann", "bob"].map((uid) => ({ uid, name: uid })) });
  receiver = await receiverOf(fake, clients.management, ["message_sent"]);
  await send("after");
  expect((await wait).payload.data.message.data.text).toBe("after");
});
