// Flows a backend runs against the service, end to end through the SDK's clients against the
// fake, each answer checked against the spec.
import {
  AuthenticationError,
  ConflictError,
  createAuthOnlyClient,
  createChatClient,
  createManagementClient,
  NotFoundError,
  PermissionDeniedError,
  paginate,
  RateLimitError,
  unwrap,
} from "../../src/index";
import type { FakeServer } from "../../src/testing/index";
import { answerChecker } from "./answer-checker";
import { type FakeClients, useCheckedFake } from "./checked-fake";

let fake: FakeServer;
const checker = answerChecker();
let clients: FakeClients;
useCheckedFake(checker, (started, startedClients) => {
  fake = started;
  clients = startedClients;
});

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
    texts.push(String(message.data.text ?? message.data.action));
  // The buyer's joining is recorded first, as an action message of the group's conversation.
  expect(texts).toEqual(["added", "Order placed", "m1", "m2", "m3", "m4", "m5", "m6"]);
  expect(checker.checked()).toBeGreaterThan(10);
});

test("a thread reply names its parent, and the parent counts its replies", async () => {
  const { chat } = clients;
  fake.seed({
    users: [
      { uid: "ana", name: "Ana" },
      { uid: "ben", name: "Ben" },
    ],
  });
  const parent = await unwrap(
    chat.as("ana").POST("/messages", { body: { receiver: "ben", receiverType: "user", data: { text: "Ship today?" } } }),
  );
  const reply = await unwrap(
    chat.as("ben").POST("/messages/{id}/thread", { params: { path: { id: parent.data.id } }, body: { data: { text: "Yes" } } }),
  );
  expect(reply.data).toMatchObject({ parentId: parent.data.id, sender: "ben", receiver: "ana", conversationId: "ana_user_ben" });
  await unwrap(
    chat.as("ana").POST("/messages/{id}/thread", { params: { path: { id: parent.data.id } }, body: { data: { text: "Great" } } }),
  );
  const read = await unwrap(chat.GET("/messages/{id}", { params: { path: { id: parent.data.id } } }));
  expect((read.data as { replyCount?: number }).replyCount).toBe(2);
  const replies = [];
  for await (const message of paginate(chat.as("ana"), "/messages/{id}/thread", { params: { path: { id: parent.data.id } }, limit: 1 }))
    replies.push(message.data.text);
  expect(replies).toEqual(["Yes", "Great"]);
  const nested = await unwrap(
    chat.as("ana").POST("/messages/{id}/thread", { params: { path: { id: reply.data.id } }, body: { data: { text: "no" } } }),
  ).catch((error: unknown) => error);
  expect(nested).toMatchObject({ status: 400, code: "ERR_MESSAGE_THREAD_NESTING" });
});

test("a message to a group its sender has not joined is a PermissionDeniedError with ERR_GROUP_NOT_JOINED, and nothing is stored", async () => {
  const { chat } = clients;
  fake.seed({
    users: [
      { uid: "owner", name: "O" },
      { uid: "outsider", name: "X" },
    ],
    groups: [{ guid: "team", name: "Team", owner: "owner" }],
  });
  const error = await unwrap(
    chat.as("outsider").POST("/messages", { body: { receiver: "team", receiverType: "group", data: { text: "hi" } } }),
  ).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(PermissionDeniedError);
  expect((error as PermissionDeniedError).code).toBe("ERR_GROUP_NOT_JOINED");
  expect(fake.state.messages.size).toBe(0);
  const read = await unwrap(chat.as("outsider").GET("/groups/{guid}/messages", { params: { path: { guid: "team" } } })).catch(
    (e: unknown) => e,
  );
  expect((read as PermissionDeniedError).code).toBe("ERR_GROUP_NOT_JOINED");
});

test("a 429 from failNext is retried by the SDK after Retry-After, and the call succeeds", async () => {
  fake.seed({ users: [{ uid: "u1", name: "One" }] });
  fake.failNext("list-users", { status: 429, retryAfter: 0, times: 2 });
  const seen: number[] = [];
  const checked = answerChecker();
  const recording = createChatClient({
    appId: fake.appId,
    apiKey: fake.apiKey,
    baseUrl: fake.url,
    fetch: async (request: Request) => {
      const response = await checked.fetch(request);
      seen.push(response.status);
      return response;
    },
  });
  const users = await unwrap(recording.GET("/users"));
  expect(users.data.map((user) => user.uid)).toEqual(["u1"]);
  expect(seen).toEqual([429, 429, 200]);
  expect(checked.problems()).toEqual([]);
  fake.failNext("list-users", { status: 429, retryAfter: 0, times: 3 });
  const exhausted = await unwrap(recording.GET("/users", { maxRetries: 1 })).catch((error: unknown) => error);
  expect(exhausted).toBeInstanceOf(RateLimitError);
});

