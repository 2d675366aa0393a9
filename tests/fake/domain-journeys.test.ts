// Flows around the core of the service (conversations and receipts, reactions, flags, roles and
// their features, API keys, notification preferences and push tokens, apps and their settings),
// end to end through the SDK's clients against the fake, each answer checked against the spec.
import { AuthenticationError, BadRequestError, createChatClient, NotFoundError, PermissionDeniedError, unwrap } from "../../src/index";
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

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error("expected the call to fail");
    },
    (error: unknown) => error,
  );

const pair = () =>
  fake.seed({
    users: [
      { uid: "ana", name: "Ana" },
      { uid: "ben", name: "Ben" },
    ],
  });

test("the unread count of a conversation goes up with each message sent and down to 0 when it is read", async () => {
  const { chat } = clients;
  pair();
  for (const text of ["one", "two", "three"])
    await unwrap(chat.as("ben").POST("/messages", { body: { receiver: "ana", receiverType: "user", data: { text } } }));
  const unread = await unwrap(chat.as("ana").GET("/users/{uid}/conversation", { params: { path: { uid: "ben" } } }));
  expect(unread.data).toMatchObject({ conversationId: "ana_user_ben", conversationType: "user", unreadMessageCount: "3" });
  expect(unread.data.lastMessage).toMatchObject({ data: { text: "three" } });
  expect(unread.data.conversationWith).toMatchObject({ uid: "ben" });
  // The sender has read their own messages.
  const own = await unwrap(chat.as("ben").GET("/users/{uid}/conversation", { params: { path: { uid: "ana" } } }));
  expect(own.data.unreadMessageCount).toBe("0");

  await unwrap(chat.as("ana").POST("/users/{uid}/conversation/read", { params: { path: { uid: "ben" } }, body: {} }));
  const read = await unwrap(chat.as("ana").GET("/users/{uid}/conversation", { params: { path: { uid: "ben" } } }));
  expect(read.data.unreadMessageCount).toBe("0");

  const first = [...fake.state.messages.values()][0]!;
  await unwrap(
    chat.as("ana").DELETE("/users/{uid}/conversation/read", { params: { path: { uid: "ben" } }, body: { messageId: Number(first.id) } }),
  );
  const again = await unwrap(chat.as("ana").GET("/conversations", { params: { query: { unread: true } } }));
  expect(again.data.map((c) => [c.conversationId, c.unreadMessageCount])).toEqual([["ana_user_ben", "2"]]);
});

test("a user conversation takes tags for the user who set them, and a conversation with no messages is not found", async () => {
  const { chat } = clients;
  pair();
  await unwrap(chat.as("ben").POST("/messages", { body: { receiver: "ana", receiverType: "user", data: { text: "hi" } } }));
  const path = { params: { path: { uid: "ben" } } };
  const tagged = await unwrap(chat.as("ana").PUT("/users/{uid}/conversation", { ...path, body: { tags: ["pinned"] } }));
  expect(tagged.data).toMatchObject({ conversationId: "ana_user_ben", tags: ["pinned"] });
  const pinned = { params: { query: { tags: ["pinned"] } } };
  const mine = await unwrap(chat.as("ana").GET("/conversations", pinned));
  expect(mine.data.map((c) => [c.conversationId, c.tags])).toEqual([["ana_user_ben", ["pinned"]]]);
  // The other side of the same conversation has its own tags.
  expect((await unwrap(chat.as("ben").GET("/conversations", pinned))).data).toEqual([]);
  // New tags replace the ones before.
  await unwrap(chat.as("ana").PUT("/users/{uid}/conversation", { ...path, body: { tags: ["archived"] } }));
  expect((await unwrap(chat.as("ana").GET("/conversations", pinned))).data).toEqual([]);

  fake.seed({ users: [{ uid: "cy", name: "Cy" }] });
  const none = await failure(
    unwrap(chat.as("ana").PUT("/users/{uid}/conversation", { params: { path: { uid: "cy" } }, body: { tags: ["x"] } })),
  );
  expect(none).toBeInstanceOf(NotFoundError);
  expect((none as NotFoundError).code).toBe("ERR_CONVERSATION_NOT_FOUND");
});

