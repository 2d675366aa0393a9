// What the fake's answers hold, field by field: a group is the Group of the spec (a create
// request's members are answered as outcomes, never kept), a soft-deleted message keeps its
// content beside deletedAt and deletedBy, as the service's documentation describes, and every
// answer is checked with Message, User and Group closed: a field the spec does not declare fails.
import { unwrap } from "../../src/index";
import type { FakeServer } from "../../src/testing/index";
import type { JsonObject } from "../harness/spec";
import { answerChecker, closedValidator } from "./answer-checker";
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

test("journey: a group created with members answers each UID's outcome, and the group itself is a Group, in reads and in group_created", async () => {
  const { chat, management } = clients;
  const receiver = await receiverOf(fake, management, ["group_created"]);
  fake.seed({
    users: [
      { uid: "seller", name: "Seller" },
      { uid: "buyer", name: "Buyer" },
    ],
  });
  const created = await unwrap(
    chat.as("seller").POST("/groups", { body: { guid: "order-7", name: "Order 7", members: { participants: ["buyer", "nobody"] } } }),
  );
  expect(created.data.members).toEqual({
    participants: { buyer: { success: true }, nobody: { success: false, error: expect.objectContaining({ code: "ERR_UID_NOT_FOUND" }) } },
  });
  const read = await unwrap(chat.GET("/groups/{guid}", { params: { path: { guid: "order-7" } } }));
  expect(read.data).not.toHaveProperty("members");
  expect(read.data).toMatchObject({ guid: "order-7", owner: "seller", membersCount: 2 });
  const listed = await unwrap(chat.GET("/groups"));
  expect(listed.data[0]).not.toHaveProperty("members");
  const event = await fake.waitForDelivery({ trigger: "group_created" });
  expect(event.payload.data.group).not.toHaveProperty("members");
  expect(Object.keys(event.payload.data.members ?? {})).toEqual(["seller", "buyer"]);
  expect(receiver.problems()).toEqual([]);
  await receiver.close();
});

test("journey: a soft-deleted message keeps its content, with deletedAt and deletedBy, in reads and lists; hideDeleted leaves it out", async () => {
  const { chat } = clients;
  fake.seed({
    users: [
      { uid: "ana", name: "Ana" },
      { uid: "ben", name: "Ben" },
    ],
  });
  const sent = await unwrap(
    chat.as("ana").POST("/messages", { body: { receiver: "ben", receiverType: "user", data: { text: "Meet at 5" } } }),
  );
  const path = { params: { path: { id: sent.data.id } } };
  await unwrap(chat.as("ana").DELETE("/messages/{id}", path));
  const read = await unwrap(chat.as("ben").GET("/messages/{id}", path));
  expect(read.data).toMatchObject({ data: { text: "Meet at 5" }, deletedBy: "ana", deletedAt: expect.any(Number) });
  const listed = await unwrap(
    chat.as("ben").GET("/users/{uid}/messages", { params: { path: { uid: "ana" }, query: { category: "message" } } }),
  );
  expect(listed.data.map((message) => [message.data.text, "deletedBy" in message ? message.deletedBy : undefined])).toEqual([
    ["Meet at 5", "ana"],
  ]);
  const hidden = await unwrap(
    chat.GET("/messages", { params: { query: { conversationId: "ana_user_ben", category: "message", hideDeleted: true } } }),
  );
  expect(hidden.data).toEqual([]);
  // A permanent deletion erases it.
  await unwrap(chat.DELETE("/messages/{id}", { ...path, body: { permanent: true } }));
  const gone = await unwrap(chat.GET("/messages/{id}", path)).then(
    () => "found",
    (error: { code: string }) => error.code,
  );
  expect(gone).toBe("ERR_MESSAGE_ID_NOT_FOUND");
});

test("the answer check refuses a property that Message, User or Group does not declare, also where a schema extends them", () => {
  const validator = closedValidator;
  const schema = (name: string) => ({ $ref: `#/components/schemas/${name}` }) as JsonObject;
  const message = {
    id: "1",
    conversationId: "a_user_b",
    sender: "a",
    receiverType: "user",
    receiver: "b",
    category: "message",
    type: "text",
    data: {},
    sentAt: 1,
    updatedAt: 1,
  };
  expect(validator.validate(schema("Message"), { ...message, editedAt: 2, editedBy: "a", replyCount: 1 })).toEqual([]);
  expect(validator.validate(schema("Message"), { ...message, editedOn: 2 })).toEqual([
    { path: "$.editedOn", message: "property is not allowed by the schema" },
  ]);
  expect(validator.validate(schema("ThreadMessage"), { ...message, parentId: "0" })).toEqual([]);
  expect(validator.validate(schema("ThreadMessage"), { ...message, parentId: "0", thread: true })).not.toEqual([]);
  const user = { uid: "a", name: "A", createdAt: 1 };
  expect(validator.validate(schema("GroupMember"), { ...user, scope: "admin", joinedAt: 1 })).toEqual([]);
  expect(validator.validate(schema("User"), { ...user, deactivatedAt: 1 })).not.toEqual([]);
  const group = { guid: "g", name: "G", type: "public", createdAt: 1 };
  expect(validator.validate(schema("CreatedGroup"), { ...group, members: {} })).toEqual([]);
  expect(validator.validate(schema("Group"), { ...group, members: { participants: ["a"] } })).toEqual([
    { path: "$.members", message: "property is not allowed by the schema" },
  ]);
});