test("an edited message carries editedAt and editedBy, a deleted one deletedAt and deletedBy, and hideDeleted leaves it out", async () => {
  const { chat } = clients;
  fake.seed({
    users: [
      { uid: "ana", name: "Ana" },
      { uid: "ben", name: "Ben" },
    ],
  });
  const sent = await unwrap(chat.as("ana").POST("/messages", { body: { receiver: "ben", receiverType: "user", data: { text: "typo" } } }));
  const id = sent.data.id;
  const edit = await unwrap(chat.as("ana").PUT("/messages/{id}", { params: { path: { id } }, body: { data: { text: "fixed" } } }));
  expect(edit.data).toMatchObject({ category: "action", data: { action: "edited" } });
  const edited = fake.state.messages.get(id)!;
  expect(edited).toMatchObject({ data: { text: "fixed" }, editedBy: "ana" });
  expect(edited.editedAt).toEqual(expect.any(Number));
  await unwrap(chat.as("ana").POST("/messages", { body: { receiver: "ben", receiverType: "user", data: { text: "keep" } } }));
  await unwrap(chat.as("ana").DELETE("/messages/{id}", { params: { path: { id } } }));
  const deleted = await unwrap(chat.GET("/messages/{id}", { params: { path: { id } } }));
  expect(deleted.data).toMatchObject({ deletedBy: "ana", deletedAt: expect.any(Number) });
  const visible = await unwrap(chat.GET("/messages", { params: { query: { conversationId: "ana_user_ben", hideDeleted: true } } }));
  // The records of the edit and the deletion are listed with the messages, in the order they happened.
  expect(visible.data.map((message) => message.data.text ?? message.data.action)).toEqual(["edited", "keep", "deleted"]);
});

test("a user conversation pages backward from the latest message with direction backward", async () => {
  const { chat } = clients;
  const start = 1_700_000_000;
  fake.seed({
    users: [
      { uid: "ana", name: "Ana" },
      { uid: "ben", name: "Ben" },
      { uid: "cy", name: "Cy" },
    ],
    messages: [
      ...Array.from({ length: 7 }, (_, i) => ({
        sender: i % 2 ? "ben" : "ana",
        receiver: i % 2 ? "ana" : "ben",
        receiverType: "user" as const,
        text: `t${i}`,
        sentAt: start + i,
      })),
      { sender: "cy", receiver: "ana", receiverType: "user", text: "other conversation", sentAt: start + 3 },
    ],
  });
  const texts: string[] = [];
  for await (const message of paginate(chat.as("ana"), "/users/{uid}/messages", {
    params: { path: { uid: "ben" } },
    limit: 2,
    direction: "backward",
  }))
    texts.push(String(message.data.text));
  expect(texts.sort()).toEqual(["t0", "t1", "t2", "t3", "t4", "t5", "t6"]);
  const first = await unwrap(
    chat.as("ana").GET("/users/{uid}/messages", { params: { path: { uid: "ben" }, query: { affix: "prepend", limit: 2 } } }),
  );
  expect(first.data.map((message) => message.data.text)).toEqual(["t5", "t6"]);
  expect(first.meta.previous).toMatchObject({ affix: "prepend", sentAt: start + 5 });
  expect(first.meta.next).toBeUndefined();
});

