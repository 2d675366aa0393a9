// The controls a test drives the fake with: credentials, seed, state, reset, failNext, delayNext
// and the cap on stored items.
import { ChatTimeoutError, createChatClient, InternalServerError, PermissionDeniedError, unwrap } from "../../src/index";
import { startFakeServer } from "../../src/testing/index";
import { answerChecker } from "./answer-checker";
import { useFakeStarter } from "./checked-fake";

const checker = answerChecker();
const start = useFakeStarter(checker);

test("without options, random credentials are generated and exposed; given ones are used as they are", async () => {
  const { fake: a } = await start();
  const { fake: b } = await start({ appId: "app1", apiKey: "k1", authOnlyKey: "k2", key: "mk", secret: "ms" });
  expect(a.appId).toMatch(/^[0-9a-f]{16}$/);
  for (const credential of [a.apiKey, a.authOnlyKey, a.key, a.secret]) expect(credential).toMatch(/^[0-9a-f]{40}$/);
  expect(new Set([a.apiKey, a.authOnlyKey, a.key, a.secret]).size).toBe(4);
  expect(b).toMatchObject({ appId: "app1", apiKey: "k1", authOnlyKey: "k2", key: "mk", secret: "ms" });
  expect(b.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
});

test("options that cannot work are refused before anything listens", async () => {
  await expect(startFakeServer({ port: 70000 })).rejects.toThrow(/port must be an integer/);
  await expect(startFakeServer({ maxItems: 0 })).rejects.toThrow(/maxItems must be a positive integer/);
  await expect(startFakeServer({ apiKey: "same", authOnlyKey: "same" })).rejects.toThrow(/must differ/);
  await expect(startFakeServer({ apiKey: "" })).rejects.toThrow(/apiKey must be a non-empty string/);
});

test("seed stores users, groups, members and messages through the service's rules, and refuses what it would refuse", async () => {
  const { fake } = await start();
  const seeded = fake.seed({
    users: [
      { uid: "Owner", name: "O" },
      { uid: "m", name: "M" },
    ],
    groups: [{ guid: "G", name: "G", owner: "owner" }],
    members: [{ guid: "g", uid: "m", scope: "moderator" }],
    messages: [{ sender: "m", receiver: "g", receiverType: "group", text: "hello", sentAt: 1_700_000_000 }],
  });
  expect(seeded.messages).toEqual([expect.objectContaining({ id: "1", sender: "m", conversationId: "group_g", sentAt: 1_700_000_000 })]);
  const { state } = fake;
  expect([...state.users.keys()]).toEqual(["owner", "m"]);
  expect(state.groups.get("g")).toMatchObject({ owner: "owner", membersCount: 2 });
  expect(state.members.get("g")?.get("m")?.scope).toBe("moderator");
  expect(() => fake.seed({ members: [{ guid: "g", uid: "nobody" }] })).toThrow("seed: member nobody of g: No user with UID nobody exists.");
  expect(() => fake.seed({ messages: [{ sender: "owner", receiver: "nowhere", receiverType: "group" }] })).toThrow(
    /seed: message to nowhere: .*names no group/,
  );
  expect(() => fake.seed({ users: [{ uid: "OWNER", name: "again" }] })).toThrow(/already exists/);
});

test("seed checks each item as the API checks the request that would store it, naming the item and the field", async () => {
  const { fake } = await start();
  const refused: [Parameters<typeof fake.seed>[0], string | RegExp][] = [
    [{ users: [{ uid: "bad uid", name: "Space" }] }, "seed: user bad uid: The request contains invalid fields: uid must match pattern"],
    [{ users: [{ uid: "a/b", name: "Slash" }] }, /seed: user a\/b: .*uid must match pattern/],
    [{ users: [{ uid: "long", name: "x".repeat(5_000) }] }, /seed: user long: .*name must NOT have more than 100 characters/],
    [{ users: [{ uid: "x".repeat(101), name: "Long UID" }] }, /uid must NOT have more than 100 characters/],
    [{ users: [{ uid: "s", name: "S", status: "busy" as never }] }, /seed: user s: .*status must be "available" or "offline"/],
    [{ groups: [{ guid: "g g", name: "G" }] }, /seed: group g g: .*guid must match pattern/],
    [{ members: [{ guid: "g", uid: "a", scope: "owner" as never }] }, /seed: member a of g: .*scope must be/],
    [{ users: "ana" as never }, "seed: users must be an array."],
  ];
  for (const [data, message] of refused) expect(() => fake.seed(data)).toThrow(message);
  expect(fake.state.size).toBe(0);
});

test("seed is all or nothing: one item refused, and none of the items before it is kept", async () => {
  const { fake } = await start();
  fake.seed({ users: [{ uid: "kept", name: "Kept" }] });
  const before = fake.snapshot();
  expect(() =>
    fake.seed({
      users: [
        { uid: "ana", name: "Ana" },
        { uid: "ben", name: "Ben" },
      ],
      groups: [{ guid: "team", name: "Team", owner: "ana" }],
      members: [{ guid: "team", uid: "ben" }],
      messages: [
        { sender: "ana", receiver: "team", receiverType: "group", text: "stored, then put back" },
        { sender: "ana", receiver: "nobody", receiverType: "user", text: "refused" },
      ],
    }),
  ).toThrow(/seed: message to nobody: .*names no user/);
  expect(fake.snapshot()).toEqual(before);
  expect([...fake.state.users.keys()]).toEqual(["kept"]);
  // The seed refused left no trace: the same seed without the bad message goes through, ids from 1.
  const { messages } = fake.seed({
    users: [{ uid: "ana", name: "Ana" }],
    messages: [{ sender: "ana", receiver: "kept", receiverType: "user", text: "hi" }],
  });
  expect(messages.map((message) => message.id)).toEqual(["1"]);
});

test("state is a copy: changing it changes nothing in the fake", async () => {
  const { fake, chat } = await start();
  fake.seed({ users: [{ uid: "a", name: "A" }] });
  const copy = fake.state.users as unknown as Map<string, { name: string }>;
  copy.get("a")!.name = "changed";
  copy.delete("a");
  expect(fake.state.users.get("a")?.name).toBe("A");
  expect((await unwrap(chat.GET("/users/{uid}", { params: { path: { uid: "a" } } }))).data.name).toBe("A");
});

test("reset empties the model and forgets pending failures and delays", async () => {
  const { fake, chat } = await start();
  fake.seed({ users: [{ uid: "a", name: "A" }] });
  fake.failNext("list-users", { status: 500 });
  // Ten minutes: a delay that outlived reset() would hold the list past the test's timeout.
  fake.delayNext("list-users", 600_000);
  fake.reset();
  expect(fake.state.size).toBe(0);
  expect((await unwrap(chat.GET("/users", { maxRetries: 0 }))).data).toEqual([]);
  expect((await unwrap(chat.POST("/users", { body: { uid: "a", name: "A again" } }))).data.name).toBe("A again");
});

test("failNext answers with the operation's documented example for the status, the given number of times, then the real answer", async () => {
  const { fake } = await start();
  const statuses: number[] = [];
  const chat = createChatClient({
    appId: fake.appId,
    apiKey: fake.apiKey,
    baseUrl: fake.url,
    fetch: async (request: Request) => {
      const response = await checker.fetch(request);
      statuses.push(response.status);
      return response;
    },
  });
  fake.failNext("get-user", { status: 500, times: 2 });
  const failure = await unwrap(chat.GET("/users/{uid}", { params: { path: { uid: "x" } }, maxRetries: 0 })).catch((e: unknown) => e);
  expect(failure).toBeInstanceOf(InternalServerError);
  expect((failure as InternalServerError).code).toBe("ERR_INTERNAL_SERVER_ERROR");
  // The second 500 is retried, and the retry gets the model's own answer: no such user.
  const next = await unwrap(chat.GET("/users/{uid}", { params: { path: { uid: "x" } }, maxRetries: 2 })).catch((e: unknown) => e);
  expect((next as { code: string }).code).toBe("ERR_UID_NOT_FOUND");
  expect(statuses).toEqual([500, 500, 404]);
  expect(() => fake.failNext("no-such-operation", { status: 500 })).toThrow(/no operation "no-such-operation"/);
  expect(() => fake.failNext("get-user", { status: 200 })).toThrow(/status must be an integer from 400 to 599/);
});

test("delayNext holds an answer, so the SDK's timeout fires", async () => {
  const { fake, chat } = await start();
  fake.delayNext("list-users", 600_000);
  const error = await unwrap(chat.GET("/users", { timeoutMs: 200, maxRetries: 0 })).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ChatTimeoutError);
  // Only the next request was delayed: held ten minutes too, this one would outlast the test's timeout.
  expect((await unwrap(chat.GET("/users", { maxRetries: 0 }))).data).toEqual([]);
});