test("a group conversation counts the messages of others, takes tags, and starts again after a reset", async () => {
  const { chat } = clients;
  fake.seed({
    users: [
      { uid: "ana", name: "Ana" },
      { uid: "ben", name: "Ben" },
    ],
    groups: [{ guid: "team", name: "Team", owner: "ana" }],
    members: [{ guid: "team", uid: "ben" }],
  });
  for (const text of ["a", "b"])
    await unwrap(chat.as("ana").POST("/messages", { body: { receiver: "team", receiverType: "group", data: { text } } }));
  const path = { params: { path: { guid: "team" } } };
  expect((await unwrap(chat.as("ben").GET("/groups/{guid}/conversation", path))).data.unreadMessageCount).toBe("2");
  const tagged = await unwrap(chat.as("ben").PUT("/groups/{guid}/conversation", { ...path, body: { tags: ["pinned"] } }));
  expect(tagged.data.tags).toEqual(["pinned"]);
  const listed = await unwrap(chat.as("ben").GET("/conversations", { params: { query: { tags: ["pinned"] } } }));
  expect(listed.data.map((c) => [c.conversationId, c.tags])).toEqual([["group_team", ["pinned"]]]);

  await unwrap(chat.as("ben").DELETE("/groups/{guid}/conversation", path));
  const reset = await unwrap(chat.as("ben").GET("/groups/{guid}/conversation", path));
  expect(reset.data).toMatchObject({ unreadMessageCount: "0" });
  expect(reset.data.lastMessage).toBeUndefined();
  // Ana's side is untouched.
  expect((await unwrap(chat.as("ana").GET("/groups/{guid}/conversation", path))).data.lastMessage).toMatchObject({ data: { text: "b" } });
});

test("reactions are counted on the message, listed per reaction, and removed once", async () => {
  const { chat } = clients;
  fake.seed({
    users: [
      { uid: "ana", name: "Ana" },
      { uid: "ben", name: "Ben" },
      { uid: "cy", name: "Cy" },
    ],
    groups: [{ guid: "lunch", name: "Lunch", owner: "ana" }],
    members: [
      { guid: "lunch", uid: "ben" },
      { guid: "lunch", uid: "cy" },
    ],
  });
  const sent = await unwrap(
    chat.as("ana").POST("/messages", { body: { receiver: "lunch", receiverType: "group", data: { text: "Lunch?" } } }),
  );
  const at = (reaction: string) => ({ params: { path: { id: sent.data.id, reaction } } });
  await unwrap(chat.as("ben").POST("/messages/{id}/reactions/{reaction}", at("👍")));
  await unwrap(chat.as("cy").POST("/messages/{id}/reactions/{reaction}", at("👍")));
  const mine = await unwrap(chat.as("ana").POST("/messages/{id}/reactions/{reaction}", at("🎉")));
  expect(mine.data.data.reactions).toEqual([
    { reaction: "👍", count: 2 },
    { reaction: "🎉", count: 1, reactedByMe: true },
  ]);
  const read = await unwrap(chat.GET("/messages/{id}", { params: { path: { id: sent.data.id } } }));
  expect(read.data.data.reactions).toEqual([
    { reaction: "👍", count: 2 },
    { reaction: "🎉", count: 1 },
  ]);
  const thumbs = await unwrap(chat.GET("/messages/{id}/reactions/{reaction}", at("👍")));
  expect(thumbs.data.map((r) => r.uid)).toEqual(["ben", "cy"]);
  expect(thumbs.data[0]?.reactedBy).toMatchObject({ uid: "ben", name: "Ben" });

  await unwrap(chat.as("ben").DELETE("/messages/{id}/reactions/{reaction}", at("👍")));
  const all = await unwrap(chat.GET("/messages/{id}/reactions", { params: { path: { id: sent.data.id } } }));
  expect(all.data.map((r) => [r.uid, r.reaction])).toEqual([
    ["cy", "👍"],
    ["ana", "🎉"],
  ]);
  const twice = await failure(unwrap(chat.as("ben").DELETE("/messages/{id}/reactions/{reaction}", at("👍"))));
  expect(twice).toBeInstanceOf(NotFoundError);
  expect((twice as NotFoundError).code).toBe("ERR_REACTION_NOT_FOUND");
});