test("members are added with one outcome per UID, change scope, are kicked, and membersCount follows", async () => {
  const { chat } = clients;
  fake.seed({ users: ["own", "a", "b"].map((uid) => ({ uid, name: uid })), groups: [{ guid: "g", name: "G", owner: "own" }] });
  const added = await unwrap(
    chat.POST("/groups/{guid}/members", {
      params: { path: { guid: "g" } },
      body: { participants: ["a", "own", "nobody"], moderators: ["b"] },
    }),
  );
  expect(added.data.participants).toEqual({
    a: { success: true },
    own: { success: false, error: expect.objectContaining({ code: "ERR_ALREADY_JOINED" }) },
    nobody: { success: false, error: expect.objectContaining({ code: "ERR_UID_NOT_FOUND" }) },
  });
  expect(added.data.moderators).toEqual({ b: { success: true } });
  const scope = await unwrap(
    chat.PUT("/groups/{guid}/members/{uid}", { params: { path: { guid: "g", uid: "a" } }, body: { scope: "admin" } }),
  );
  expect(scope.data).toMatchObject({ guid: "g", uid: "a", scope: "admin" });
  await unwrap(chat.DELETE("/groups/{guid}/members/{uid}", { params: { path: { guid: "g", uid: "b" } } }));
  const members = await unwrap(chat.GET("/groups/{guid}/members", { params: { path: { guid: "g" } } }));
  expect(members.data.map((member) => [member.uid, member.scope]).sort()).toEqual([
    ["a", "admin"],
    ["own", "admin"],
  ]);
  const group = await unwrap(chat.as("a").GET("/groups/{guid}", { params: { path: { guid: "g" } } }));
  expect(group.data).toMatchObject({ owner: "own", membersCount: 2, hasJoined: true, scope: "admin" });
  const kickOwner = await unwrap(chat.DELETE("/groups/{guid}/members/{uid}", { params: { path: { guid: "g", uid: "own" } } })).catch(
    (e: unknown) => e,
  );
  expect(kickOwner).toBeInstanceOf(PermissionDeniedError);
  expect((kickOwner as PermissionDeniedError).code).toBe("ERR_GROUP_NO_CLEARANCE");
});

test("a banned user leaves the group, cannot be added back until unbanned, and is listed as banned", async () => {
  const { chat } = clients;
  fake.seed({
    users: ["own", "troll"].map((uid) => ({ uid, name: uid })),
    groups: [{ guid: "g", name: "G", owner: "own" }],
    members: [{ guid: "g", uid: "troll" }],
  });
  await unwrap(chat.POST("/groups/{guid}/bannedusers/{uid}", { params: { path: { guid: "g", uid: "troll" } } }));
  expect(fake.state.members.get("g")?.has("troll")).toBe(false);
  const banned = await unwrap(chat.GET("/groups/{guid}/bannedusers", { params: { path: { guid: "g" } } }));
  expect(banned.data.map((user) => user.uid)).toEqual(["troll"]);
  const again = await unwrap(chat.POST("/groups/{guid}/members", { params: { path: { guid: "g" } }, body: { participants: ["troll"] } }));
  expect(again.data.participants?.troll).toMatchObject({ success: false });
  await unwrap(chat.DELETE("/groups/{guid}/bannedusers/{uid}", { params: { path: { guid: "g", uid: "troll" } } }));
  const back = await unwrap(chat.POST("/groups/{guid}/members", { params: { path: { guid: "g" } }, body: { participants: ["troll"] } }));
  expect(back.data.participants?.troll).toEqual({ success: true });
  expect(fake.state.groups.get("g")?.membersCount).toBe(2);
});

test("auth tokens are created, listed, read, updated, deleted and flushed", async () => {
  const { chat } = clients;
  const created = await unwrap(chat.POST("/users", { body: { uid: "app-user", name: "App", withAuthToken: true } }));
  const first = created.data.authToken!;
  const second = (await unwrap(chat.POST("/users/{uid}/auth_tokens", { params: { path: { uid: "app-user" } } }))).data.authToken;
  const listed = await unwrap(chat.GET("/users/{uid}/auth_tokens", { params: { path: { uid: "app-user" } } }));
  expect(listed.data.map((token) => token.authToken)).toEqual([first, second]);
  const path = { uid: "app-user", authToken: second };
  await unwrap(chat.PUT("/users/{uid}/auth_tokens/{authToken}", { params: { path }, body: { platform: "android" } }));
  expect((await unwrap(chat.GET("/users/{uid}/auth_tokens/{authToken}", { params: { path } }))).data.platform).toBe("android");
  await unwrap(chat.DELETE("/users/{uid}/auth_tokens/{authToken}", { params: { path } }));
  const missing = await unwrap(chat.GET("/users/{uid}/auth_tokens/{authToken}", { params: { path } })).catch((e: unknown) => e);
  expect((missing as NotFoundError).code).toBe("ERR_AUTH_TOKEN_NOT_FOUND");
  await unwrap(chat.DELETE("/users/{uid}/auth_tokens", { params: { path: { uid: "app-user" } } }));
  expect(fake.state.authTokens.get("app-user")).toBeUndefined();
});

