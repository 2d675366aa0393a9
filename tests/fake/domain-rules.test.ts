// The state each operation of the rest of the domain changes, and its documented error: the
// records kept as sent (moderation, roles, API keys, notification providers), conversations and
// receipts, reactions, permissions and apps. Every answer is checked against the spec.
import { FakeStore } from "../../src/testing/fake/state/fake-store";
import { conversationHandlers } from "../../src/testing/fake/model/conversations";
import type { HandlerContext } from "../../src/testing/fake/model/handler";
import { reactionHandlers } from "../../src/testing/fake/model/reactions";
import { seedStore } from "../../src/testing/fake/state/seed";
import type { FakeServer } from "../../src/testing/index";
import { answerChecker } from "./answer-checker";
import { useCheckedFake } from "./checked-fake";

let fake: FakeServer;
const checker = answerChecker();

useCheckedFake(checker, (started) => {
  fake = started;
});

interface Sent {
  status: number;
  body: any;
}

/** One request to the fake, as the SDK would send it, its answer checked against the spec. */
async function call(
  method: string,
  path: string,
  options: { body?: unknown; form?: FormData; as?: string; management?: boolean } = {},
): Promise<Sent> {
  const headers: Record<string, string> = options.management ? { key: fake.key, secret: fake.secret } : { apikey: fake.apiKey };
  if (options.as) headers.onBehalfOf = options.as;
  if (options.body !== undefined) headers["content-type"] = "application/json";
  const response = await fetch(`${fake.url}${path}`, {
    method,
    headers,
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
    ...(options.form ? { body: options.form } : {}),
  });
  const body = await response.json();
  await checker.check(method, response.url, response.status, body);
  return { status: response.status, body };
}

const code = (sent: Sent) => [sent.status, sent.body.error?.code];

describe.each([
  {
    what: "moderation reasons",
    base: "/moderation/reasons",
    create: { id: "off-topic", name: "Off topic" },
    change: { name: "Not about the product" },
    read: (body: any) => body.data.name,
    missing: "ERR_REASON_NOT_FOUND",
  },
  {
    what: "moderation rules",
    base: "/moderation/rules",
    create: { id: "no-links", name: "No links", enabled: true, conditions: [{ id: 1, entity: "message", value: "http" }] },
    change: { name: "No links at all" },
    read: (body: any) => body.data.name,
    missing: "ERR_RULE_NOT_FOUND",
    // The rule and the two revisions it was saved in.
    freed: 3,
  },
  {
    what: "roles",
    base: "/roles",
    create: { role: "support", name: "Support" },
    change: { name: "Support desk" },
    read: (body: any) => body.data.name,
    missing: "ERR_ROLE_NOT_FOUND",
  },
  {
    what: "API keys",
    base: "/apikeys",
    create: { name: "Backend", scope: "fullAccess" },
    change: { name: "Backend (rotated)" },
    read: (body: any) => body.data.name,
    missing: "ERR_APIKEY_NOT_FOUND",
    unknown: "0".repeat(40),
  },
])("$what", ({ base, create, change, read, missing, unknown = "nothing", freed = 1 }) => {
  const idOf = (body: any) => String(body.data.id ?? body.data.role ?? body.data.apiKey);

  test("are created, read back, changed, listed and deleted", async () => {
    const created = await call("POST", base, { body: create });
    expect(created.status).toBe(200);
    const id = idOf(created.body);
    expect(read((await call("GET", `${base}/${id}`)).body)).toBe(read(created.body));
    await call("PUT", `${base}/${id}`, { body: change });
    expect(read((await call("GET", `${base}/${id}`)).body)).toBe(Object.values(change)[0]);
    const listed = await call("GET", base);
    expect(listed.body.data.map((item: any) => String(item.id ?? item.role ?? item.apiKey))).toContain(id);
    const before = fake.state.size;
    expect((await call("DELETE", `${base}/${id}`)).status).toBe(200);
    expect(fake.state.size).toBe(before - freed);
    expect(code(await call("GET", `${base}/${id}`))).toEqual([404, missing]);
  });

  test(`answer 404 ${missing} to a read, a change or a deletion of one that does not exist`, async () => {
    expect(code(await call("GET", `${base}/${unknown}`))).toEqual([404, missing]);
    expect(code(await call("PUT", `${base}/${unknown}`, { body: change }))).toEqual([404, missing]);
    expect(code(await call("DELETE", `${base}/${unknown}`))).toEqual([404, missing]);
  });
});

