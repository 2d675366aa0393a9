// The governor against the fake enforcing the same limits at a short window (5 a second), so
// that each case runs in about a second. Nothing here measures time: the fake counts every
// request it refuses, and a recording fetch tells in what order the requests left.
import { type ChatClientOptions, createChatClient, RateLimitError, unwrap } from "../../src/index";
import { memoryRateLimitStore, type RateLimits } from "../../src/rate-limits/index";
import { type FakeServer, startFakeServer } from "../../src/testing/index";

const FIVE_A_SECOND: RateLimits = { perUser: { sendMessage: { limit: 5, windowMs: 1_000 } } };
// Each case counts in a store of its own; the fake's counts are reset before each.
const governed = (limits: RateLimits = FIVE_A_SECOND): RateLimits => ({ ...limits, store: memoryRateLimitStore() });

// A fake of its own for each case, so that nothing one case sent can count in the next.
let fake: FakeServer;
beforeEach(async () => {
  fake = await startFakeServer({ rateLimits: FIVE_A_SECOND });
  fake.seed({ users: ["ana", "ben", "cy", "dee", "eve", "zed"].map((uid) => ({ uid, name: uid })) });
});
afterEach(() => fake.close());

interface Sent {
  text: string;
  status: number;
}

/** A fetch that records, in order, what each send carried and what the fake answered. */
function recordingFetch(log: Sent[]) {
  return async (request: Request) => {
    const text = request.method === "POST" ? ((await request.clone().json()) as { data: { text: string } }).data.text : "";
    const response = await fetch(request);
    log.push({ text, status: response.status });
    return response;
  };
}

/** A Chat client on the fake, with `options` (a governor, a recording fetch, no retries). */
const clientOnFake = (options: Pick<ChatClientOptions, "rateLimits" | "fetch" | "maxRetries">) =>
  createChatClient({ appId: fake.appId, apiKey: fake.apiKey, baseUrl: fake.url, ...options });

const send = (chat: ReturnType<typeof createChatClient>, uid: string, text: string) =>
  chat.as(uid).POST("/messages", { body: { receiver: "zed", receiverType: "user", data: { text } } });

test("15 concurrent sends as one user all succeed through a governed client, in the order they were made", async () => {
  const log: Sent[] = [];
  const chat = clientOnFake({
    rateLimits: governed(),
    fetch: recordingFetch(log),
  });
  const texts = Array.from({ length: 15 }, (_, i) => `m${i}`);
  const results = await Promise.all(texts.map((text) => send(chat, "ana", text)));
  expect(results.map((r) => r.response.status)).toEqual(texts.map(() => 200));
  expect(log.filter((sent) => sent.status === 429)).toEqual([]);
  expect(log.map((sent) => sent.text)).toEqual(texts);
});

test("12 sends of a user named by the client's headers option are paced under that user's limit: none meets a 429", async () => {
  const log: Sent[] = [];
  for (const name of ["onBehalfOf", "ONBEHALFOF"]) {
    const chat = createChatClient({
      appId: fake.appId,
      apiKey: fake.apiKey,
      baseUrl: fake.url,
      headers: { [name]: name === "onBehalfOf" ? "ana" : "ben" },
      rateLimits: governed(),
      fetch: recordingFetch(log),
    });
    const texts = Array.from({ length: 12 }, (_, i) => `${name}-${i}`);
    const results = await Promise.all(
      texts.map((text) => chat.POST("/messages", { body: { receiver: "zed", receiverType: "user", data: { text } } })),
    );
    expect(results.map((r) => r.response.status)).toEqual(texts.map(() => 200));
  }
  expect(log.filter((sent) => sent.status === 429)).toEqual([]);
  expect(log).toHaveLength(24);
});

test("the same 15 sends through a client without rateLimits and no retries get 429s", async () => {
  const chat = clientOnFake({ maxRetries: 0 });
  const results = await Promise.all(Array.from({ length: 15 }, (_, i) => send(chat, "ana", `m${i}`)));
  const statuses = results.map((r) => r.response.status);
  expect(statuses.filter((status) => status === 200)).toHaveLength(5);
  expect(statuses.filter((status) => status === 429)).toHaveLength(10);
  expect(results.find((r) => r.response.status === 429)?.response.headers.get("retry-after")).toBe("1");
});