test("past maxItems, a write gets 403 ERR_PLAN_QUOTA_RESTRICTION naming the cap, and reads still work", async () => {
  const { fake, chat } = await start({ maxItems: 3 });
  fake.seed({
    users: [
      { uid: "a", name: "A" },
      { uid: "b", name: "B" },
    ],
  });
  await unwrap(chat.as("a").POST("/messages", { body: { receiver: "b", receiverType: "user", data: { text: "1" } } }));
  const full = await unwrap(chat.as("a").POST("/messages", { body: { receiver: "b", receiverType: "user", data: { text: "2" } } })).catch(
    (e: unknown) => e,
  );
  expect(full).toBeInstanceOf(PermissionDeniedError);
  expect((full as PermissionDeniedError).code).toBe("ERR_PLAN_QUOTA_RESTRICTION");
  expect((full as PermissionDeniedError).message).toContain("at most 3 items (its maxItems option)");
  expect(fake.state.size).toBe(3);
  expect((await unwrap(chat.GET("/users"))).data).toHaveLength(2);
  expect(() => fake.seed({ users: [{ uid: "c", name: "C" }] })).toThrow(/at most 3 items/);
});
test("a rule's revisions count against maxItems, and a change that does not fit leaves the rule as it was", async () => {
  const { fake, chat } = await start({ maxItems: 3 });
  const path = { params: { path: { ruleId: "r" } } };
  // The rule and its first revision take two items; one change takes the third.
  await unwrap(chat.POST("/moderation/rules", { body: { id: "r", name: "One" } }));
  await unwrap(chat.PUT("/moderation/rules/{ruleId}", { ...path, body: { name: "Two" } }));
  const full = await chat.PUT("/moderation/rules/{ruleId}", { ...path, body: { name: "Three" } });
  expect(full.response.status).toBe(403);
  expect(full.error).toMatchObject({ error: { code: "ERR_PLAN_QUOTA_RESTRICTION" } });
  expect((await unwrap(chat.GET("/moderation/rules/{ruleId}", path))).data).toMatchObject({ name: "Two", revisionId: `${fake.appId}_r_2` });
  // A new rule would need two items: neither it nor a revision is stored.
  expect((await chat.POST("/moderation/rules", { body: { id: "s", name: "S" } })).response.status).toBe(403);
  expect((await unwrap(chat.GET("/moderation/rules"))).data.map((rule) => rule.id)).toEqual(["r"]);
});

