// The message lists as the service answers them: the action messages it writes (edits, deletions,
// members added, promoted, kicked, banned and unbanned) are listed with the conversation, with the
// same filters as every message, and `unread` lists what the reader has not read, consistent with
// the conversation's unreadMessageCount. Each journey runs over HTTP and again through MSW.
import { setupServer } from "msw/node";
import { unwrap } from "../../src/index";
import { chatFakeHandlers, type FakeServer, startFakeServer } from "../../src/testing/index";
import { answerChecker, clientsOf } from "./answer-checker";

let fake: FakeServer;
const checker = answerChecker();
const msw = setupServer();

beforeAll(async () => {
  fake = await startFakeServer();
  msw.use(...chatFakeHandlers(fake));
  // Requests to the fake's loopback port pass; anything else the handlers do not serve fails the test.
  msw.listen({
    onUnhandledRequest: (request) => {
      if (!request.url.startsWith("http://127.0.0.1:")) throw new Error(`unhandled ${request.method} ${request.url}`);
    },
  });
});
afterAll(async () => {
  msw.close();
  await fake.close();
});
beforeEach(() => fake.reset());
afterEach(() => expect(checker.problems()).toEqual([]));

const VIAS = ["http", "msw"] as const;

/** An order's group: the seller owns it, the buyer and a courier are added, and the courier's membership changes. */
async function orderGroup(via: (typeof VIAS)[number]) {
  const { chat } = clientsOf(fake, checker, via);
  fake.seed({ users: ["seller", "buyer", "courier"].map((uid) => ({ uid, name: uid })) });
  const guid = { guid: "order-7" };
  const seller = chat.as("seller");
  await unwrap(seller.POST("/groups", { body: { guid: "order-7", name: "Order 7", type: "private" } }));
  await unwrap(
    seller.POST("/groups/{guid}/members", { params: { path: guid }, body: { participants: ["buyer"], moderators: ["courier"] } }),
  );
  const send = (as: string, text: string) =>
    unwrap(chat.as(as).POST("/messages", { body: { receiver: "order-7", receiverType: "group", data: { text } } }));
  return { chat, seller, guid, send };
}

const textOrAction = (message: { data: { text?: string; action?: string } }) => message.data.text ?? `(${message.data.action})`;

