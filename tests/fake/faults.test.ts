// The fake's faults: each kind over HTTP and through MSW (where no answer is a network error),
// what each applies or not, and rules drawn with a probability from a seed, replayed alike.
import { setupServer } from "msw/node";
import { type ChatClient, ChatConnectionError, createChatClient, ChatApiError, unwrap } from "../../src/index";
import { chatFakeHandlers } from "../../src/testing/index";
import { useFake } from "./use-fake";

const T = Date.UTC(2030, 0, 1);

type Via = "http" | "msw";

const fronts: Via[] = ["http", "msw"];

const { fake, chat: chatOf } = useFake();
let msw: ReturnType<typeof setupServer>;
beforeAll(() => {
  msw = setupServer(...chatFakeHandlers(fake));
});
afterAll(() => msw.close());

/** A client of the fake through `via`, which sends each request once. */
function chatVia(via: Via): ChatClient {
  return via === "http" ? chatOf({ maxRetries: 0 }) : createChatClient({ appId: fake.appId, apiKey: fake.apiKey, maxRetries: 0 });
}

/** The raw fetch a front is reached with, and the URL of an operation on it. */
function fetchVia(via: Via, path: string): { url: string; init: RequestInit } {
  const url = via === "http" ? `${fake.url}${path}` : `https://${fake.appId}.api-us.cometchat.io/v3${path}`;
  return { url, init: { headers: { apikey: fake.apiKey, "content-type": "application/json" } } };
}

const createUser = (chat: ChatClient, uid: string) => unwrap(chat.POST("/users", { body: { uid, name: uid } }));

describe.each(fronts)("through %s", (via) => {
  beforeAll(() => {
    if (via === "msw") msw.listen({ onUnhandledRequest: "bypass" });
  });
  afterAll(() => {
    if (via === "msw") msw.close();
  });

  test("status: the status and Retry-After are answered, and nothing is applied", async () => {
    const handle = fake.faults.add({ operationId: "create-user", kind: "status", status: 503, retryAfter: 2, times: 1 });
    const error = await createUser(chatVia(via), "ana").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ChatApiError);
    expect(error).toMatchObject({ status: 503 });
    expect(fake.state.users.has("ana")).toBe(false);
    expect(handle.fired).toBe(1);
    await createUser(chatVia(via), "ana");
    expect(fake.state.users.has("ana")).toBe(true);
  });

  test("latency: the answer waits on the fake's clock, then the request is applied", async () => {
    fake.clock.freeze(T);
    fake.faults.add({ operationId: "create-user", kind: "latency", ms: 30_000 });
    let done = false;
    const creating = createUser(chatVia(via), "ana").then(() => (done = true));
    while (fake.clock.pending === 0) await new Promise((wake) => setTimeout(wake, 5));
    expect(fake.state.users.has("ana")).toBe(false);
    await fake.clock.advance(29_999);
    expect(done).toBe(false);
    await fake.clock.advance(1);
    await creating;
    expect(fake.state.users.get("ana")?.createdAt).toBe(T / 1000 + 30);
  });

  test("reset-before: the connection closes, a network error, and nothing is applied", async () => {
    fake.faults.add({ operationId: "create-user", kind: "reset-before" });
    const { url, init } = fetchVia(via, "/users");
    await expect(fetch(url, { ...init, method: "POST", body: JSON.stringify({ uid: "ana", name: "Ana" }) })).rejects.toMatchObject({
      name: "TypeError",
    });
    const error = await createUser(chatVia(via), "ana").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ChatConnectionError);
    expect(fake.state.users.has("ana")).toBe(false);
  });

  test("apply-then-drop: the write is stored, then the connection closes without an answer", async () => {
    fake.faults.add({ operationId: "create-user", kind: "apply-then-drop", times: 2 });
    const { url, init } = fetchVia(via, "/users");
    await expect(fetch(url, { ...init, method: "POST", body: JSON.stringify({ uid: "ana", name: "Ana" }) })).rejects.toMatchObject({
      name: "TypeError",
    });
    expect(fake.state.users.get("ana")?.name).toBe("Ana");
    const error = await createUser(chatVia(via), "ben").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ChatConnectionError);
    expect(fake.state.users.has("ben")).toBe(true);
  });

  test("truncate-body: the status and headers arrive, the body is cut short, and the write is stored", async () => {
    fake.faults.add({ operationId: "create-user", kind: "truncate-body", times: 1 });
    const { url, init } = fetchVia(via, "/users");
    const response = await fetch(url, { ...init, method: "POST", body: JSON.stringify({ uid: "ana", name: "Ana" }) });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/json");
    await expect(response.text()).rejects.toThrow();
    expect(fake.state.users.has("ana")).toBe(true);
  });
});

