// The limits the spec states in prose, kept by the fake: at most 25 UIDs per add-members request,
// read marks that name a message of their own conversation, text messages with text, unread
// counts of what people sent (not of action messages), and the refusals of a group's rules as the
// SDK's PermissionDeniedError with the service's code.
import { BadRequestError, type ChatApiError, NotFoundError, PermissionDeniedError, unwrap } from "../../src/index";
import type { FakeServer } from "../../src/testing/index";
import { answerChecker } from "./answer-checker";
import { type FakeClients, useCheckedFake } from "./checked-fake";

const checker = answerChecker();
let fake: FakeServer;
let chat: FakeClients["chat"];
useCheckedFake(checker, (started, clients) => {
  fake = started;
  chat = clients.chat;
});

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: ChatApiError) => error,
  );

beforeEach(() =>
  fake.seed({
    users: ["sup", "agent", "customer", "other", ...Array.from({ length: 40 }, (_, i) => `u${i}`)].map((uid) => ({ uid, name: uid })),
    groups: [
      { guid: "ticket-1", name: "Ticket 1", type: "private", owner: "sup" },
      { guid: "ticket-2", name: "Ticket 2", type: "private", owner: "sup" },
    ],
    members: [
      { guid: "ticket-1", uid: "agent", scope: "moderator" },
      { guid: "ticket-1", uid: "customer" },
    ],
  }),
);

test("add-members refuses more than 25 UIDs across its lists with a 400, and adds nobody", async () => {
  const uids = Array.from({ length: 40 }, (_, i) => `u${i}`);
  const body = { participants: uids.slice(0, 20), moderators: uids.slice(20, 40) };
  const error = await failure(unwrap(chat.POST("/groups/{guid}/members", { params: { path: { guid: "ticket-1" } }, body })));
  expect(error).toBeInstanceOf(BadRequestError);
  expect(fake.state.members.get("ticket-1")?.size).toBe(3);
  const added = await unwrap(
    chat.POST("/groups/{guid}/members", { params: { path: { guid: "ticket-1" } }, body: { participants: uids.slice(0, 25) } }),
  );
  expect(Object.keys(added.data.participants ?? {})).toHaveLength(25);
});

test("a read mark names a message of that conversation that exists: 404 ERR_MESSAGE_ID_NOT_FOUND otherwise, and the mark stays", async () => {
  const here = await unwrap(
    chat.as("customer").POST("/messages", { body: { receiver: "ticket-1", receiverType: "group", data: { text: "help" } } }),
  );
  const elsewhere = await unwrap(chat.POST("/messages", { body: { receiver: "ticket-2", receiverType: "group", data: { text: "x" } } }));
  const read = (messageId: number) =>
    failure(
      unwrap(chat.as("agent").POST("/groups/{guid}/conversation/read", { params: { path: { guid: "ticket-1" } }, body: { messageId } })),
    );
  for (const messageId of [Number(elsewhere.data.id), 9999]) {
    const error = await read(messageId);
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error?.code).toBe("ERR_MESSAGE_ID_NOT_FOUND");
  }
  const conversation = await unwrap(chat.as("agent").GET("/groups/{guid}/conversation", { params: { path: { guid: "ticket-1" } } }));
  expect(conversation.data.unreadMessageCount).toBe("1");
  expect(await read(Number(here.data.id))).toBeUndefined();
});

test("a text message needs text: an empty one, or none at all, is a 400 and nothing is stored", async () => {
  const before = fake.state.messages.size;
  for (const data of [{ text: "" }, {}, undefined]) {
    const error = await failure(
      unwrap(chat.as("customer").POST("/messages", { body: { receiver: "ticket-1", receiverType: "group", ...(data ? { data } : {}) } })),
    );
    expect(error).toBeInstanceOf(BadRequestError);
  }
  const noData = await failure(unwrap(chat.POST("/messages", { body: { receiver: "customer", receiverType: "user" } })));
  expect(noData?.code).toBe("ERR_EMPTY_MESSAGE_TEXT");
  expect(fake.state.messages.size).toBe(before);
});

