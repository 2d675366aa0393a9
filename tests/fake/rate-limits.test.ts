// The fake's rate limits, as the service's: off by default; past a limit, 429
// ERR_TOO_MANY_REQUESTS with Retry-After and the limit headers, and nothing processed; while on,
// the limit headers on every answer it counts; a request the host or credential checks refuse is
// not counted. Through the HTTP front and through MSW alike.
import { setupServer } from "msw/node";
import { createChatClient, rateLimit } from "../../src/index";
import { chatFakeHandlers, type FakeServer, startFakeServer } from "../../src/testing/index";

const send = (chat: ReturnType<typeof createChatClient>, uid: string, text: string) =>
  chat.as(uid).POST("/messages", { body: { receiver: "zed", receiverType: "user", data: { text } } });

const people = { users: ["ana", "ben", "zed"].map((uid) => ({ uid, name: uid })) };

describe("over HTTP", () => {
  let fake: FakeServer;
  let chat: ReturnType<typeof createChatClient>;
  beforeAll(async () => {
    fake = await startFakeServer({
      rateLimits: { perUser: { sendMessage: { limit: 2, windowMs: 60_000 } }, app: { standard: { limit: 50, windowMs: 60_000 } } },
    });
    chat = createChatClient({ appId: fake.appId, apiKey: fake.apiKey, baseUrl: fake.url, maxRetries: 0 });
  });
  afterAll(() => fake.close());
  beforeEach(() => {
    fake.reset();
    fake.seed(people);
  });

  test("every answer carries the limit and what remains of its tightest limit", async () => {
    const first = await send(chat, "ana", "one");
    expect(rateLimit(first.response)).toMatchObject({ limit: 2, remaining: 1 });
    const list = await chat.GET("/users");
    expect(list.response.headers.get("x-ratelimit-limit")).toBe("50");
    expect(list.response.headers.get("x-ratelimit-remaining")).toBe("48");
  });

  test("past a user's limit: 429 ERR_TOO_MANY_REQUESTS with Retry-After and the limit headers, and nothing stored", async () => {
    await send(chat, "ana", "one");
    await send(chat, "ana", "two");
    const refused = await send(chat, "ana", "three");
    expect(refused.response.status).toBe(429);
    expect(refused.error).toMatchObject({ error: { code: "ERR_TOO_MANY_REQUESTS" } });
    const headers = refused.response.headers;
    expect(Number(headers.get("retry-after"))).toBeGreaterThanOrEqual(59);
    expect(rateLimit(refused.response)).toMatchObject({ limit: 2, remaining: 0 });
    expect(Number(headers.get("x-ratelimit-reset")) * 1000).toBeGreaterThan(Date.now());
    expect([...fake.state.messages.values()].map((m) => (m.data as { text: string }).text)).toEqual(["one", "two"]);
    // Another user has room.
    expect((await send(chat, "ben", "ben's")).response.status).toBe(200);
  });

  test("reset() forgets the counts", async () => {
    await send(chat, "ana", "one");
    await send(chat, "ana", "two");
    fake.reset();
    fake.seed(people);
    expect((await send(chat, "ana", "three")).response.status).toBe(200);
  });
});

test("a request refused for another app's host, a wrong key or no credentials is not counted against the app's limit", async () => {
  const fake = await startFakeServer({ rateLimits: { app: { standard: { limit: 3, windowMs: 60_000 } } } });
  try {
    const refused = [
      ...Array.from({ length: 5 }, () => new Request("https://other-app.api-us.cometchat.io/users", { headers: { apikey: fake.apiKey } })),
      ...Array.from({ length: 5 }, () => new Request(`${fake.url}/users`, { headers: { apikey: "wrong" } })),
      new Request(`${fake.url}/users`),
    ];
    for (const request of refused) expect((await fake.handle(request)).status).toBe(401);
    const chat = createChatClient({ appId: fake.appId, apiKey: fake.apiKey, baseUrl: fake.url, maxRetries: 0 });
    const remaining = [];
    for (let i = 0; i < 3; i++) {
      const { response } = await chat.GET("/users");
      expect(response.status).toBe(200);
      remaining.push(rateLimit(response)?.remaining);
    }
    expect(remaining).toEqual([2, 1, 0]);
    expect((await chat.GET("/users")).response.status).toBe(429);
  } finally {
    await fake.close();
  }
});

test("without rateLimits the fake limits nothing and sends no X-RateLimit-Limit", async () => {
  const fake = await startFakeServer();
  try {
    fake.seed(people);
    const chat = createChatClient({ appId: fake.appId, apiKey: fake.apiKey, baseUrl: fake.url, maxRetries: 0 });
    const results = await Promise.all(Array.from({ length: 40 }, (_, i) => send(chat, "ana", `m${i}`)));
    expect(results.every((r) => r.response.status === 200)).toBe(true);
    expect(results[0]!.response.headers.get("x-ratelimit-limit")).toBeNull();
  } finally {
    await fake.close();
  }
});

test('"service" keeps the documented limits: 30 messages a minute per user', async () => {
  const fake = await startFakeServer({ rateLimits: "service" });
  try {
    fake.seed(people);
    const chat = createChatClient({ appId: fake.appId, apiKey: fake.apiKey, baseUrl: fake.url, maxRetries: 0 });
    const statuses = [];
    for (let i = 0; i < 31; i++) statuses.push((await send(chat, "ana", `m${i}`)).response.status);
    expect(statuses.slice(0, 30).every((status) => status === 200)).toBe(true);
    expect(statuses[30]).toBe(429);
  } finally {
    await fake.close();
  }
});

test("MSW's requests go through the same limits", async () => {
  const fake = await startFakeServer({ rateLimits: { perUser: { sendMessage: { limit: 1, windowMs: 60_000 } } } });
  const msw = setupServer(...chatFakeHandlers(fake));
  msw.listen({ onUnhandledRequest: "error" });
  try {
    fake.seed(people);
    const chat = createChatClient({ appId: fake.appId, apiKey: fake.apiKey, region: "eu", maxRetries: 0 });
    const first = await send(chat, "ana", "one");
    expect(rateLimit(first.response)).toMatchObject({ limit: 1, remaining: 0 });
    const second = await send(chat, "ana", "two");
    expect(second.response.status).toBe(429);
    expect(second.response.headers.get("retry-after")).not.toBeNull();
  } finally {
    msw.close();
    await fake.close();
  }
});

test.each([
  [{ perUser: { sendMessage: { limit: 0, windowMs: 1_000 } } }, "rateLimits.perUser.sendMessage"],
  ["lots", "rateLimits must be"],
])("startFakeServer refuses rateLimits %j", async (rateLimits, message) => {
  await expect(startFakeServer({ rateLimits: rateLimits as never })).rejects.toThrow(message);
});
