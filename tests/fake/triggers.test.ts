// The triggers a webhook can have: every one the fake fires does fire when its change happens
// (and the README lists exactly those), a name the service does not know is refused with its 400
// ERR_TRIGGER_NOT_FOUND, and a trigger of a part of the service the fake does not run is refused
// rather than attached to a webhook that would never hear of it.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { BadRequestError, unlistedTrigger, unwrap } from "../../src/index";
import { FIRED_TRIGGERS } from "../../src/testing/fake/deliveries/fired-triggers";
import type { FakeServer } from "../../src/testing/index";
import { answerChecker } from "./answer-checker";
import { type FakeClients, useCheckedFake } from "./checked-fake";
import { closeReceivers, receiverOf } from "./receiver";

let fake: FakeServer;
const checker = answerChecker();
let clients: FakeClients;
useCheckedFake(
  checker,
  (started, startedClients) => {
    fake = started;
    clients = startedClients;
  },
  { settle: closeReceivers },
);

test("journey: every trigger the fake fires reaches the webhook when its change happens, its payload valid against its event", async () => {
  const { chat, management } = clients;
  const receiver = await receiverOf(fake, management, [...FIRED_TRIGGERS]);
  fake.seed({ users: ["ann", "bob", "cy"].map((uid) => ({ uid, name: uid })) });
  const ann = chat.as("ann");
  const guid = { guid: "crew" };
  const member = (uid: string) => ({ params: { path: { ...guid, uid } } });
  await unwrap(ann.POST("/groups", { body: { guid: "crew", name: "Crew" } }));
  await unwrap(ann.POST("/groups/{guid}/members", { params: { path: guid }, body: { participants: ["bob", "cy"] } }));
  await unwrap(ann.PUT("/groups/{guid}/members/{uid}", { ...member("bob"), body: { scope: "moderator" } }));
  await unwrap(ann.PUT("/groups/{guid}", { params: { path: guid }, body: { name: "The crew", owner: "bob" } }));
  const sent = await unwrap(ann.POST("/messages", { body: { receiver: "crew", receiverType: "group", data: { text: "hi <@uid:cy>" } } }));
  const id = { id: sent.data.id };
  await unwrap(chat.as("cy").POST("/messages/{id}/reactions/{reaction}", { params: { path: { ...id, reaction: "👍" } } }));
  await unwrap(chat.as("cy").DELETE("/messages/{id}/reactions/{reaction}", { params: { path: { ...id, reaction: "👍" } } }));
  await unwrap(chat.as("cy").POST("/groups/{guid}/conversation/delivered", { params: { path: guid }, body: {} }));
  await unwrap(chat.as("cy").POST("/groups/{guid}/conversation/read", { params: { path: guid }, body: {} }));
  await unwrap(ann.PUT("/messages/{id}", { params: { path: id }, body: { data: { text: "hello" } } }));
  await unwrap(ann.DELETE("/messages/{id}", { params: { path: id } }));
  await unwrap(chat.as("bob").DELETE("/groups/{guid}/members/{uid}", member("cy")));
  await unwrap(chat.as("bob").POST("/groups/{guid}/bannedusers/{uid}", member("cy")));
  await unwrap(chat.as("bob").DELETE("/groups/{guid}/bannedusers/{uid}", member("cy")));
  await unwrap(chat.POST("/users/{uid}/blockedusers", { params: { path: { uid: "ann" } }, body: { blockedUids: ["cy"] } }));
  await unwrap(chat.DELETE("/users/{uid}/blockedusers", { params: { path: { uid: "ann" } }, body: { blockedUids: ["cy"] } }));
  await unwrap(chat.DELETE("/groups/{guid}", { params: { path: guid } }));
  await receiver.close();

  expect(new Set(receiver.received.map((event) => event.trigger))).toEqual(new Set(FIRED_TRIGGERS));
  expect(receiver.problems()).toEqual([]);
  const event = (trigger: string) => receiver.received.find((e) => e.trigger === trigger)!.data;
  expect(event("user_mentioned").message.data.mentions).toEqual({ cy: expect.objectContaining({ uid: "cy" }) });
  expect(event("group_owner_transferred").group).toMatchObject({ owner: "bob", oldOwner: "ann" });
  expect(event("group_updated").group).toMatchObject({ name: "The crew" });
  expect(event("group_member_unbanned")).toMatchObject({ members: { cy: { uid: "cy" } }, by: { uid: "bob" } });
});