test("a keyword list is stored with its terms as a list (from the field or a CSV file) and a revision that counts its changes", async () => {
  const form = (fields: Record<string, string | Blob>) => {
    const data = new FormData();
    for (const [name, value] of Object.entries(fields)) data.append(name, value);
    return data;
  };
  const created = await call("POST", "/moderation/keywords", {
    form: form({ id: "words", name: "Words", category: "word", searchTerms: "darn, heck" }),
  });
  expect(created.body.data).toMatchObject({
    id: "words",
    searchTerms: ["darn", "heck"],
    isCSV: false,
    revisionId: `${fake.appId}_words_1`,
  });
  const csv = new Blob(["gosh\nshoot\n"], { type: "text/csv" });
  const changed = await call("PUT", "/moderation/keywords/words", { form: form({ file: csv }) });
  expect(changed.body.data).toMatchObject({ searchTerms: ["gosh", "shoot"], isCSV: true, revisionId: `${fake.appId}_words_2` });
  expect((await call("GET", "/moderation/keywords")).body.data.map((list: any) => list.id)).toEqual(["words"]);
  await call("DELETE", "/moderation/keywords/words");
  expect(code(await call("GET", "/moderation/keywords/words"))).toEqual([404, "ERR_KEYWORD_LIST_NOT_FOUND"]);
});

test("a repeated id of a reason is refused as a 400 (the operation documents no 409), and the first one is kept", async () => {
  await call("POST", "/moderation/reasons", { body: { id: "spam", name: "Spam" } });
  expect(code(await call("POST", "/moderation/reasons", { body: { id: "spam", name: "Other" } }))).toEqual([
    400,
    "ERR_REASON_ALREADY_EXISTS",
  ]);
  expect((await call("GET", "/moderation/reasons/spam")).body.data.name).toBe("Spam");
});

test("a rule without a name is refused with 400 naming the field, and nothing is stored", async () => {
  const before = fake.state.size;
  const refused = await call("POST", "/moderation/rules", { body: { id: "nameless", enabled: true } });
  expect([refused.status, refused.body.error.details]).toEqual([400, { name: ["name is required"] }]);
  expect(fake.state.size).toBe(before);
});

test("the default role exists, can be changed and cannot be deleted", async () => {
  expect((await call("GET", "/roles/default")).body.data.role).toBe("default");
  await call("PUT", "/roles/default", { body: { description: "Everyone" } });
  expect((await call("GET", "/roles/default")).body.data.description).toBe("Everyone");
  expect(code(await call("DELETE", "/roles/default"))).toEqual([400, "ERR_BAD_REQUEST"]);
});