test("the answer checker itself reports an undocumented status and a body off the schema", async () => {
  const { fake } = await start();
  const probe = answerChecker();
  await probe.check("GET", `${fake.url}/users`, 200, { data: "not a list", meta: {} });
  await probe.check("GET", `${fake.url}/users`, 418, {});
  expect(probe.problems()).toEqual([
    expect.stringMatching(/^GET \/users 200: \$\.data must be array/),
    expect.stringMatching(/^GET \/users 200: \$\.meta\.pagination required property is missing/),
    "GET /users 418: list-users does not document 418",
  ]);
});

test("the answer checker checks an answer of handle() by the text the fake wrote, and hands the body on unread", async () => {
  const { fake } = await start();
  fake.seed({ users: [{ uid: "ana", name: "Ana" }] });
  let made: Response | undefined;
  const probe = answerChecker(async (request) => (made = await fake.handle(request)));
  const headers = { apikey: fake.apiKey };
  const listed = await probe.fetch(new Request(`${fake.url}/users`, { headers }));
  expect(listed).toBe(made);
  expect(listed.bodyUsed).toBe(false);
  expect(await listed.json()).toMatchObject({ data: [{ uid: "ana" }] });
  fake.faults.add({ operationId: "list-users", kind: "status", status: 418, times: 1 });
  const refused = await probe.fetch(new Request(`${fake.url}/users`, { headers }));
  expect(refused.status).toBe(418);
  expect(await refused.json()).toMatchObject({ error: { code: "ERR_FAKE_FAILURE" } });
  expect(probe.checked()).toBe(2);
  expect(probe.problems()).toEqual(["GET /users 418: list-users does not document 418"]);
});