describe.each(VIAS)("through %s", (via) => {
  test("edits, deletions and member changes are listed as action messages, and every filter applies to them", async () => {
    const { chat, seller, guid, send } = await orderGroup(via);
    const question = await send("buyer", "Where is it?");
    const shipped = await send("seller", "Shipped");
    await unwrap(
      seller.POST("/messages/{id}/thread", { params: { path: { id: question.data.id } }, body: { data: { text: "Tracking 123" } } }),
    );
    await unwrap(
      chat
        .as("buyer")
        .PUT("/messages/{id}", { params: { path: { id: question.data.id } }, body: { data: { text: "Where is my order?" } } }),
    );
    await unwrap(seller.DELETE("/messages/{id}", { params: { path: { id: shipped.data.id } } }));
    const courier = { params: { path: { ...guid, uid: "courier" } } };
    await unwrap(seller.PUT("/groups/{guid}/members/{uid}", { ...courier, body: { scope: "participant" } }));
    await unwrap(seller.DELETE("/groups/{guid}/members/{uid}", courier));
    await unwrap(seller.POST("/groups/{guid}/bannedusers/{uid}", courier));
    await unwrap(seller.DELETE("/groups/{guid}/bannedusers/{uid}", courier));

    const list = async (query: Record<string, unknown>) =>
      (await unwrap(seller.GET("/groups/{guid}/messages", { params: { path: guid, query } }))).data;

    const actions = await list({ categories: ["action"] });
    expect(actions.map((message) => [message.category, message.type, message.data.action])).toEqual([
      ["action", "groupMember", "added"],
      ["action", "groupMember", "added"],
      ["action", "message", "edited"],
      ["action", "message", "deleted"],
      ["action", "groupMember", "scopeChanged"],
      ["action", "groupMember", "kicked"],
      ["action", "groupMember", "banned"],
      ["action", "groupMember", "unbanned"],
    ]);
    // Who acted, on whom, in which group; a scope change says from what to what.
    expect(actions[5]!.data.entities).toMatchObject({
      by: { entity: { uid: "seller" }, entityType: "user" },
      on: { entity: { uid: "courier" }, entityType: "user" },
      for: { entity: { guid: "order-7" }, entityType: "group" },
    });
    expect(actions[4]!.data).toMatchObject({ extras: { scope: { old: "moderator", new: "participant" } } });
    expect(actions[2]!.data.entities?.on).toMatchObject({ entity: { id: question.data.id, data: { text: "Where is my order?" } } });

    const all = await list({});
    expect(all.map(textOrAction)).toEqual([
      ...["(added)", "(added)", "Where is my order?", "Shipped", "Tracking 123", "(edited)", "(deleted)", "(scopeChanged)"],
      ...["(kicked)", "(banned)", "(unbanned)"],
    ]);
    expect((await list({ category: "message" })).map(textOrAction)).toEqual(["Where is my order?", "Shipped", "Tracking 123"]);
    expect((await list({ hideReplies: true, hideDeleted: true, types: ["message"] })).map(textOrAction)).toEqual(["(edited)", "(deleted)"]);
    expect((await list({ types: ["groupMember"], sender: "seller" })).map(textOrAction)).toEqual([
      ...["(added)", "(added)", "(scopeChanged)", "(kicked)", "(banned)", "(unbanned)"],
    ]);
    // The app's list of every message holds them too, and so does the one-to-one conversation.
    const everywhere = await unwrap(chat.GET("/messages", { params: { query: { categories: ["action"] } } }));
    expect(everywhere.data).toHaveLength(8);
    const direct = await unwrap(
      chat.as("buyer").POST("/messages", { body: { receiver: "seller", receiverType: "user", data: { text: "hi" } } }),
    );
    await unwrap(chat.as("buyer").DELETE("/messages/{id}", { params: { path: { id: direct.data.id } } }));
    const pair = await unwrap(
      chat.as("buyer").GET("/users/{uid}/messages", { params: { path: { uid: "seller" }, query: { category: "action" } } }),
    );
    expect(pair.data.map((message) => [message.conversationId, message.data.action])).toEqual([["buyer_user_seller", "deleted"]]);
  });

  test("unread lists what others sent after the reader's read mark, never the reader's own, as unreadMessageCount counts", async () => {
    const { chat, guid, send } = await orderGroup(via);
    await send("seller", "Packed");
    await send("buyer", "Thanks");
    const buyer = chat.as("buyer");
    await unwrap(buyer.POST("/groups/{guid}/conversation/read", { params: { path: guid }, body: {} }));
    await send("seller", "Shipped");
    await send("buyer", "Great");
    await send("courier", "On my way");

    const unread = await unwrap(buyer.GET("/groups/{guid}/messages", { params: { path: guid, query: { unread: true } } }));
    expect(unread.data.map(textOrAction)).toEqual(["Shipped", "On my way"]);
    const read = await unwrap(buyer.GET("/groups/{guid}/messages", { params: { path: guid, query: { unread: false } } }));
    expect(read.data.map(textOrAction)).toEqual(["(added)", "(added)", "Packed", "Thanks", "Shipped", "Great", "On my way"]);
    const conversation = await unwrap(buyer.GET("/groups/{guid}/conversation", { params: { path: guid } }));
    expect(conversation.data.unreadMessageCount).toBe(String(unread.data.length));
    // The list of every message, as the buyer, applies the same marks: and a conversation never read is all unread.
    await unwrap(chat.as("seller").POST("/messages", { body: { receiver: "buyer", receiverType: "user", data: { text: "Rate us?" } } }));
    const everywhere = await unwrap(buyer.GET("/messages", { params: { query: { unread: true } } }));
    expect(everywhere.data.map(textOrAction)).toEqual(["Shipped", "On my way", "Rate us?"]);
    // Marked read again, nothing is unread.
    await unwrap(buyer.POST("/groups/{guid}/conversation/read", { params: { path: guid }, body: {} }));
    await unwrap(buyer.POST("/users/{uid}/conversation/read", { params: { path: { uid: "seller" } }, body: {} }));
    expect((await unwrap(buyer.GET("/messages", { params: { query: { unread: true } } }))).data).toEqual([]);
  });
});