test("permissions set on a role or a group scope are answered back and unset one by one; an unknown role or group is a 404", async () => {
  fake.seed({ users: [{ uid: "ana", name: "Ana" }], groups: [{ guid: "team", name: "Team", owner: "ana" }] });
  await call("POST", "/roles", { body: { role: "support", name: "Support" } });
  const set = await call("PUT", "/roles/support/permissions", {
    body: { permissions: { createGroup: "deny", "listUsers.mode": "friends" } },
  });
  expect(set.body.data.permissions).toEqual({ createGroup: "deny", "listUsers.mode": "friends" });
  expect(set.body.data.createGroup).toMatchObject({ success: true });
  const unset = await call("DELETE", "/roles/support/permissions/createGroup");
  expect(unset.body.data.permissions).toEqual({ "listUsers.mode": "friends" });
  expect(code(await call("PUT", "/roles/nobody/permissions", { body: { permissions: { createGroup: "deny" } } }))).toEqual([
    404,
    "ERR_ROLE_NOT_FOUND",
  ]);
  expect(code(await call("DELETE", "/roles/nobody/permissions/createGroup"))).toEqual([404, "ERR_ROLE_NOT_FOUND"]);
  // The catalogue of permissions is the service's, for an existing role or group only.
  expect((await call("GET", "/roles/support/permissions")).body.data.map((p: { id: string }) => p.id)).toContain("createGroup");
  expect(code(await call("GET", "/roles/nobody/permissions"))).toEqual([404, "ERR_ROLE_NOT_FOUND"]);
  expect((await call("GET", "/groups/team/scopes/participant/permissions")).status).toBe(200);
  expect(code(await call("GET", "/groups/none/scopes/participant/permissions"))).toEqual([404, "ERR_GUID_NOT_FOUND"]);

  const scope = await call("PUT", "/groups/team/scopes/participant/permissions", { body: { permissions: { initiateCall: "deny" } } });
  expect(scope.body.data.permissions).toEqual({ initiateCall: "deny" });
  expect((await call("DELETE", "/groups/team/scopes/participant/permissions/initiateCall")).body.data.permissions).toEqual({});
  expect(
    code(await call("PUT", "/groups/none/scopes/participant/permissions", { body: { permissions: { initiateCall: "deny" } } })),
  ).toEqual([404, "ERR_GUID_NOT_FOUND"]);
  expect(code(await call("DELETE", "/groups/none/scopes/participant/permissions/initiateCall"))).toEqual([404, "ERR_GUID_NOT_FOUND"]);
  expect(code(await call("POST", "/roles/nobody/restrictedfeatures", { body: { featuresToRestrict: ["u.listUsers"] } }))).toEqual([
    404,
    "ERR_ROLE_NOT_FOUND",
  ]);
  expect(code(await call("DELETE", "/roles/nobody/restrictedfeatures", { body: { allowAll: true } }))).toEqual([404, "ERR_ROLE_NOT_FOUND"]);
});

describe.each([
  {
    what: "Twilio",
    path: "/notifications/sms/v1/providers/twilio",
    body: { twilioAccountSID: "AC1", twilioAuthToken: "t", twilioSenderPhoneNumber: "+1555" },
    change: { twilioAuthToken: "t2" },
  },
  {
    what: "SendGrid",
    path: "/notifications/email/v1/providers/sendgrid",
    body: {
      sendGridApiKey: "SG.k",
      sendGridTemplateID: "d-1",
      sendGridUnsubscribeGroupID: "1",
      senderName: "Shop",
      senderEmail: "shop@example.org",
    },
    change: { senderName: "The shop" },
  },
  {
    what: "custom push",
    path: "/notifications/push/v1/providers/custom",
    body: { isEnabled: true, webhookURL: "https://example.org/push", useBasicAuth: false },
    change: { isEnabled: false },
  },
  {
    what: "custom SMS",
    path: "/notifications/sms/v1/providers/custom",
    body: { isEnabled: true, webhookURL: "https://example.org/sms", useBasicAuth: false, useStoredPhNo: true },
    change: { isEnabled: false },
  },
  {
    what: "custom email",
    path: "/notifications/email/v1/providers/custom",
    body: { isEnabled: true, webhookURL: "https://example.org/mail", useBasicAuth: false, useStoredEmailID: true },
    change: { isEnabled: false },
  },
])("the $what provider", ({ path, body, change }) => {
  const stored = (sent: Sent) => sent.body.data.pushProviders?.[0] ?? sent.body.data;

  test("is saved, read back, changed in part and deleted", async () => {
    expect(stored(await call("POST", path, { body }))).toMatchObject(body);
    expect(stored(await call("GET", path))).toMatchObject(body);
    expect(stored(await call("PUT", path, { body: change }))).toMatchObject({ ...body, ...change });
    expect(stored(await call("GET", path))).toMatchObject({ ...body, ...change });
    expect((await call("DELETE", path)).body.data).toEqual({ success: true });
    expect(code(await call("GET", path))).toEqual([400, "ERR_PROVIDER_NOT_FOUND"]);
  });

  test("answers 400 ERR_PROVIDER_NOT_FOUND to a read, a change or a deletion before one is saved", async () => {
    expect(code(await call("GET", path))).toEqual([400, "ERR_PROVIDER_NOT_FOUND"]);
    expect(code(await call("PUT", path, { body: change }))).toEqual([400, "ERR_PROVIDER_NOT_FOUND"]);
    expect(code(await call("DELETE", path))).toEqual([400, "ERR_PROVIDER_NOT_FOUND"]);
  });
});