test("the SDK sends a message whose answer was dropped once, and says it may have reached the service", async () => {
  fake.seed({
    users: [
      { uid: "ana", name: "Ana" },
      { uid: "ben", name: "Ben" },
    ],
  });
  const drop = fake.faults.add({ operationId: "send-message", kind: "apply-then-drop", times: 1 });
  const chat = chatOf({ maxRetries: 3 });
  const error = await unwrap(
    chat.as("ana").POST("/messages", { body: { receiver: "ben", receiverType: "user", data: { text: "once" } } }),
  ).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ChatConnectionError);
  expect(error).toMatchObject({ mayHaveReachedService: true, attempts: 1 });
  expect(drop.fired).toBe(1);
  expect([...fake.state.messages.values()].filter((m) => m.category !== "action").map((m) => m.data.text)).toEqual(["once"]);
});

describe("which requests a rule faults", () => {
  /** Which of `count` list-users requests a rule faulted with 503, as a string of 0s and 1s. */
  async function pattern(count: number): Promise<string> {
    let out = "";
    for (let i = 0; i < count; i++) out += (await chatVia("http").GET("/users")).response.status === 503 ? "1" : "0";
    return out;
  }

  test("a seeded rule faults the same requests of the same sequence; its handle reports a seed to replay an unseeded one", async () => {
    fake.faults.add({ operationId: "list-users", kind: "status", status: 503, probability: 0.5, seed: 42 });
    const first = await pattern(40);
    expect(first).toMatch(/1/);
    expect(first).toMatch(/0/);
    fake.faults.clear();
    fake.faults.add({ operationId: "list-users", kind: "status", status: 503, probability: 0.5, seed: 42 });
    expect(await pattern(40)).toBe(first);
    fake.faults.clear();
    const unseeded = fake.faults.add({ operationId: "list-users", kind: "status", status: 503, probability: 0.5 });
    const drawn = await pattern(40);
    fake.faults.clear();
    fake.faults.add({ operationId: "list-users", kind: "status", status: 503, probability: 0.5, seed: unseeded.seed });
    expect(await pattern(40)).toBe(drawn);
  });

  test('times spends a rule, remove() takes it away, where picks requests, and "*" matches every operation', async () => {
    const chat = chatVia("http");
    fake.faults.add({ operationId: "list-users", kind: "status", status: 503, times: 2 });
    expect(await pattern(3)).toBe("110");
    const handle = fake.faults.add({ operationId: "*", kind: "status", status: 503 });
    expect((await chat.GET("/groups")).response.status).toBe(503);
    handle.remove();
    expect((await chat.GET("/groups")).response.status).toBe(200);
    fake.seed({
      users: [
        { uid: "ana", name: "Ana" },
        { uid: "ben", name: "Ben" },
      ],
    });
    fake.faults.add({ operationId: "get-user", kind: "status", status: 503, where: (request) => request.params.uid === "ben" });
    expect((await chat.GET("/users/{uid}", { params: { path: { uid: "ana" } } })).response.status).toBe(200);
    expect((await chat.GET("/users/{uid}", { params: { path: { uid: "ben" } } })).response.status).toBe(503);
  });

  test("a latency range is drawn from the seed, and a request gets one latency and one other fault at most", async () => {
    fake.clock.freeze(T);
    fake.faults.add({ operationId: "list-users", kind: "latency", ms: [1_000, 2_000], seed: 1 });
    fake.faults.add({ operationId: "list-users", kind: "latency", ms: 60_000 });
    fake.faults.add({ operationId: "list-users", kind: "status", status: 503 });
    fake.faults.add({ operationId: "list-users", kind: "status", status: 500 });
    const listing = chatVia("http").GET("/users");
    while (fake.clock.pending === 0) await new Promise((wake) => setTimeout(wake, 5));
    await fake.clock.advance(2_000);
    expect((await listing).response.status).toBe(503);
  });

  test("failNext and delayNext are shortcuts for a status and a latency rule; clear() forgets them", async () => {
    fake.failNext("list-users", { status: 503, times: 2 });
    expect(await pattern(3)).toBe("110");
    fake.failNext("list-users", { status: 503 });
    fake.faults.clear();
    expect(await pattern(1)).toBe("0");
  });

  test("a rule that cannot work is refused, naming the field", () => {
    const add = (rule: unknown) => () => fake.faults.add(rule as never);
    expect(add({ operationId: "no-such-op", kind: "status", status: 503 })).toThrow('faults.add: the spec has no operation "no-such-op".');
    expect(add({ operationId: "*", kind: "explode" })).toThrow(/kind must be one of status, latency, reset-before/);
    expect(add({ operationId: "*", kind: "status", status: 200 })).toThrow(
      "faults.add: status must be an integer from 400 to 599, got 200.",
    );
    expect(add({ operationId: "*", kind: "latency", ms: [5, 1] })).toThrow(/ms must be a non-negative number, or \[min, max\]/);
    expect(add({ operationId: "*", kind: "reset-before", probability: 2 })).toThrow(/probability must be a number from 0 to 1/);
    expect(add({ operationId: "*", kind: "reset-before", times: 0 })).toThrow(/times must be a positive integer/);
    expect(add({ operationId: "*", kind: "reset-before", seed: 1.5 })).toThrow(/seed must be an integer/);
    expect(() => fake.failNext("list-users", { status: 302 })).toThrow("failNext: status must be an integer from 400 to 599, got 302.");
  });
});