test("a role is created and given to a user, then deleted and not found", async () => {
  const { chat } = clients;
  await unwrap(chat.POST("/roles", { body: { role: "seller", name: "Seller", settings: { listUsers: "friendsOnly" } } }));
  await unwrap(chat.POST("/users", { body: { uid: "shop-1", name: "Shop", role: "seller" } }));
  expect((await unwrap(chat.GET("/users/{uid}", { params: { path: { uid: "shop-1" } } }))).data.role).toBe("seller");
  await unwrap(chat.PUT("/roles/{role}", { params: { path: { role: "seller" } }, body: { description: "Sells things." } }));
  const role = await unwrap(chat.GET("/roles/{role}", { params: { path: { role: "seller" } } }));
  expect(role.data).toMatchObject({ role: "seller", name: "Seller", description: "Sells things.", settings: { listUsers: "friendsOnly" } });
  const roles = await unwrap(chat.GET("/roles"));
  expect(roles.data.map((r) => r.role)).toEqual(["default", "seller"]);
  await unwrap(chat.DELETE("/roles/{role}", { params: { path: { role: "seller" } } }));
  const gone = await failure(unwrap(chat.GET("/roles/{role}", { params: { path: { role: "seller" } } })));
  expect((gone as NotFoundError).code).toBe("ERR_ROLE_NOT_FOUND");
});

test("features restricted for a role are read back, and allowed again", async () => {
  const { chat } = clients;
  await unwrap(chat.POST("/roles", { body: { role: "guest", name: "Guest" } }));
  const path = { params: { path: { role: "guest" } } };
  const restricted = await unwrap(
    chat.POST("/roles/{role}/restrictedfeatures", { ...path, body: { featuresToRestrict: ["u.listUsers", "u.deleteGroup"] } }),
  );
  expect(Object.keys(restricted.data)).toEqual(["u.listUsers", "u.deleteGroup"]);
  const read = await unwrap(chat.GET("/roles/{role}/restrictedfeatures", path));
  expect(read.data.map((f) => f.key)).toEqual(["u.listUsers", "u.deleteGroup"]);
  await unwrap(chat.DELETE("/roles/{role}/restrictedfeatures", { ...path, body: { featuresToAllow: ["u.listUsers"] } }));
  expect((await unwrap(chat.GET("/roles/{role}/restrictedfeatures", path))).data.map((f) => f.key)).toEqual(["u.deleteGroup"]);
  const missing = await failure(unwrap(chat.GET("/roles/{role}/restrictedfeatures", { params: { path: { role: "nobody" } } })));
  expect((missing as NotFoundError).code).toBe("ERR_ROLE_NOT_FOUND");
});

test("an API key is created, listed, renamed and deleted, and is then not found", async () => {
  const { chat } = clients;
  const created = await unwrap(chat.POST("/apikeys", { body: { name: "Login key", scope: "authOnly" } }));
  expect(created.data.apiKey).toMatch(/^[0-9a-f]{40}$/);
  const path = { params: { path: { apiKey: created.data.apiKey } } };
  const listed = await unwrap(chat.GET("/apikeys", { params: { query: { scope: "authOnly" } } }));
  expect(listed.data.map((key) => key.name)).toEqual(["Login key"]);
  await unwrap(chat.PUT("/apikeys/{apiKey}", { ...path, body: { name: "Mobile login" } }));
  expect((await unwrap(chat.GET("/apikeys/{apiKey}", path))).data).toMatchObject({ name: "Mobile login", scope: "authOnly" });
  await unwrap(chat.DELETE("/apikeys/{apiKey}", path));
  const gone = await failure(unwrap(chat.GET("/apikeys/{apiKey}", path)));
  expect(gone).toBeInstanceOf(NotFoundError);
  expect((gone as NotFoundError).code).toBe("ERR_APIKEY_NOT_FOUND");
});

test("a key created through POST /apikeys works with its scope until it is deleted", async () => {
  const { chat } = clients;
  const created = await unwrap(chat.POST("/apikeys", { body: { name: "Server key", scope: "authOnly" } }));
  const apiKey = created.data.apiKey;
  const path = { params: { path: { apiKey } } };
  const withKey = createChatClient({ appId: fake.appId, apiKey, baseUrl: fake.url, fetch: checker.fetch, maxRetries: 0 });

  // An authOnly key creates users, and may do nothing else.
  await unwrap(withKey.POST("/users", { body: { uid: "ana", name: "Ana" } }));
  expect(fake.state.users.has("ana")).toBe(true);
  const denied = await failure(unwrap(withKey.GET("/users")));
  expect(denied).toBeInstanceOf(PermissionDeniedError);
  expect((denied as PermissionDeniedError).code).toBe("AUTH_ERR_NO_ACCESS");

  // Its scope widened, the same key lists users.
  await unwrap(chat.PUT("/apikeys/{apiKey}", { ...path, body: { scope: "fullAccess" } }));
  expect((await unwrap(withKey.GET("/users"))).data.map((user) => user.uid)).toEqual(["ana"]);

  await unwrap(chat.DELETE("/apikeys/{apiKey}", path));
  const revoked = await failure(unwrap(withKey.GET("/users")));
  expect(revoked).toBeInstanceOf(AuthenticationError);
  expect((revoked as AuthenticationError).code).toBe("AUTH_ERR_APIKEY_NOT_FOUND");
});