describe.each([
  { kind: "fcm", fields: { serviceAccountFilename: "a.json" }, change: { serviceAccountFilename: "b.json" } },
  { kind: "apns", fields: { keyId: "K1", teamId: "T1", bundleId: "com.example" }, change: { keyId: "K2" } },
])("$kind push providers", ({ kind, fields, change }) => {
  const base = `/notifications/push/v1/providers/${kind}`;
  test("are added, changed, made the default and deleted; an unknown one is a 400", async () => {
    await call("POST", base, { body: { providerId: "one", ...fields } });
    await call("POST", base, { body: { providerId: "two", ...fields } });
    await call("PUT", base, { body: { providerId: "two", ...change } });
    await call("PUT", `${base}/default/two`);
    const listed = (await call("GET", base)).body.data.pushProviders;
    expect(listed).toEqual([
      expect.objectContaining({ providerId: "one", isDefault: false }),
      expect.objectContaining({ providerId: "two", isDefault: true, ...change }),
    ]);
    await call("DELETE", `${base}/one`);
    expect((await call("GET", base)).body.data.pushProviders.map((p: any) => p.providerId)).toEqual(["two"]);
    expect(code(await call("POST", base, { body: { providerId: "two", ...fields } }))).toEqual([400, "ERR_PROVIDER_ALREADY_EXISTS"]);
    expect(code(await call("PUT", base, { body: { providerId: "none", ...change } }))).toEqual([400, "ERR_PROVIDER_NOT_FOUND"]);
    expect(code(await call("PUT", `${base}/default/none`))).toEqual([400, "ERR_PROVIDER_NOT_FOUND"]);
    expect(code(await call("DELETE", `${base}/none`))).toEqual([400, "ERR_PROVIDER_NOT_FOUND"]);
  });
});

test("the app's notification settings are changed in part, read back and reset to the service's defaults", async () => {
  const defaults = (await call("GET", "/notifications/v1/settings")).body.data;
  await call("PATCH", "/notifications/v1/settings", { body: { preferences: { group: { messagesSetting: 1 } } } });
  const changed = (await call("GET", "/notifications/v1/settings")).body.data;
  expect(changed.preferences.group.messagesSetting).toBe(1);
  expect(changed.preferences.group.repliesSetting).toBe(defaults.preferences.group.repliesSetting);
  await call("DELETE", "/notifications/v1/settings");
  expect((await call("GET", "/notifications/v1/settings")).body.data).toEqual(defaults);
});

test("a user's muted conversations and contact details are stored and removed; an unknown user is a 404", async () => {
  fake.seed({ users: [{ uid: "ana", name: "Ana" }] });
  await call("PUT", "/notifications/v1/preferences/mute?uid=ana", { body: { conversations: [{ id: "team", type: "group", until: 1 }] } });
  expect((await call("GET", "/notifications/v1/preferences/mute?uid=ana")).body.data.mutedConversations).toEqual([
    { id: "team", type: "group", until: 1 },
  ]);
  await call("DELETE", "/notifications/v1/preferences/mute?uid=ana", { body: { conversations: [{ id: "team", type: "group" }] } });
  expect((await call("GET", "/notifications/v1/preferences/mute?uid=ana")).body.data.mutedConversations).toEqual([]);
  expect(
    code(await call("PUT", "/notifications/v1/preferences/mute?uid=ghost", { body: { conversations: [{ id: "t", type: "group" }] } })),
  ).toEqual([404, "ERR_UID_NOT_FOUND"]);
  expect(code(await call("PATCH", "/notifications/v1/preferences/timezone?uid=ghost", { body: { timezone: "UTC" } }))).toEqual([
    404,
    "ERR_UID_NOT_FOUND",
  ]);

  await call("PATCH", "/notifications/v1/contact-details", { as: "ana", body: { email: "ana@example.org" } });
  expect((await call("GET", "/notifications/v1/contact-details", { as: "ana" })).body.data).toEqual({ email: "ana@example.org" });
  await call("DELETE", "/notifications/v1/contact-details", { as: "ana" });
  expect((await call("GET", "/notifications/v1/contact-details", { as: "ana" })).body.data).toEqual({});
  expect(code(await call("GET", "/notifications/v1/contact-details", { as: "ghost" }))).toEqual([400, "ERR_UID_NOT_FOUND"]);
});

