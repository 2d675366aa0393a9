// Flows a backend runs against the service, end to end through the SDK's clients against the
// fake, each answer checked against the spec.
import { AuthenticationError, ConflictError, NotFoundError, paginate, unwrap } from "../../src/index";
import { type FakeServer, startFakeServer } from "../../src/testing/index";
import { answerChecker, clientsOf } from "./answer-checker";

let fake: FakeServer;
const checker = answerChecker();
let clients: ReturnType<typeof clientsOf>;

beforeAll(async () => {
  fake = await startFakeServer();
  clients = clientsOf(fake, checker);
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());
afterEach(() => expect(checker.problems()).toEqual([]));

test("a user is created, read, changed, listed and deleted, and is then not found", async () => {
  const { chat } = clients;
  const created = await unwrap(chat.POST("/users", { body: { uid: "Buyer-1", name: "Ada", tags: ["vip"] } }));
  expect(created.data).toMatchObject({ uid: "buyer-1", name: "Ada", role: "default" });
  expect((await unwrap(chat.GET("/users/{uid}", { params: { path: { uid: "buyer-1" } } }))).data.name).toBe("Ada");
  await unwrap(chat.PUT("/users/{uid}", { params: { path: { uid: "buyer-1" } }, body: { name: "Ada L." } }));
  const listed = await unwrap(chat.GET("/users", { params: { query: { searchKey: "ada" } } }));
  expect(listed.data.map((user) => user.name)).toEqual(["Ada L."]);
  expect(listed.meta.pagination).toEqual({ total: 1, count: 1, per_page: 100, current_page: 1, total_pages: 1 });
  await unwrap(chat.DELETE("/users/{uid}", { params: { path: { uid: "buyer-1" } } }));
  const gone = await unwrap(chat.GET("/users/{uid}", { params: { path: { uid: "buyer-1" } } })).catch((error: unknown) => error);
  expect(gone).toBeInstanceOf(NotFoundError);
  expect((gone as NotFoundError).code).toBe("ERR_UID_NOT_FOUND");
});

test("a repeated UID, in any case, is a ConflictError with ERR_UID_ALREADY_EXISTS", async () => {
  const { chat } = clients;
  await unwrap(chat.POST("/users", { body: { uid: "seller-1", name: "Grace" } }));
  const error = await unwrap(chat.POST("/users", { body: { uid: "SELLER-1", name: "Other" } })).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ConflictError);
  expect((error as ConflictError).code).toBe("ERR_UID_ALREADY_EXISTS");
  expect(fake.state.users.get("seller-1")?.name).toBe("Grace");
});

test("a group with members gets a system message, and paginate walks its messages over several pages", async () => {
  const { chat } = clients;
  for (const uid of ["buyer", "seller"]) await unwrap(chat.POST("/users", { body: { uid, name: uid } }));
  const group = await unwrap(
    chat.POST("/groups", { body: { guid: "order-77", name: "Order 77", owner: "seller", members: { participants: ["buyer", "ghost"] } } }),
  );
  expect(group.data.members?.participants).toEqual({
    buyer: { success: true },
    ghost: { success: false, error: expect.objectContaining({ code: "ERR_UID_NOT_FOUND" }) },
  });
  expect(group.data).toMatchObject({ owner: "seller", membersCount: 2 });
  await unwrap(
    chat.POST("/messages", {
      body: { receiver: "order-77", receiverType: "group", category: "message", type: "text", data: { text: "Order placed" } },
    }),
  );
  for (let i = 1; i <= 6; i++)
    await unwrap(
      chat
        .as(i % 2 ? "buyer" : "seller")
        .POST("/messages", { body: { receiver: "order-77", receiverType: "group", data: { text: `m${i}` } } }),
    );
  const texts: string[] = [];
  for await (const message of paginate(chat, "/groups/{guid}/messages", { params: { path: { guid: "order-77" } }, limit: 3 }))
    texts.push(String(message.data.text));
  expect(texts).toEqual(["Order placed", "m1", "m2", "m3", "m4", "m5", "m6"]);
  expect(checker.checked()).toBeGreaterThan(10);
});