test("a moderation rule keeps each saved state as a revision, newest and active first, until it is deleted", async () => {
  const { chat } = clients;
  const path = { params: { path: { ruleId: "no-links" } } };
  await unwrap(chat.POST("/moderation/rules", { body: { id: "no-links", name: "No links", enabled: false } }));
  await unwrap(chat.PUT("/moderation/rules/{ruleId}", { ...path, body: { enabled: true } }));
  const renamed = await unwrap(chat.PUT("/moderation/rules/{ruleId}", { ...path, body: { name: "No URLs" } }));
  expect(renamed.data).toMatchObject({ name: "No URLs", enabled: true, active: true, revisionId: `${fake.appId}_no-links_3` });

  const revisions = await unwrap(chat.GET("/moderation/rules/{ruleId}/revisions", path));
  expect(revisions.data.map((r) => [r.revisionId, r.name, r.enabled, r.active])).toEqual([
    [`${fake.appId}_no-links_3`, "No URLs", true, true],
    [`${fake.appId}_no-links_2`, "No links", true, false],
    [`${fake.appId}_no-links_1`, "No links", false, false],
  ]);
  expect(revisions.meta).toEqual({ current: { limit: 10, count: 3 } });
  expect((await unwrap(chat.GET("/moderation/rules/{ruleId}", path))).data).toEqual(revisions.data[0]);

  await unwrap(chat.DELETE("/moderation/rules/{ruleId}", path));
  const gone = await failure(unwrap(chat.GET("/moderation/rules/{ruleId}/revisions", path)));
  expect(gone).toBeInstanceOf(NotFoundError);
  expect((gone as NotFoundError).code).toBe("ERR_RULE_NOT_FOUND");
  // Another rule whose id starts with this one's keeps its own history.
  await unwrap(chat.POST("/moderation/rules", { body: { id: "no-links_2", name: "Other" } }));
  // Created again, the rule starts a new history.
  await unwrap(chat.POST("/moderation/rules", { body: { id: "no-links", name: "No links" } }));
  expect((await unwrap(chat.GET("/moderation/rules/{ruleId}/revisions", path))).data.map((r) => r.revisionId)).toEqual([
    `${fake.appId}_no-links_1`,
  ]);
  await unwrap(chat.DELETE("/moderation/rules/{ruleId}", path));
  const other = await unwrap(chat.GET("/moderation/rules/{ruleId}/revisions", { params: { path: { ruleId: "no-links_2" } } }));
  expect(other.data.map((r) => [r.revisionId, r.name])).toEqual([[`${fake.appId}_no-links_2_1`, "Other"]]);
});

test("an app's settings are mapped and read back, and the defaults return when they are unmapped", async () => {
  const { management } = clients;
  const app = await unwrap(management.POST("/apps", { body: { name: "Staging", region: "eu" } }));
  const path = { params: { path: { appId: app.data.id } } };
  await unwrap(management.POST("/apps/{appId}/settings", { ...path, body: { settings: { "core.conversations.updateOnReplies": false } } }));
  const read = await unwrap(management.GET("/apps/{appId}/settings", path));
  expect(read.data["core.conversations.updateOnReplies"]).toBe(false);
  // The app the fake serves keeps its own settings.
  const home = await unwrap(management.GET("/apps/{appId}/settings", { params: { path: { appId: fake.appId } } }));
  expect(home.data["core.conversations.updateOnReplies"]).toBe(true);
  await unwrap(management.DELETE("/apps/{appId}/settings", path));
  expect((await unwrap(management.GET("/apps/{appId}/settings", path))).data["core.conversations.updateOnReplies"]).toBe(true);
  const apps = await unwrap(management.GET("/apps"));
  expect(apps.data.map((a) => a.id)).toEqual([fake.appId, app.data.id]);
  await unwrap(management.DELETE("/apps/{appId}", path));
  const gone = await failure(unwrap(management.GET("/apps/{appId}/settings", path)));
  expect((gone as NotFoundError).code).toBe("ERR_APP_NOT_FOUND");
});

