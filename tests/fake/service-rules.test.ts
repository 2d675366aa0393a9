// Smaller rules of the service that the fake keeps: who sends a bot's message, the app's message
// list and its filters, the groups' updatedAt cursor, and UIDs read in any case.
import { type paths, unwrap } from "../../src/index";
import type { FakeServer } from "../../src/testing/index";
import { answerChecker } from "./answer-checker";
import { type FakeClients, useCheckedFake } from "./checked-fake";

type MessagesQuery = NonNullable<paths["/messages"]["get"]["parameters"]["query"]>;

let fake: FakeServer;
const checker = answerChecker();
let chat: FakeClients["chat"];
useCheckedFake(checker, (started, clients) => {
  fake = started;
  chat = clients.chat;
});

test("a bot's message is sent by the bot, a message without onBehalfOf by the app", async () => {
  fake.seed({
    users: [
      { uid: "helper-bot", name: "Bot", role: "bot" },
      { uid: "ana", name: "Ana" },
    ],
  });
  const fromBot = await unwrap(
    chat.POST("/bots/{uid}/messages", {
      params: { path: { uid: "helper-bot" } },
      body: { receiver: "ana", receiverType: "user", data: { text: "Hi" } },
    }),
  );
  expect(fromBot.data).toMatchObject({ sender: "helper-bot", receiver: "ana", conversationId: "ana_user_helper-bot" });
  const fromApp = await unwrap(chat.POST("/messages", { body: { receiver: "ana", receiverType: "user", data: { text: "Welcome" } } }));
  expect(fromApp.data.sender).toBe("app_system");
  const noBot = await unwrap(
    chat.POST("/bots/{uid}/messages", { params: { path: { uid: "ghost" } }, body: { receiver: "ana", receiverType: "user" } }),
  ).catch((e: unknown) => e);
  expect(noBot).toMatchObject({ status: 404, code: "ERR_UID_NOT_FOUND" });
});

test("the app's message list filters by sender, receiver type, category and replies", async () => {
  fake.seed({
    users: [
      { uid: "a", name: "A" },
      { uid: "b", name: "B" },
    ],
    groups: [{ guid: "g", name: "G", owner: "a" }],
    messages: [
      { sender: "a", receiver: "b", receiverType: "user", text: "direct" },
      { sender: "a", receiver: "g", receiverType: "group", text: "to group" },
      { sender: "b", receiver: "a", receiverType: "user", category: "custom", type: "poll", data: { customData: { q: 1 } } },
      { sender: "b", receiver: "a", receiverType: "user", text: "reply", parentId: "1" },
    ],
  });
  const texts = async (query: MessagesQuery = {}) =>
    (await unwrap(chat.GET("/messages", { params: { query } }))).data.map((message) => message.data.text ?? message.type);
  expect(await texts()).toEqual(["direct", "to group", "poll", "reply"]);
  expect(await texts({ sender: "a" })).toEqual(["direct", "to group"]);
  expect(await texts({ receiverType: "group" })).toEqual(["to group"]);
  expect(await texts({ category: "custom" })).toEqual(["poll"]);
  expect(await texts({ hideReplies: true, searchKey: "RE" })).toEqual(["direct"]);
  expect(fake.state.messages.get("1")?.replyCount).toBe(1);
});

test("groups changed after an updatedAt come with affix=append, those before with prepend, and the page names its cursor", async () => {
  fake.seed({
    groups: [
      { guid: "g1", name: "One" },
      { guid: "g2", name: "Two" },
    ],
  });
  const now = Math.floor(Date.now() / 1000);
  const list = async (affix: "append" | "prepend", updatedAt: number) =>
    (await unwrap(chat.GET("/groups", { params: { query: { affix, updatedAt } } }))).data.map((group) => group.guid);
  expect(await list("append", now - 60)).toEqual(["g1", "g2"]);
  expect(await list("append", now + 60)).toEqual([]);
  expect(await list("prepend", now + 60)).toEqual(["g1", "g2"]);
  const page = await unwrap(chat.GET("/groups"));
  expect(page.meta.cursor).toEqual({ affix: "append", updatedAt: expect.any(Number) });
  expect(Math.abs(page.meta.cursor!.updatedAt - now)).toBeLessThan(5);
});

test("a UID is found in any case, as the service stores it in lower case", async () => {
  await unwrap(chat.POST("/users", { body: { uid: "Mixed-Case", name: "M" } }));
  expect((await unwrap(chat.GET("/users/{uid}", { params: { path: { uid: "MIXED-CASE" } } }))).data.uid).toBe("mixed-case");
  const sent = await unwrap(
    chat.as("MIXED-case").POST("/messages", { body: { receiver: "Mixed-Case", receiverType: "user", data: { text: "self" } } }),
  );
  expect(sent.data).toMatchObject({ sender: "mixed-case", receiver: "mixed-case" });
});

test("a body's unknown fields cannot overwrite what the service sets: ids, owners and times", async () => {
  fake.seed({
    users: [
      { uid: "ana", name: "Ana" },
      { uid: "ben", name: "Ben" },
    ],
  });
  const headers = { apikey: fake.apiKey, "content-type": "application/json" };
  const put = await fetch(`${fake.url}/users/ana`, {
    method: "PUT",
    headers,
    body: JSON.stringify({ uid: "mallory", createdAt: 1, name: "Ana B." }),
  });
  expect(put.status).toBe(200);
  expect(fake.state.users.get("ana")).toMatchObject({ uid: "ana", name: "Ana B." });
  expect(fake.state.users.get("ana")!.createdAt).toBeGreaterThan(1);
  const sent = await fetch(`${fake.url}/messages`, {
    method: "POST",
    headers: { ...headers, onBehalfOf: "ana" },
    body: JSON.stringify({
      receiver: "ben",
      receiverType: "user",
      data: { text: "hi" },
      sentAt: 1,
      id: "999",
      sender: "ben",
      muid: "client-1",
    }),
  });
  const message = (await sent.json()).data;
  expect(message).toMatchObject({ id: "1", sender: "ana", muid: "client-1" });
  expect(message.sentAt).toBeGreaterThan(1);
});