test("action messages move a conversation up but are not unread: one customer message is an unread count of 1", async () => {
  await unwrap(
    chat.as("sup").POST("/groups/{guid}/members", { params: { path: { guid: "ticket-1" } }, body: { participants: ["other"] } }),
  );
  await unwrap(chat.as("sup").DELETE("/groups/{guid}/members/{uid}", { params: { path: { guid: "ticket-1", uid: "other" } } }));
  await unwrap(chat.as("customer").POST("/messages", { body: { receiver: "ticket-1", receiverType: "group", data: { text: "hi" } } }));
  const conversation = await unwrap(chat.as("agent").GET("/groups/{guid}/conversation", { params: { path: { guid: "ticket-1" } } }));
  expect(conversation.data.unreadMessageCount).toBe("1");
  const unread = await unwrap(
    chat.as("agent").GET("/groups/{guid}/messages", { params: { path: { guid: "ticket-1" }, query: { unread: true } } }),
  );
  expect(unread.data.map((message) => message.category)).toEqual(["message"]);
});

test("journey: a customer cannot close their own ticket, nor make themselves admin; a non-member sees nothing of it", async () => {
  const guid = { guid: "ticket-1" };
  const customer = chat.as("customer");
  const closed = await failure(unwrap(customer.DELETE("/groups/{guid}", { params: { path: guid } })));
  expect(closed).toBeInstanceOf(PermissionDeniedError);
  expect(closed?.code).toBe("ERR_GROUP_NO_ADMIN_SCOPE");
  const promoted = await failure(
    unwrap(customer.PUT("/groups/{guid}/members/{uid}", { params: { path: { ...guid, uid: "customer" } }, body: { scope: "admin" } })),
  );
  expect(promoted).toBeInstanceOf(PermissionDeniedError);
  expect(promoted?.code).toBe("ERR_GROUP_NO_ADMIN_SCOPE");
  const kicked = await failure(unwrap(customer.DELETE("/groups/{guid}/members/{uid}", { params: { path: { ...guid, uid: "agent" } } })));
  expect(kicked?.code).toBe("ERR_GROUP_NO_MODERATOR_SCOPE");
  const agentDeletes = await failure(unwrap(chat.as("agent").DELETE("/groups/{guid}", { params: { path: guid } })));
  expect(agentDeletes?.code).toBe("ERR_GROUP_NO_ADMIN_SCOPE");
  const sent = await unwrap(
    customer.POST("/messages", { body: { receiver: "ticket-1", receiverType: "group", data: { text: "refund?" } } }),
  );
  const outsider = chat.as("other");
  const id = { params: { path: { id: sent.data.id } } };
  for (const call of [
    outsider.GET("/groups/{guid}", { params: { path: guid } }),
    outsider.GET("/messages/{id}", id),
    outsider.GET("/messages/{id}/thread", id),
    outsider.GET("/messages/{id}/reactions", id),
    outsider.POST("/messages/{id}/reactions/{reaction}", { params: { path: { id: sent.data.id, reaction: "heart" } } }),
    outsider.POST("/groups/{guid}/members", { params: { path: guid }, body: { participants: ["other"] } }),
  ]) {
    const error = await failure(unwrap(call as Promise<{ data: unknown; error?: unknown; response: Response }>));
    expect(error).toBeInstanceOf(PermissionDeniedError);
    expect(error?.code).toBe("ERR_GROUP_NOT_JOINED");
  }
  const listed = await unwrap(outsider.GET("/groups"));
  expect(listed.data.map((group) => group.guid)).toEqual([]);
  const agentLists = await unwrap(chat.as("agent").GET("/groups"));
  expect(agentLists.data.map((group) => group.guid)).toEqual(["ticket-1"]);
  expect((await unwrap(chat.GET("/groups"))).data).toHaveLength(2);
  expect(fake.state.groups.has("ticket-1")).toBe(true);
  expect(fake.state.members.get("ticket-1")?.has("other")).toBe(false);
});