test("a message flagged with one of the app's reasons reaches the moderators' list", async () => {
  const { chat } = clients;
  pair();
  const sent = await unwrap(
    chat.as("ana").POST("/messages", { body: { receiver: "ben", receiverType: "user", data: { text: "Buy now" } } }),
  );
  const path = { params: { path: { id: sent.data.id } } };
  const unknown = await failure(unwrap(chat.as("ben").POST("/messages/{id}/flagged", { ...path, body: { reasonId: "spam" } })));
  expect(unknown).toBeInstanceOf(BadRequestError);
  await unwrap(chat.POST("/moderation/reasons", { body: { id: "spam", name: "Spam" } }));
  await unwrap(chat.as("ben").POST("/messages/{id}/flagged", { ...path, body: { reasonId: "spam", remark: "An ad" } }));
  const flagged = await unwrap(chat.GET("/moderation/flagged-messages"));
  expect(flagged.data).toHaveLength(1);
  expect(flagged.data[0]).toMatchObject({ id: sent.data.id, flaggedCount: 1 });
  expect(flagged.data[0]?.flaggedBy[0]).toMatchObject({ uid: "ben", reasonId: "spam", reasonName: "Spam", remark: "An ad" });
});

test("a user's notification preferences and time zone are changed and read back, and reset to the defaults", async () => {
  const { chat } = clients;
  pair();
  const query = { params: { query: { uid: "ana" } } };
  const defaults = await unwrap(chat.GET("/notifications/v1/preferences", query));
  const changed = await unwrap(chat.PATCH("/notifications/v1/preferences", { ...query, body: { groupPreferences: { groupMessages: 3 } } }));
  expect(changed.data.groupPreferences?.groupMessages).toBe(3);
  expect((await unwrap(chat.GET("/notifications/v1/preferences", query))).data.groupPreferences?.groupMessages).toBe(3);
  // Ben's preferences are his own.
  expect((await unwrap(chat.GET("/notifications/v1/preferences", { params: { query: { uid: "ben" } } }))).data).toEqual(defaults.data);
  await unwrap(chat.DELETE("/notifications/v1/preferences", query));
  expect((await unwrap(chat.GET("/notifications/v1/preferences", query))).data).toEqual(defaults.data);
  await unwrap(chat.PATCH("/notifications/v1/preferences/timezone", { ...query, body: { timezone: "Asia/Tokyo" } }));
  expect((await unwrap(chat.GET("/notifications/v1/preferences/timezone", query))).data.timezone).toBe("Asia/Tokyo");
  const nobody = await failure(unwrap(chat.GET("/notifications/v1/preferences", { params: { query: { uid: "ghost" } } })));
  expect((nobody as NotFoundError).code).toBe("ERR_UID_NOT_FOUND");
});

test("a push token registered for a session is listed for it, and gone once unregistered", async () => {
  const { chat } = clients;
  pair();
  const token = await unwrap(chat.POST("/users/{uid}/auth_tokens", { params: { path: { uid: "ana" } }, body: {} }));
  const authToken = token.data.authToken;
  await unwrap(chat.POST("/notifications/push/v1/tokens", { body: { authToken, platform: "fcm_android", fcmToken: "device-1" } }));
  const listed = await unwrap(chat.GET("/notifications/push/v1/tokens", { params: { query: { authToken } } }));
  expect(listed.data.pushTokens).toEqual([expect.objectContaining({ uid: "ana", pushToken: "device-1", platform: "fcm_android" })]);
  const left = await unwrap(chat.DELETE("/notifications/push/v1/tokens", { params: { query: {} }, body: { authToken } }));
  expect(left.data.pushTokens).toEqual([]);
  const stranger = await failure(
    unwrap(chat.POST("/notifications/push/v1/tokens", { body: { authToken: "nope", platform: "fcm_android", fcmToken: "x" } })),
  );
  expect((stranger as BadRequestError).code).toBe("ERR_AUTH_TOKEN_NOT_FOUND");
});