test("a push token of another session cannot be deleted", async () => {
  fake.seed({
    users: [
      { uid: "ana", name: "Ana" },
      { uid: "ben", name: "Ben" },
    ],
  });
  const ana = (await call("POST", "/users/ana/auth_tokens", { body: {} })).body.data.authToken;
  const ben = (await call("POST", "/users/ben/auth_tokens", { body: {} })).body.data.authToken;
  await call("POST", "/notifications/push/v1/tokens", { body: { authToken: ana, platform: "fcm_android", fcmToken: "t-ana" } });
  expect(code(await call("DELETE", "/notifications/push/v1/tokens/t-ana", { body: { authToken: ben } }))).toEqual([
    400,
    "ERR_PUSH_TOKEN_NOT_FOUND",
  ]);
  expect((await call("DELETE", "/notifications/push/v1/tokens/t-ana", { body: { authToken: ana } })).body.data.pushTokens).toEqual([]);
});

describe("conversations", () => {
  beforeEach(() => {
    fake.seed({
      users: [
        { uid: "ana", name: "Ana" },
        { uid: "ben", name: "Ben" },
        { uid: "cy", name: "Cy" },
      ],
      groups: [{ guid: "team", name: "Team", owner: "ana" }],
      members: [{ guid: "team", uid: "ben" }],
      messages: [
        { sender: "ben", receiver: "ana", receiverType: "user", text: "hi" },
        { sender: "ben", receiver: "ana", receiverType: "user", text: "there" },
        { sender: "ana", receiver: "team", receiverType: "group", text: "all" },
      ],
    });
  });

  test("the deprecated read and deletion by conversation id keep working", async () => {
    expect((await call("GET", "/conversations/ana_user_ben", { as: "ana" })).body.data.unreadMessageCount).toBe("2");
    await call("DELETE", "/conversations/ana_user_ben", { as: "ana" });
    expect(code(await call("GET", "/conversations/ana_user_ben", { as: "ana" }))).toEqual([404, "ERR_CONVERSATION_NOT_FOUND"]);
    // The other user keeps their side.
    expect((await call("GET", "/conversations/ana_user_ben", { as: "ben" })).status).toBe(200);
    expect(code(await call("DELETE", "/conversations/ana_user_cy", { as: "ana" }))).toEqual([404, "ERR_CONVERSATION_NOT_FOUND"]);
  });

  test("a delivery receipt moves the delivered mark, not the unread count; a read receipt up to a message leaves the later ones unread", async () => {
    await call("POST", "/users/ben/conversation/delivered", { as: "ana", body: {} });
    expect((await call("GET", "/users/ben/conversation", { as: "ana" })).body.data.unreadMessageCount).toBe("2");
    const first = [...fake.state.messages.values()][0]!;
    await call("POST", "/users/ben/conversation/read", { as: "ana", body: { messageId: Number(first.id) } });
    expect((await call("GET", "/users/ben/conversation", { as: "ana" })).body.data.unreadMessageCount).toBe("1");
  });

  test("a user conversation reset hides its messages from that user only; an unknown user is a 404", async () => {
    await call("DELETE", "/users/ben/conversation", { as: "ana", body: {} });
    expect(code(await call("GET", "/users/ben/conversation", { as: "ana" }))).toEqual([404, "ERR_CONVERSATION_NOT_FOUND"]);
    expect((await call("GET", "/users/ana/conversation", { as: "ben" })).body.data.lastMessage.data.text).toBe("there");
    for (const [method, path] of [
      ["GET", "/users/ghost/conversation"],
      ["DELETE", "/users/ghost/conversation"],
      ["POST", "/users/ghost/conversation/delivered"],
      ["POST", "/users/ghost/conversation/read"],
      ["DELETE", "/users/ghost/conversation/read"],
    ] as const)
      expect(code(await call(method, path, { as: "ana", ...(method === "GET" ? {} : { body: {} }) }))).toEqual([404, "ERR_UID_NOT_FOUND"]);
  });

  test("a user outside a group has no conversation with it (403 ERR_GROUP_NOT_JOINED), and an unknown group is a 404", async () => {
    for (const [method, path] of [
      ["GET", "/groups/team/conversation"],
      ["PUT", "/groups/team/conversation"],
      ["DELETE", "/groups/team/conversation"],
      ["POST", "/groups/team/conversation/delivered"],
      ["POST", "/groups/team/conversation/read"],
      ["DELETE", "/groups/team/conversation/read"],
    ] as const) {
      const body = method === "GET" ? {} : { body: {} };
      expect(code(await call(method, path, { as: "cy", ...body }))).toEqual([403, "ERR_GROUP_NOT_JOINED"]);
      expect(code(await call(method, path.replace("team", "none"), { as: "cy", ...body }))).toEqual([404, "ERR_GUID_NOT_FOUND"]);
    }
  });

  test("a group read receipt empties the unread count, and marking unread brings it back", async () => {
    await call("POST", "/groups/team/conversation/read", { as: "ben", body: {} });
    expect((await call("GET", "/groups/team/conversation", { as: "ben" })).body.data.unreadMessageCount).toBe("0");
    await call("DELETE", "/groups/team/conversation/read", { as: "ben", body: {} });
    expect((await call("GET", "/groups/team/conversation", { as: "ben" })).body.data.unreadMessageCount).toBe("1");
    await call("POST", "/groups/team/conversation/delivered", { as: "ben", body: {} });
    expect((await call("GET", "/groups/team/conversation", { as: "ben" })).body.data.unreadMessageCount).toBe("1");
  });

  test("the app lists every conversation, and a user's list is filtered by type and by search", async () => {
    const all = (await call("GET", "/conversations")).body.data.map((c: any) => c.conversationId);
    expect(all.sort()).toEqual(["ana_user_ben", "group_team"]);
    const groups = await call("GET", "/conversations?conversationType=group", { as: "ben" });
    expect(groups.body.data.map((c: any) => c.conversationId)).toEqual(["group_team"]);
    const search = await call("GET", "/conversations?searchKey=an", { as: "ben" });
    expect(search.body.data.map((c: any) => c.conversationId)).toEqual(["ana_user_ben"]);
  });
});

