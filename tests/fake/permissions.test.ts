// Who may do what, as the service decides it: a message is edited or deleted by its sender, by
// the app, or by an admin or moderator of its group; anyone else gets a PermissionDeniedError with
// ERR_MESSAGE_NOT_A_SENDER. A user outside a group gets ERR_GROUP_NOT_JOINED from every operation
// that acts in the group, as a PermissionDeniedError: the credentials are fine, the user is not.
import { BadRequestError, type ChatApiError, PermissionDeniedError, unwrap } from "../../src/index";
import { type FakeServer, startFakeServer } from "../../src/testing/index";
import { answerChecker, clientsOf } from "./answer-checker";

let fake: FakeServer;
const checker = answerChecker();
let chat: ReturnType<typeof clientsOf>["chat"];

beforeAll(async () => {
  fake = await startFakeServer();
  ({ chat } = clientsOf(fake, checker));
});
afterAll(() => fake.close());
beforeEach(() =>
  fake.seed({
    users: ["seller", "buyer", "mod", "courier", "outsider"].map((uid) => ({ uid, name: uid })),
    groups: [{ guid: "order-7", name: "Order 7", owner: "seller" }],
    members: [
      { guid: "order-7", uid: "buyer" },
      { guid: "order-7", uid: "courier" },
      { guid: "order-7", uid: "mod", scope: "moderator" },
    ],
  }),
);
afterEach(() => {
  fake.reset();
  expect(checker.problems()).toEqual([]);
});

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: ChatApiError) => ({ class: error.constructor.name, status: error.status, code: error.code }),
  );
const NOT_SENDER = { class: "PermissionDeniedError", status: 403, code: "ERR_MESSAGE_NOT_A_SENDER" };
const NOT_JOINED = { class: "PermissionDeniedError", status: 403, code: "ERR_GROUP_NOT_JOINED" };

test("journey: a participant may change only their own group messages; moderators, admins and the app may change any", async () => {
  const send = async (as: string, text: string) =>
    (await unwrap(chat.as(as).POST("/messages", { body: { receiver: "order-7", receiverType: "group", data: { text } } }))).data.id;
  const edit = (as: string | undefined, id: string, text: string) =>
    unwrap((as ? chat.as(as) : chat).PUT("/messages/{id}", { params: { path: { id } }, body: { data: { text } } }));
  const remove = (as: string | undefined, id: string) =>
    unwrap((as ? chat.as(as) : chat).DELETE("/messages/{id}", { params: { path: { id } } }));

  const offer = await send("buyer", "I offer 40");
  expect(await failure(edit("courier", offer, "I offer 4"))).toEqual(NOT_SENDER);
  expect(await failure(remove("courier", offer))).toEqual(NOT_SENDER);
  // A user outside the group is refused before the message is looked at: they are not a member.
  expect(await failure(edit("outsider", offer, "spam"))).toEqual(NOT_JOINED);
  expect(fake.state.messages.get(offer)).toMatchObject({ data: { text: "I offer 40" } });
  expect(fake.state.messages.get(offer)?.editedBy).toBeUndefined();
  expect(fake.state.messages.get(offer)?.deletedAt).toBeUndefined();

  await edit("buyer", offer, "I offer 45");
  await edit("mod", offer, "I offer 45 (edited by a moderator)");
  await edit("seller", offer, "I offer 45 (edited by the owner)");
  await edit(undefined, offer, "I offer 45 (edited by the app)");
  expect(fake.state.messages.get(offer)).toMatchObject({ editedBy: "app_system" });
  const rude = await send("courier", "rude words");
  await remove("mod", rude);
  expect(fake.state.messages.get(rude)).toMatchObject({ deletedBy: "mod" });
  await remove("seller", await send("courier", "more rude words"));
  await remove(undefined, await send("buyer", "removed by the app"));
});

test("journey: in a conversation of two users, the receiver may neither edit nor delete the sender's message", async () => {
  const sent = await unwrap(
    chat.as("seller").POST("/messages", { body: { receiver: "buyer", receiverType: "user", data: { text: "Your total is 45" } } }),
  );
  const path = { params: { path: { id: sent.data.id } } };
  expect(await failure(unwrap(chat.as("buyer").PUT("/messages/{id}", { ...path, body: { data: { text: "Your total is 4" } } })))).toEqual(
    NOT_SENDER,
  );
  expect(await failure(unwrap(chat.as("buyer").DELETE("/messages/{id}", path)))).toEqual(NOT_SENDER);
  expect(fake.state.messages.get(sent.data.id)).toMatchObject({ data: { text: "Your total is 45" } });
  await unwrap(chat.as("seller").PUT("/messages/{id}", { ...path, body: { data: { text: "Your total is 47" } } }));
});