test("journey: unbanning a member fires group_member_unbanned, naming the member and who lifted the ban", async () => {
  const { chat, management } = clients;
  const receiver = await receiverOf(fake, management, ["group_member_banned", "group_member_unbanned"]);
  fake.seed({
    users: ["owner", "troll"].map((uid) => ({ uid, name: uid })),
    groups: [{ guid: "club", name: "Club", owner: "owner" }],
  });
  const path = { params: { path: { guid: "club", uid: "troll" } } };
  await unwrap(chat.as("owner").POST("/groups/{guid}/bannedusers/{uid}", path));
  await unwrap(chat.as("owner").DELETE("/groups/{guid}/bannedusers/{uid}", path));
  const unbanned = await fake.waitForDelivery({ trigger: "group_member_unbanned" });
  expect(unbanned.payload.data).toMatchObject({ group: { guid: "club" }, members: { troll: { uid: "troll" } }, by: { uid: "owner" } });
  await receiver.close();
  expect(receiver.received.map((event) => event.trigger)).toEqual(["group_member_banned", "group_member_unbanned"]);
});

test("the README lists, as the events that fire, exactly the triggers the fake fires", () => {
  const readme = readFileSync(join(__dirname, "..", "..", "README.md"), "utf8");
  const section = readme.slice(readme.indexOf("### Webhooks that fire"));
  const sentence = section.slice(0, section.indexOf("\n\n", section.indexOf("\n\n") + 2));
  const listed = [...sentence.matchAll(/`([a-z_]+)`/g)].map((match) => match[1]);
  expect(listed).toEqual([...FIRED_TRIGGERS]);
});

test("a misspelt trigger is refused with 400 ERR_TRIGGER_NOT_FOUND naming it, and nothing is attached", async () => {
  const { management } = clients;
  const path = { appId: fake.appId };
  await unwrap(
    management.POST("/apps/{appId}/webhooks", {
      params: { path },
      body: { id: "orders", name: "Orders", webhookURL: "https://hooks.example.org/" },
    }),
  );
  const triggers = { params: { path: { ...path, webhookId: "orders" } } };
  const error = await unwrap(
    management.POST("/apps/{appId}/webhooks/{webhookId}/triggers", {
      ...triggers,
      body: { triggerIds: ["message_sent", unlistedTrigger("message_send")] },
    }),
  ).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(BadRequestError);
  expect(error).toMatchObject({
    status: 400,
    code: "ERR_TRIGGER_NOT_FOUND",
    details: { triggerIds: [expect.stringContaining("message_send")] },
  });
  expect((await unwrap(management.GET("/apps/{appId}/webhooks/{webhookId}/triggers", triggers))).data).toEqual([]);
});

test("a trigger of a part of the service the fake does not run is refused with a 400 that names it and lists the ones it fires", async () => {
  const { management } = clients;
  const path = { appId: fake.appId };
  await unwrap(
    management.POST("/apps/{appId}/webhooks", {
      params: { path },
      body: { id: "calls", name: "Calls", webhookURL: "https://hooks.example.org/" },
    }),
  );
  const triggers = { params: { path: { ...path, webhookId: "calls" } } };
  const error = await unwrap(
    management.POST("/apps/{appId}/webhooks/{webhookId}/triggers", { ...triggers, body: { triggerIds: ["call_started", "message_sent"] } }),
  ).catch((e: unknown) => e);
  expect(error).toMatchObject({
    status: 400,
    code: "ERR_BAD_REQUEST",
    details: { triggerIds: [expect.stringMatching(/call_started.*message_sent/)] },
  });
  expect((await unwrap(management.GET("/apps/{appId}/webhooks/{webhookId}/triggers", triggers))).data).toEqual([]);
});
