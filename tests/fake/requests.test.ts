// fake.requests: the log of the requests the fake answered, in process and through connectFake,
// so a test counts requests and 429s without wrapping fetch.
import { ChatConnectionError, unwrap } from "../../src/index";
import type { FakeContext } from "../../src/testing/fake/pipeline/context";
import { requestLogOf, STAGES, type StageContext } from "../../src/testing/fake/pipeline/stages";
import { connectFake, type RemoteFake } from "../../src/testing/index";
import { useFake } from "./use-fake";

const T = Date.UTC(2030, 0, 1);

const { fake, chat } = useFake();
let remote: RemoteFake;
beforeAll(async () => {
  remote = await connectFake(fake.url, fake.controlToken);
});

const chatOf = () => chat({ maxRetries: 0 });

test("each request is logged with its method, path template, operation, app, acting user, status and time on the fake's clock", async () => {
  fake.seed({ users: [{ uid: "ana", name: "Ana" }] });
  fake.clock.freeze(T);
  await unwrap(
    chatOf()
      .as("ana")
      .GET("/users/{uid}", { params: { path: { uid: "ana" } } }),
  );
  await chatOf().GET("/users/{uid}", { params: { path: { uid: "nobody" } } });
  expect(fake.requests.list()).toEqual([
    {
      method: "GET",
      path: "/users/{uid}",
      operationId: "get-user",
      appId: fake.appId,
      onBehalfOf: "ana",
      status: 200,
      fault: undefined,
      at: T,
    },
    {
      method: "GET",
      path: "/users/{uid}",
      operationId: "get-user",
      appId: fake.appId,
      onBehalfOf: undefined,
      status: 404,
      fault: undefined,
      at: T,
    },
  ]);
});

test("filters by operation and by status, lists the 429s, and clear() and reset() empty the log", async () => {
  const chat = chatOf();
  fake.failNext("list-users", { status: 429, retryAfter: 1, times: 2 });
  await chat.GET("/users");
  await chat.GET("/users");
  await unwrap(chat.GET("/users"));
  await unwrap(chat.POST("/users", { body: { uid: "ben", name: "Ben" } }));
  expect(fake.requests.list({ operationId: "list-users" }).map((request) => request.status)).toEqual([429, 429, 200]);
  expect(fake.requests.list({ status: 200 }).map((request) => request.operationId)).toEqual(["list-users", "create-user"]);
  expect(fake.requests.tooMany()).toHaveLength(2);
  fake.requests.clear();
  expect(fake.requests.list()).toEqual([]);
  await chat.GET("/users");
  fake.reset();
  expect(fake.requests.list()).toEqual([]);
});

test("a request whose answer a fault spoiled is logged with the fault", async () => {
  fake.faults.add({ operationId: "create-user", kind: "apply-then-drop", times: 1 });
  const error = await unwrap(chatOf().POST("/users", { body: { uid: "cy", name: "Cy" } })).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ChatConnectionError);
  expect(fake.requests.list()).toEqual([expect.objectContaining({ operationId: "create-user", status: 200, fault: "drop" })]);
});

test("through connectFake: the same log, its filters and clear()", async () => {
  const chat = chatOf();
  fake.failNext("list-users", { status: 429 });
  await chat.GET("/users");
  await unwrap(chat.GET("/users"));
  expect(await remote.requests.list()).toEqual(fake.requests.list());
  expect((await remote.requests.list({ status: 429 })).map((request) => request.operationId)).toEqual(["list-users"]);
  expect(await remote.requests.list({ operationId: "get-user" })).toEqual([]);
  expect(await remote.requests.tooMany()).toHaveLength(1);
  await remote.requests.clear();
  expect(fake.requests.list()).toEqual([]);
});

test("the log keeps the last 10,000 requests, oldest first, however many came before", () => {
  // The log stage alone, on a fake of its own: 25,001 requests without the cost of answering them.
  const own = { store: { clock: { now: () => T }, appId: "app" } } as unknown as FakeContext;
  for (let i = 0; i <= 25_000; i++) {
    const ctx = { fake: own, req: { method: "GET", url: `/users/u${i}`, headers: {} }, params: {}, after: [] } as unknown as StageContext;
    void STAGES[0]!.run(ctx);
    ctx.after[0]!({ status: 200, body: {} });
  }
  const log = requestLogOf(own);
  expect(log).toHaveLength(10_000);
  expect([log[0]!.path, log[9_999]!.path]).toEqual(["/users/u15001", "/users/u25000"]);
});