describe("reactions", () => {
  test("a repeated reaction is a 400, and every reaction operation answers 404 for an unknown message", async () => {
    const [message] = fake.seed({
      users: [
        { uid: "ana", name: "Ana" },
        { uid: "ben", name: "Ben" },
      ],
      messages: [{ sender: "ana", receiver: "ben", receiverType: "user", text: "hi" }],
    }).messages;
    await call("POST", `/messages/${message!.id}/reactions/ok`, { as: "ben" });
    expect(code(await call("POST", `/messages/${message!.id}/reactions/ok`, { as: "ben" }))).toEqual([400, "ERR_REACTION_ALREADY_EXISTS"]);
    expect(fake.state.messages.get(message!.id)?.data.reactions).toEqual([{ reaction: "ok", count: 1 }]);
    for (const [method, path] of [
      ["GET", "/messages/999/reactions"],
      ["GET", "/messages/999/reactions/ok"],
      ["POST", "/messages/999/reactions/ok"],
      ["DELETE", "/messages/999/reactions/ok"],
    ] as const)
      expect(code(await call(method, path, { as: "ben" }))).toEqual([404, "ERR_MESSAGE_ID_NOT_FOUND"]);
  });

  test("a reaction list is cut by limit and continued from its cursor", async () => {
    const users = ["a", "b", "c"].map((uid) => ({ uid, name: uid }));
    const [message] = fake.seed({
      users,
      groups: [{ guid: "abc", name: "ABC", owner: "a" }],
      members: [
        { guid: "abc", uid: "b" },
        { guid: "abc", uid: "c" },
      ],
      messages: [{ sender: "a", receiver: "abc", receiverType: "group", text: "x" }],
    }).messages;
    for (const { uid } of users) await call("POST", `/messages/${message!.id}/reactions/ok`, { as: uid });
    const first = await call("GET", `/messages/${message!.id}/reactions?limit=2`);
    expect(first.body.data.map((r: any) => r.uid)).toEqual(["a", "b"]);
    const next = first.body.meta.next;
    const rest = await call("GET", `/messages/${message!.id}/reactions?limit=2&affix=append&id=${next.id}`);
    expect(rest.body.data.map((r: any) => r.uid)).toEqual(["c"]);
    expect(rest.body.meta.next).toBeUndefined();
  });
});