test("friends go both ways, and a blocked user's messages are hidden from the blocker where the list offers it", async () => {
  const { chat } = clients;
  fake.seed({
    users: ["me", "pal", "pest"].map((uid) => ({ uid, name: uid })),
    groups: [{ guid: "club", name: "Club", owner: "me" }],
    members: [
      { guid: "club", uid: "pal" },
      { guid: "club", uid: "pest" },
    ],
  });
  const friends = await unwrap(
    chat.POST("/users/{uid}/friends", { params: { path: { uid: "me" } }, body: { accepted: ["pal", "ghost"] } }),
  );
  expect(friends.data.accepted.pal?.success).toBe(true);
  expect(friends.data.accepted.ghost?.success).toBe(false);
  const palsFriends = await unwrap(chat.GET("/users/{uid}/friends", { params: { path: { uid: "pal" } } }));
  expect(palsFriends.data.map((user) => user.uid)).toEqual(["me"]);
  await unwrap(chat.POST("/users/{uid}/blockedusers", { params: { path: { uid: "me" } }, body: { blockedUids: ["pest"] } }));
  const blocked = await unwrap(chat.GET("/users/{uid}/blockedusers", { params: { path: { uid: "me" } } }));
  expect(blocked.data).toEqual([expect.objectContaining({ uid: "pest", blockedByMe: true })]);
  for (const sender of ["pal", "pest"])
    await unwrap(chat.as(sender).POST("/messages", { body: { receiver: "club", receiverType: "group", data: { text: sender } } }));
  const query = { hideMessagesFromBlockedUsers: true };
  const seenByMe = await unwrap(chat.as("me").GET("/groups/{guid}/messages", { params: { path: { guid: "club" }, query } }));
  expect(seenByMe.data.map((message) => message.sender)).toEqual(["pal"]);
  const seenByPal = await unwrap(chat.as("pal").GET("/groups/{guid}/messages", { params: { path: { guid: "club" }, query } }));
  expect(seenByPal.data.map((message) => message.sender)).toEqual(["pal", "pest"]);
  await unwrap(chat.DELETE("/users/{uid}/blockedusers", { params: { path: { uid: "me" } }, body: { blockedUids: ["pest"] } }));
  expect(fake.state.blockedUsers.get("me")).toEqual([]);
});

test("deactivated users leave the list until reactivated, and paginate walks the filtered users page by page", async () => {
  const { chat } = clients;
  fake.seed({
    users: Array.from({ length: 9 }, (_, i) => ({
      uid: `user-${i}`,
      name: `User ${i}`,
      tags: i % 3 === 0 ? ["vip"] : [],
      status: i < 5 ? ("available" as const) : ("offline" as const),
    })),
  });
  const deactivated = await unwrap(chat.DELETE("/users", { body: { uidsToDeactivate: ["user-0", "nobody"] } }));
  expect(deactivated.data.deactivatedUids).toEqual(["user-0"]);
  const uids: string[] = [];
  for await (const user of paginate(chat, "/users", { perPage: 2, query: { status: "available" } })) uids.push(user.uid);
  expect(uids).toEqual(["user-1", "user-2", "user-3", "user-4"]);
  const vip = await unwrap(chat.GET("/users", { params: { query: { tags: ["vip"], withTags: true, withDeactivated: true } } }));
  expect(vip.data.map((user) => [user.uid, user.tags])).toEqual([
    ["user-0", ["vip"]],
    ["user-3", ["vip"]],
    ["user-6", ["vip"]],
  ]);
  const page = await unwrap(chat.GET("/users", { params: { query: { perPage: 3, page: 3 } } }));
  expect(page.meta.pagination).toEqual({ total: 8, count: 2, per_page: 3, current_page: 3, total_pages: 3 });
  const reactivated = await unwrap(chat.PUT("/users", { body: { uidsToActivate: ["user-0", "user-1"] } }));
  expect(reactivated.data.nonDeactivatedUids).toEqual(["user-1"]);
  expect((await unwrap(chat.GET("/users"))).data).toHaveLength(9);
});

