// Every operation of the spec works against the fake from the start: the ones it models answer
// from its state, every other one from the spec's examples, as the mock does. Each gets its
// valid request from the contract harness (built from the spec's examples).
import { type FakeServer, startFakeServer } from "../../src/testing/index";
import { sendRaw } from "../harness/send-raw";
import { loadSpec, operationsOf } from "../harness/spec";
import { validRequest } from "../harness/valid-requests";
import { answerChecker } from "./answer-checker";

const operations = operationsOf(loadSpec());
// Every notification operation but the delivery logs keeps state.
const NOTIFICATION_OPERATIONS = operations
  .map((op) => op.operationId)
  .filter((id) => id.startsWith("notifications-") && id !== "notifications-logs");
// The operations the fake keeps state for; the rest answer from the examples.
const MODELED = new Set([
  ...[
    "list-webhooks",
    "create-webhook",
    "get-webhook",
    "update-webhook",
    "delete-webhook",
    "list-triggers",
    "add-triggers",
    "remove-triggers",
  ],
  ...["list-users", "create-user", "get-user", "update-user", "delete-user", "deactivate-users", "reactivate-users"],
  ...["list-authtokens", "create-authtoken", "flush-authtokens", "get-authtoken", "update-authtoken", "delete-authtoken"],
  ...["list-all-friends", "add-friend", "remove-friend", "list-blocked-users", "block-users", "unblock-users"],
  ...["list-groups", "create-group", "get-group", "update-group", "delete-group", "list-group-members", "add-group-members"],
  ...["change-group-member-scope", "kick-group-member", "list-banned-group-users", "ban-group-user", "unban-group-user"],
  ...["list-all-messages", "send-message", "get-message-details", "update-message", "delete-message", "list-all-thread-messages"],
  ...["send-thread-message", "user-list-user-messages", "user-list-group-messages", "send-bot-message"],
  ...["list-all-conversations", "get-conversation", "delete-conversation", "get-user-conversations", "reset-user-conversation"],
  ...["mark-conversation-as-delivered", "mark-conversation-as-read", "mark-conversation-as-unread", "get-group-conversations"],
  ...["update-user-conversation", "update-group-conversation", "reset-group-conversation", "mark-group-conversation-as-delivered"],
  ...["mark-group-conversation-as-read", "mark-group-conversation-as-unread"],
  ...["add-message-reactions", "remove-message-reactions", "list-all-reactions", "get-message-reactions"],
  ...["flag-a-message", "list-flagged-messages", "list-reasons", "create-reason", "get-reason-details", "update-reason-details"],
  ...["delete-reason", "list-rules", "create-rule", "get-rule", "update-rule", "delete-rule", "list-rule-revisions", "list-rule-keywords"],
  ...["create-rule-keyword", "get-rule-keyword", "update-rule-keyword", "delete-rule-keyword"],
  ...["list-roles", "create-role", "get-role", "update-role", "delete-role", "get-restrictedfeatures", "restrict-features"],
  ...["list-role-permissions", "list-scope-permissions"],
  ...["allow-features", "set-role-permissions", "unset-role-permissions", "set-scope-permissions", "unset-scope-permissions"],
  ...["list-apikeys", "create-apikey", "get-apikey", "update-apikey", "delete-apikey"],
  ...["list-apps", "create-app", "delete-app", "list-settings", "map-settings", "unmap-settings"],
  ...NOTIFICATION_OPERATIONS,
]);

let fake: FakeServer;
const checker = answerChecker();
beforeAll(async () => {
  fake = await startFakeServer();
});
afterAll(() => fake.close());

const credentialsOf = (security: string): Record<string, string> =>
  security === "management" ? { key: fake.key, secret: fake.secret } : { apikey: fake.apiKey };

test("the spec has more than 170 operations and the fake models the core ones and the rest of the domain", () => {
  expect(operations.length).toBeGreaterThan(170);
  expect(operations.filter((op) => MODELED.has(op.operationId))).toHaveLength(MODELED.size);
});

test.each(operations.map((op) => [op.operationId, op] as const))(
  "%s answers its valid request with a documented status and body",
  async (operationId, op) => {
    fake.reset();
    const request = validRequest(operationId);
    // onBehalfOf must name an existing user, also where the fake answers from the examples.
    const actor = request.params.header?.onBehalfOf;
    if (typeof actor === "string") fake.seed({ users: [{ uid: actor, name: actor }] });
    const management = op.credentialHeaders.some((names) => names.includes("key"));
    const response = await sendRaw(fake.url, op, request, { credentials: credentialsOf(management ? "management" : "apikey") });
    const text = await response.text();
    await checker.check(op.method.toUpperCase(), response.url, response.status, text ? JSON.parse(text) : undefined);
    expect(checker.problems()).toEqual([]);
    // An operation without a model answers 200 from the examples; a modeled one answers from the
    // empty state, where the examples' users and groups do not exist.
    if (!MODELED.has(operationId)) expect([response.status, text.slice(0, 300)]).toEqual([200, expect.any(String)]);
    else expect([200, 400, 401, 404]).toContain(response.status);
  },
);