test("an app created through the Management API is listed, and one that does not exist is a 404 on each app operation", async () => {
  const created = await call("POST", "/apps", { management: true, body: { name: "Staging", region: "eu" } });
  expect(created.body.data).toMatchObject({ name: "Staging", region: "eu", plan: "trial" });
  expect((await call("GET", "/apps?searchKey=stag", { management: true })).body.data.map((a: any) => a.id)).toEqual([created.body.data.id]);
  for (const [method, path, body] of [
    ["DELETE", "/apps/0000000000000000", undefined],
    ["GET", "/apps/0000000000000000/settings", undefined],
    ["POST", "/apps/0000000000000000/settings", { settings: { "core.conversations.updateOnReplies": false } }],
    ["DELETE", "/apps/0000000000000000/settings", undefined],
  ] as const)
    expect(code(await call(method, path, { management: true, body }))).toEqual([404, "ERR_APP_NOT_FOUND"]);
  expect(code(await call("DELETE", `/apps/${fake.appId}`, { management: true }))).toEqual([400, "ERR_BAD_REQUEST"]);
});

describe("the changes the service reports by webhook", () => {
  function modelWithListener() {
    const store = new FakeStore(1000);
    const events: [string, Record<string, any>][] = [];
    store.listeners.push((trigger, data) => events.push([trigger, data]));
    const [message] = seedStore(
      store,
      {
        users: [
          { uid: "ana", name: "Ana" },
          { uid: "ben", name: "Ben" },
        ],
        messages: [{ sender: "ana", receiver: "ben", receiverType: "user", text: "hi" }],
      },
      // The model alone: the spec's checks of each item are the fake's, tested through seed().
      () => {},
    ).messages;
    const context = (path: Record<string, string>, actor: string, body: unknown = {}): HandlerContext => ({
      store,
      path,
      query: {},
      body,
      actor,
      example: () => undefined,
    });
    return { store, events, message: message!, context };
  }

  test("a reaction added and removed is reported with the reaction and the message's counts", () => {
    const { events, message, context } = modelWithListener();
    reactionHandlers["add-message-reactions"]!(context({ id: message.id, reaction: "ok" }, "ben"));
    reactionHandlers["remove-message-reactions"]!(context({ id: message.id, reaction: "ok" }, "ben"));
    expect(events.map(([trigger]) => trigger)).toEqual(["message_reaction_added", "message_reaction_removed"]);
    expect(events[0]![1]).toMatchObject({
      reaction: { messageId: message.id, reaction: "ok", uid: "ben", reactedBy: { uid: "ben" } },
      message: { id: message.id, data: { reactions: [{ reaction: "ok", count: 1, reactedByMe: true }] } },
    });
    expect(events[1]![1].message.data.reactions).toBeUndefined();
  });

  test("delivery and read receipts are reported once for the latest message they cover, and a refused request reports nothing", () => {
    const { events, message, context } = modelWithListener();
    conversationHandlers["mark-conversation-as-delivered"]!(context({ uid: "ana" }, "ben"));
    conversationHandlers["mark-conversation-as-read"]!(context({ uid: "ana" }, "ben"));
    // Read again: nothing new to report.
    conversationHandlers["mark-conversation-as-read"]!(context({ uid: "ana" }, "ben"));
    expect(() => conversationHandlers["mark-conversation-as-read"]!(context({ uid: "ghost" }, "ben"))).toThrow("ghost");
    expect(events.map(([trigger]) => trigger)).toEqual(["message_delivery_receipt", "message_read_receipt"]);
    expect(events[1]![1]).toEqual({
      receiver: "ben",
      receiverType: "user",
      type: "receipts",
      sender: "ben",
      messageSender: "ana",
      body: { action: "read", messageId: message.id, timestamp: expect.any(Number) },
    });
  });
});