test("five users sending five messages each are not held by one another, nor by a user who must wait", async () => {
  const log: Sent[] = [];
  const chat = clientOnFake({
    rateLimits: governed(),
    fetch: recordingFetch(log),
  });
  // ana's sixth send is made first of all and must wait a window: with one queue for everyone,
  // every later call would wait behind it.
  const ana = Array.from({ length: 6 }, (_, i) => send(chat, "ana", `ana-${i}`));
  const others = ["ben", "cy", "dee", "eve"].flatMap((uid) => Array.from({ length: 5 }, (_, i) => send(chat, uid, `${uid}-${i}`)));
  const results = await Promise.all([...ana, ...others]);
  expect(results.every((r) => r.response.status === 200)).toBe(true);
  expect(log.filter((sent) => sent.status === 429)).toEqual([]);
  expect(log).toHaveLength(26);
  expect(log.at(-1)!.text).toBe("ana-5");
});

test("a 429 from the service holds the other calls of its key until Retry-After has passed, then they go in order", async () => {
  const log: Sent[] = [];
  const timeline: { text: string; at: number }[] = [];
  const recording = recordingFetch(log);
  const chat = clientOnFake({
    rateLimits: governed({ perUser: { sendMessage: { limit: 100, windowMs: 1_000 } } }),
    fetch: async (request) => {
      const response = await recording(request);
      timeline.push({ text: log.at(-1)!.text, at: Date.now() });
      return response;
    },
  });
  fake.failNext("send-message", { status: 429, retryAfter: 1 });
  const first = send(chat, "ana", "first");
  // The other calls are made once the 429 is in: they find the key held.
  while (!log.length) await new Promise((done) => setTimeout(done, 5));
  const others = [send(chat, "ana", "second"), send(chat, "ana", "third")];
  // Another user's key is not held.
  const otherUser = await send(chat, "ben", "ben's");
  expect(otherUser.response.status).toBe(200);
  await Promise.all([first, ...others]);
  const ana = log.filter((sent) => sent.text !== "ben's");
  expect(ana).toEqual([
    { text: "first", status: 429 },
    { text: "first", status: 200 },
    { text: "second", status: 200 },
    { text: "third", status: 200 },
  ]);
  // Nothing of ana's reached the fake during the hold (Retry-After: 1, plus a positive jitter).
  const refusedAt = timeline.find((entry) => entry.text === "first")!.at;
  const nextAt = timeline.filter((entry) => entry.text !== "ben's")[1]!.at;
  expect(nextAt - refusedAt).toBeGreaterThanOrEqual(1_000);
});

test("a call that would wait past maxWaitMs fails with a RateLimitError and sends nothing", async () => {
  const log: Sent[] = [];
  const chat = clientOnFake({
    rateLimits: governed({ ...FIVE_A_SECOND, maxWaitMs: 100 }),
    fetch: recordingFetch(log),
  });
  await Promise.all(Array.from({ length: 5 }, (_, i) => unwrap(send(chat, "ana", `m${i}`))));
  const error = await send(chat, "ana", "one too many").then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(RateLimitError);
  expect(error).toMatchObject({ scope: "user", key: `${fake.appId}:sendMessage:ana`, status: 429, code: "ERR_TOO_MANY_REQUESTS" });
  expect((error as RateLimitError).waitMs).toBeGreaterThan(100);
  expect((error as RateLimitError).message).toContain("not sent");
  expect(log.map((sent) => sent.text)).toEqual(["m0", "m1", "m2", "m3", "m4"]);
  expect([...fake.state.messages.values()]).toHaveLength(5);
});

test("20 sends as one user, half through a client and half through one derived by withOptions, share one governor: none meets a 429", async () => {
  const log: Sent[] = [];
  const sources: (string | null)[] = [];
  const recording = recordingFetch(log);
  const chat = clientOnFake({
    rateLimits: governed(),
    maxRetries: 0,
    fetch: (request) => {
      sources.push(request.headers.get("x-request-source"));
      return recording(request);
    },
  });
  const child = chat.withOptions({ onBehalfOf: "ana", timeoutMs: 10_000, headers: { "x-request-source": "child" } });
  const body = (text: string) => ({ body: { receiver: "zed", receiverType: "user" as const, data: { text } } });
  const results = await Promise.all(
    Array.from({ length: 20 }, (_, i) => (i % 2 ? child.POST("/messages", body(`child-${i}`)) : send(chat, "ana", `parent-${i}`))),
  );
  expect(results.map((r) => r.response.status)).toEqual(results.map(() => 200));
  expect(log.filter((sent) => sent.status === 429)).toEqual([]);
  expect(log).toHaveLength(20);
  expect(sources.filter((source) => source === "child")).toHaveLength(10);
});
