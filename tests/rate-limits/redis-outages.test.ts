// The Redis store when Redis is not there, stops answering, is slow, or goes away mid-run, against a
// real redis-server this file starts on free ports. A call the store cannot answer for in time
// fails with a RateLimitStoreError and is not sent (fail closed); once Redis is back, calls go
// through again without a new store. The only time bound is a generous one that catches a hang.
import { createServer, type Server, Socket } from "node:net";
import { createChatClient, type RateLimitStoreError } from "../../src/index";
import { type RedisRateLimitStore, redisRateLimitStore } from "../../src/redis/index";
import { type FaultServer, json, startFaultServer } from "../harness/fault-server";
import { freePort, type RedisServer, startRedis } from "./redis-server";

jest.setTimeout(60_000);

let api: FaultServer;
const stores: RedisRateLimitStore[] = [];
const servers: RedisServer[] = [];

beforeAll(async () => {
  api = await startFaultServer((_q, res) => json(res, 200, { data: [], meta: {} }));
});
afterEach(async () => {
  // A server stopped with SIGSTOP is resumed by stop(), so nothing is left frozen.
  await Promise.all(stores.splice(0).map((store) => store.close()));
  await Promise.all(servers.splice(0).map((server) => server.stop()));
});
afterAll(() => api.close());

const redisOn = async (port?: number) => {
  const server = await startRedis("redis-server", port);
  servers.push(server);
  return server;
};
const storeAt = (url: string, prefix = "outage:") => {
  const store = redisRateLimitStore({ url, prefix });
  stores.push(store);
  return store;
};
const clientOf = (store: RedisRateLimitStore) =>
  createChatClient({
    appId: "rs",
    apiKey: "k",
    baseUrl: api.url,
    rateLimits: { app: { standard: { limit: 1_000, windowMs: 60_000 } }, store },
  });

/** Fails when `promise` has not settled within `ms`: a bound that catches a hang, never a measure of speed. */
function settlesWithin<T>(promise: Promise<T>, ms = 10_000): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const hung = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`still pending after ${ms} ms`)), ms);
  });
  return Promise.race([promise, hung]).finally(() => clearTimeout(timer));
}

/** The call's rejection, or a failure when it resolved. */
const rejectionOf = async (call: Promise<unknown>) => {
  try {
    await settlesWithin(call);
  } catch (error) {
    return error as Error;
  }
  throw new Error("the call went through");
};