test("an auth-only key creates a user and a token, and is refused elsewhere with AUTH_ERR_NO_ACCESS", async () => {
  const auth = createAuthOnlyClient({ appId: fake.appId, apiKey: fake.authOnlyKey, baseUrl: fake.url, fetch: checker.fetch });
  const { data: user } = await unwrap(auth.POST("/users", { body: { uid: "signup", name: "New", withAuthToken: true } }));
  expect(user.authToken).toEqual(expect.stringMatching(/^signup_/));
  await unwrap(auth.POST("/users/{uid}/auth_tokens", { params: { path: { uid: "signup" } } }));
  const wrongScope = createChatClient({ appId: fake.appId, apiKey: fake.authOnlyKey, baseUrl: fake.url, fetch: checker.fetch });
  const refused = await unwrap(wrongScope.GET("/users")).catch((e: unknown) => e);
  expect(refused).toBeInstanceOf(PermissionDeniedError);
  expect((refused as PermissionDeniedError).code).toBe("AUTH_ERR_NO_ACCESS");
  expect(fake.state.authTokens.get("signup")).toHaveLength(2);
});

test("a permanent delete frees the UID, a soft delete keeps it taken", async () => {
  const { chat } = clients;
  fake.seed({
    users: [
      { uid: "soft", name: "S" },
      { uid: "hard", name: "H" },
    ],
  });
  await unwrap(chat.DELETE("/users/{uid}", { params: { path: { uid: "soft" } } }));
  await unwrap(chat.DELETE("/users/{uid}", { params: { path: { uid: "hard" } }, body: { permanent: true } }));
  const retaken = await unwrap(chat.POST("/users", { body: { uid: "soft", name: "S2" } })).catch((e: unknown) => e);
  expect(retaken).toBeInstanceOf(ConflictError);
  expect((await unwrap(chat.POST("/users", { body: { uid: "hard", name: "H2" } }))).data.name).toBe("H2");
});

test("groups are listed by page with hasJoined for the acting user, updated with a new owner, and deleted with their messages", async () => {
  const { chat } = clients;
  fake.seed({
    users: ["a", "b"].map((uid) => ({ uid, name: uid })),
    groups: [
      { guid: "g1", name: "One", owner: "a" },
      { guid: "g2", name: "Two", owner: "b", type: "private" },
      { guid: "g3", name: "Three" },
    ],
    members: [{ guid: "g1", uid: "b" }],
    messages: [{ receiver: "g1", receiverType: "group", text: "welcome" }],
  });
  const joined = await unwrap(chat.as("b").GET("/groups", { params: { query: { hasJoined: true } } }));
  expect(joined.data.map((group) => group.guid)).toEqual(["g1", "g2"]);
  const page = await unwrap(chat.GET("/groups", { params: { query: { perPage: 2, page: 2 } } }));
  expect(page.data.map((group) => [group.guid, group.owner])).toEqual([["g3", "app_system"]]);
  expect(page.meta.pagination.total).toBe(3);
  const updated = await unwrap(chat.PUT("/groups/{guid}", { params: { path: { guid: "g1" } }, body: { owner: "b", name: "Uno" } }));
  expect(updated.data).toMatchObject({ owner: "b", name: "Uno", membersCount: 2 });
  await unwrap(chat.DELETE("/groups/{guid}", { params: { path: { guid: "g1" } } }));
  expect(fake.state.messages.size).toBe(0);
  const gone = await unwrap(chat.GET("/groups/{guid}", { params: { path: { guid: "g1" } } })).catch((e: unknown) => e);
  expect((gone as NotFoundError).code).toBe("ERR_GUID_NOT_FOUND");
});

test("the Calls and Management clients reach the same URL, answered from the spec's examples", async () => {
  const { calls, management } = clients;
  const listed = await unwrap(calls.GET("/calls"));
  expect(Array.isArray(listed.data)).toBe(true);
  const apps = await unwrap(management.GET("/apps"));
  expect(apps.meta.pagination.total).toEqual(expect.any(Number));
  const wrong = createManagementClient({ key: fake.key, secret: "wrong", baseUrl: fake.url, fetch: checker.fetch });
  expect(await unwrap(wrong.GET("/apps")).catch((e: unknown) => e)).toBeInstanceOf(AuthenticationError);
});