test("an action message is neither edited nor deleted, not even by the app: 400 ERR_MESSAGE_ACTION_NOT_ALLOWED", async () => {
  const sent = await unwrap(
    chat.as("buyer").POST("/messages", { body: { receiver: "order-7", receiverType: "group", data: { text: "hi" } } }),
  );
  const action = await unwrap(chat.as("buyer").DELETE("/messages/{id}", { params: { path: { id: sent.data.id } } }));
  const path = { params: { path: { id: action.data.id } } };
  const error = await unwrap(chat.PUT("/messages/{id}", { ...path, body: { data: { text: "x" } } })).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(BadRequestError);
  expect((error as BadRequestError).code).toBe("ERR_MESSAGE_ACTION_NOT_ALLOWED");
  expect(await failure(unwrap(chat.DELETE("/messages/{id}", path)))).toMatchObject({ code: "ERR_MESSAGE_ACTION_NOT_ALLOWED" });
});

test("journey: a user outside the group gets a PermissionDeniedError with ERR_GROUP_NOT_JOINED wherever they act in it", async () => {
  const outsider = chat.as("outsider");
  const guid = { guid: "order-7" };
  const parent = await unwrap(
    chat.as("buyer").POST("/messages", { body: { receiver: "order-7", receiverType: "group", data: { text: "Q" } } }),
  );
  const refused = [
    outsider.POST("/messages", { body: { receiver: "order-7", receiverType: "group", data: { text: "hi" } } }),
    outsider.POST("/messages/{id}/thread", { params: { path: { id: parent.data.id } }, body: { data: { text: "me too" } } }),
    chat.POST("/bots/{uid}/messages", {
      params: { path: { uid: "outsider" } },
      body: { receiver: "order-7", receiverType: "group", data: { text: "bot" } },
    }),
    outsider.GET("/groups/{guid}/messages", { params: { path: guid } }),
    outsider.GET("/groups/{guid}/conversation", { params: { path: guid } }),
    outsider.PUT("/groups/{guid}/conversation", { params: { path: guid }, body: { tags: ["x"] } }),
    outsider.DELETE("/groups/{guid}/conversation", { params: { path: guid } }),
    outsider.POST("/groups/{guid}/conversation/delivered", { params: { path: guid }, body: {} }),
    outsider.POST("/groups/{guid}/conversation/read", { params: { path: guid }, body: {} }),
    outsider.DELETE("/groups/{guid}/conversation/read", { params: { path: guid }, body: {} }),
  ];
  for (const call of refused) {
    const error = await unwrap(call as Promise<{ data: unknown; error?: unknown; response: Response }>).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PermissionDeniedError);
    expect(await failure(Promise.reject(error))).toEqual(NOT_JOINED);
  }
  expect([...fake.state.messages.values()].map((message) => message.data.text)).toEqual(["Q"]);
});

describe("a conversation of two users is theirs alone", () => {
  const NOT_FOUND = { class: "NotFoundError", status: 404, code: "ERR_MESSAGE_ID_NOT_FOUND" };

  test("a third user acting with onBehalfOf can neither read its messages, nor list or join a thread, nor react to or change them", async () => {
    const sent = await unwrap(
      chat.as("seller").POST("/messages", { body: { receiver: "buyer", receiverType: "user", data: { text: "Your code is 4711" } } }),
    );
    const id = sent.data.id;
    const path = { params: { path: { id } } };
    const reaction = { params: { path: { id, reaction: "👍" } } };
    const outsider = chat.as("outsider");
    const refused = [
      outsider.GET("/messages/{id}", path),
      outsider.GET("/messages/{id}/thread", path),
      outsider.POST("/messages/{id}/thread", { ...path, body: { data: { text: "me too" } } }),
      outsider.POST("/messages/{id}/reactions/{reaction}", reaction),
      outsider.GET("/messages/{id}/reactions", path),
      outsider.GET("/messages/{id}/reactions/{reaction}", reaction),
      outsider.DELETE("/messages/{id}/reactions/{reaction}", reaction),
      outsider.PUT("/messages/{id}", { ...path, body: { data: { text: "Your code is 0000" } } }),
      outsider.DELETE("/messages/{id}", path),
    ];
    for (const call of refused)
      expect(await failure(unwrap(call as Promise<{ data: unknown; error?: unknown; response: Response }>))).toEqual(NOT_FOUND);
    expect(fake.state.messages.get(id)).toMatchObject({ data: { text: "Your code is 4711" } });
    expect(fake.state.messages.get(id)?.data.reactions).toBeUndefined();
    expect(fake.state.messages.size).toBe(1);
  });

  test("its two users, and the app, still read it, list its thread and react to it", async () => {
    const sent = await unwrap(
      chat.as("seller").POST("/messages", { body: { receiver: "buyer", receiverType: "user", data: { text: "Shipped" } } }),
    );
    const path = { params: { path: { id: sent.data.id } } };
    for (const reader of [chat.as("seller"), chat.as("buyer"), chat]) {
      expect((await unwrap(reader.GET("/messages/{id}", path))).data.id).toBe(sent.data.id);
      await unwrap(reader.GET("/messages/{id}/thread", path));
    }
    await unwrap(chat.as("buyer").POST("/messages/{id}/reactions/{reaction}", { params: { path: { id: sent.data.id, reaction: "👍" } } }));
    // The record of an edit by the app stays the two users' too.
    const edit = await unwrap(chat.PUT("/messages/{id}", { ...path, body: { data: { text: "Shipped today" } } }));
    await unwrap(chat.as("buyer").GET("/messages/{id}/thread", { params: { path: { id: edit.data.id } } }));
    expect(await failure(unwrap(chat.as("outsider").GET("/messages/{id}", { params: { path: { id: edit.data.id } } })))).toEqual(NOT_FOUND);
  });
});