/** Makes calls until one goes through, as an app would after an outage: Redis is back when it does. */
async function untilOneGoesThrough(chat: ReturnType<typeof clientOf>): Promise<number> {
  for (let tries = 1; tries <= 100; tries++) {
    const outcome = await chat.GET("/users", { deadlineMs: 2_000 }).then(
      ({ response }) => response.status,
      () => 0,
    );
    if (outcome) return outcome;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error("no call went through after 100 tries");
}

const expectStoreRefusal = (error: Error, url: string) => {
  expect(error.name).toBe("RateLimitStoreError");
  expect((error as RateLimitStoreError).store).toBe(url);
  expect(error.message).toContain(`GET /users: not sent: the rate-limit store ${url} failed: `);
};

test("with Redis never started, a call fails at once with a RateLimitStoreError and nothing is sent; once Redis starts, calls go through", async () => {
  const port = await freePort();
  const url = `redis://127.0.0.1:${port}`;
  const store = storeAt(url);
  const chat = clientOf(store);
  const sent = api.requests.length;
  // Without a time limit of its own, the call fails on the refused connection.
  const refused = await rejectionOf(chat.GET("/users", { timeoutMs: 0 }));
  expectStoreRefusal(refused, url);
  expect(String((refused.cause as Error).message)).toContain("ECONNREFUSED");
  for (const options of [{ deadlineMs: 500 }, { timeoutMs: 500 }]) expectStoreRefusal(await rejectionOf(chat.GET("/users", options)), url);
  expect(api.requests.length).toBe(sent);
  await redisOn(port);
  expect(await settlesWithin(untilOneGoesThrough(chat), 30_000)).toBe(200);
});

test("with Redis killed mid-run, calls fail with a RateLimitStoreError naming the store, and go through again once it is back", async () => {
  const redis = await redisOn();
  const store = storeAt(redis.url);
  const chat = clientOf(store);
  expect((await chat.GET("/users")).response.status).toBe(200);
  redis.signal("SIGKILL");
  await redis.stop();
  const sent = api.requests.length;
  const error = await rejectionOf(chat.GET("/users"));
  expectStoreRefusal(error, redis.url);
  expect(error.message).not.toBe("The client is offline");
  expect(api.requests.length).toBe(sent);
  await redisOn(redis.port);
  expect(await settlesWithin(untilOneGoesThrough(chat), 30_000)).toBe(200);
});

describe("with Redis stopped (SIGSTOP: it accepts connections and never answers)", () => {
  test("calls with a deadline, a timeout, a signal or none fail in time, nothing is sent, and calls go through after SIGCONT", async () => {
    const redis = await redisOn();
    const store = storeAt(redis.url);
    const chat = clientOf(store);
    expect((await chat.GET("/users")).response.status).toBe(200);
    redis.signal("SIGSTOP");
    const sent = api.requests.length;
    for (const options of [{ deadlineMs: 500 }, { timeoutMs: 500 }, { timeoutMs: 0 }]) {
      const error = await rejectionOf(chat.GET("/users", options));
      expectStoreRefusal(error, redis.url);
      expect(error.message).toContain("no answer within");
    }
    const controller = new AbortController();
    const reason = new Error("the caller gave up");
    const call = chat.GET("/users", { signal: controller.signal, timeoutMs: 0 });
    setTimeout(() => controller.abort(reason), 100);
    expect(await rejectionOf(call)).toBe(reason);
    expect(api.requests.length).toBe(sent);
    redis.signal("SIGCONT");
    expect(await settlesWithin(untilOneGoesThrough(chat), 30_000)).toBe(200);
  });

  test("a store whose first connection is never answered fails the call within its deadline", async () => {
    const redis = await redisOn();
    redis.signal("SIGSTOP");
    const store = storeAt(redis.url);
    const error = await rejectionOf(clientOf(store).GET("/users", { deadlineMs: 500 }));
    expectStoreRefusal(error, redis.url);
  });

  test("close() returns, though the commands it waits for are never answered", async () => {
    const redis = await redisOn();
    const store = redisRateLimitStore({ url: redis.url, prefix: "outage:" });
    const chat = clientOf(store);
    expect((await chat.GET("/users")).response.status).toBe(200);
    redis.signal("SIGSTOP");
    void store.hold("standing", 1_000).catch(() => {});
    await settlesWithin(store.close());
  });
});

test("behind a link that adds 2 s each way, a call with timeoutMs 500 fails with a RateLimitStoreError, and nothing is sent", async () => {
  const redis = await redisOn();
  const sockets = new Set<Socket>();
  const proxy: Server = createServer((inbound) => {
    const outbound = new Socket();
    outbound.connect(redis.port, "127.0.0.1");
    for (const socket of [inbound, outbound]) {
      sockets.add(socket);
      socket.on("error", () => {});
    }
    const delayed = (from: Socket, to: Socket) =>
      from.on("data", (chunk) => setTimeout(() => to.destroyed || to.write(chunk), 2_000).unref());
    delayed(inbound, outbound);
    delayed(outbound, inbound);
  });
  await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
  const url = `redis://127.0.0.1:${(proxy.address() as { port: number }).port}`;
  try {
    const store = storeAt(url);
    const chat = clientOf(store);
    const sent = api.requests.length;
    const error = await rejectionOf(chat.GET("/users", { timeoutMs: 500 }));
    expectStoreRefusal(error, url);
    expect(api.requests.length).toBe(sent);
  } finally {
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => proxy.close(resolve));
  }
});