test("the operations keyed by a user, a session or a message answer their documented error for one that does not exist", async () => {
  fake.seed({ users: [{ uid: "ana", name: "Ana" }] });
  const ghost = "uid=ghost";
  const cases: [string, string, { body?: unknown; as?: string }, number, string][] = [
    ["GET", "/conversations", { as: "ghost" }, 400, "ERR_UID_NOT_FOUND"],
    ["POST", "/messages/999/flagged", { as: "ana", body: { reasonId: "spam" } }, 404, "ERR_MESSAGE_ID_NOT_FOUND"],
    ["PATCH", `/notifications/v1/preferences?${ghost}`, { body: {} }, 404, "ERR_UID_NOT_FOUND"],
    ["DELETE", `/notifications/v1/preferences?${ghost}`, {}, 404, "ERR_UID_NOT_FOUND"],
    ["GET", `/notifications/v1/preferences/mute?${ghost}`, {}, 404, "ERR_UID_NOT_FOUND"],
    [
      "DELETE",
      `/notifications/v1/preferences/mute?${ghost}`,
      { body: { conversations: [{ id: "t", type: "group" }] } },
      404,
      "ERR_UID_NOT_FOUND",
    ],
    ["GET", `/notifications/v1/preferences/timezone?${ghost}`, {}, 404, "ERR_UID_NOT_FOUND"],
    ["PATCH", "/notifications/v1/contact-details", { as: "ghost", body: { email: "g@example.org" } }, 400, "ERR_UID_NOT_FOUND"],
    ["DELETE", "/notifications/v1/contact-details", { as: "ghost" }, 400, "ERR_UID_NOT_FOUND"],
    ["GET", "/notifications/push/v1/tokens?authToken=nope", {}, 400, "ERR_AUTH_TOKEN_NOT_FOUND"],
    ["DELETE", "/notifications/push/v1/tokens", { body: { authToken: "nope" } }, 400, "ERR_AUTH_TOKEN_NOT_FOUND"],
    ["DELETE", "/notifications/push/v1/tokens/t-1", { body: { authToken: "nope" } }, 400, "ERR_AUTH_TOKEN_NOT_FOUND"],
  ];
  for (const [method, path, options, status, errorCode] of cases)
    expect([method, path, ...code(await call(method, path, options))]).toEqual([method, path, status, errorCode]);
});

test("the lists and the app-wide records refuse a wrong API key with 401, and their paging parameters are checked", async () => {
  const paths = [
    "/conversations",
    "/moderation/reasons",
    "/moderation/rules",
    "/moderation/keywords",
    "/moderation/flagged-messages",
    "/roles",
    "/apikeys",
    "/notifications/v1/settings",
    "/notifications/push/v1/providers/fcm",
    "/notifications/push/v1/providers/apns",
  ];
  for (const path of paths) {
    const response = await fetch(`${fake.url}${path}`, { headers: { apikey: "wrong" } });
    const body = await response.json();
    await checker.check("GET", response.url, response.status, body);
    expect([path, response.status, body.error.code]).toEqual([path, 401, "AUTH_ERR_APIKEY_NOT_FOUND"]);
  }
  expect(code(await call("GET", "/roles?perPage=0"))).toEqual([400, "ERR_BAD_REQUEST"]);
  expect(code(await call("GET", "/apikeys?perPage=0"))).toEqual([400, "ERR_BAD_REQUEST"]);
  expect(code(await call("GET", "/apps?perPage=0", { management: true }))).toEqual([400, "ERR_BAD_REQUEST"]);
  expect(code(await call("POST", "/apps", { management: true, body: { name: "x", region: "mars" } }))).toEqual([400, "ERR_BAD_REQUEST"]);
});