describe("multipleReceivers", () => {
  const body = (multipleReceivers: { uids?: string[]; guids?: string[] }) => ({
    receiver: "buyer",
    receiverType: "user" as const,
    data: { text: "Sale starts now" },
    multipleReceivers,
  });

  test("delivers one copy to each user and group named, instead of to receiver, each a message of its own", async () => {
    const answer = await unwrap(chat.as("seller").POST("/messages", { body: body({ uids: ["courier", "MOD"], guids: ["order-7"] }) }));
    const copies = [...fake.state.messages.values()].filter((message) => message.data.text === "Sale starts now");
    expect(copies.map((message) => [message.receiverType, message.receiver, message.conversationId, message.sender])).toEqual([
      ["user", "courier", "courier_user_seller", "seller"],
      ["user", "mod", "mod_user_seller", "seller"],
      ["group", "order-7", "group_order-7", "seller"],
    ]);
    expect(answer.data).toMatchObject({ id: copies[0]!.id, receiver: "courier" });
    // The courier reads it in the conversation with the seller; the buyer, named only as receiver, got nothing.
    const courier = await unwrap(chat.as("courier").GET("/users/{uid}/messages", { params: { path: { uid: "seller" } } }));
    expect(courier.data.map((message) => message.data.text)).toEqual(["Sale starts now"]);
    const buyer = await unwrap(chat.as("buyer").GET("/users/{uid}/messages", { params: { path: { uid: "seller" } } }));
    expect(buyer.data).toEqual([]);
  });

  test("a non-member naming a private group is refused with ERR_GROUP_NOT_JOINED, as with receiver, and nothing is sent", async () => {
    await unwrap(chat.POST("/groups", { body: { guid: "board", name: "Board", type: "private", owner: "mod" } }));
    const error = await unwrap(chat.as("outsider").POST("/messages", { body: body({ uids: ["courier"], guids: ["board"] }) })).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(PermissionDeniedError);
    expect(await failure(Promise.reject(error))).toEqual(NOT_JOINED);
    expect([...fake.state.messages.values()].filter((message) => message.category !== "action")).toEqual([]);
  });

  test("a user or group that does not exist is refused with a 400 naming the list, and an empty one too", async () => {
    const unknownUser = await failure(unwrap(chat.as("seller").POST("/messages", { body: body({ uids: ["ghost"] }) })));
    expect(unknownUser).toEqual({ class: "BadRequestError", status: 400, code: "ERR_UID_NOT_FOUND" });
    const unknownGroup = await unwrap(chat.as("seller").POST("/messages", { body: body({ guids: ["nowhere"] }) })).catch(
      (e: BadRequestError) => e,
    );
    expect(unknownGroup).toMatchObject({ status: 400, code: "ERR_GUID_NOT_FOUND" });
    expect(Object.keys((unknownGroup as BadRequestError).details ?? {})).toEqual(["multipleReceivers.guids"]);
    expect(await failure(unwrap(chat.as("seller").POST("/messages", { body: body({}) })))).toMatchObject({ status: 400 });
    expect(fake.state.messages.size).toBe(0);
  });
});
