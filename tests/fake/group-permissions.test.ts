// The permission matrix of the fake's groups: every group operation of the rules table, called by
// each kind of caller (the owner, an admin, a moderator, a participant, a non-member, a banned
// user, a kicked user, and the app without onBehalfOf) against each target scope, in a private and
// a public group. The expected answer of each cell is worked out from the table
// (src/testing/fake/rules/group-rules.ts); a hand-written list of cells from the vendor's rules
// then checks the table itself. Every answer is checked against the spec.
import { type FakeServer, type FakeSnapshot, startFakeServer } from "../../src/testing/index";
import { GROUP_RULES, type GroupType, leastFor, type Rank, rankOf } from "../../src/testing/fake/rules/group-rules";
import { answerChecker } from "./answer-checker";

type Caller = "owner" | "admin" | "moderator" | "participant" | "non-member" | "banned" | "kicked" | "app";
const CALLERS: Record<Caller, string | undefined> = {
  owner: "own",
  admin: "adm",
  moderator: "mod",
  participant: "par",
  "non-member": "out",
  banned: "ban",
  kicked: "kik",
  app: undefined,
};
const RANK_OF: Partial<Record<Caller, Rank>> = { owner: "owner", admin: "admin", moderator: "moderator", participant: "participant" };

/** The targets: the owner, members of each scope, a user outside the group, and the caller itself. */
type Target = "owner" | "admin" | "moderator" | "participant" | "non-member" | "self";
const TARGETS: Record<Exclude<Target, "self">, string> = {
  owner: "own",
  admin: "t-adm",
  moderator: "t-mod",
  participant: "t-par",
  "non-member": "t-out",
};
const TARGET_RANK: Partial<Record<Target, Rank>> = { owner: "owner", admin: "admin", moderator: "moderator", participant: "participant" };

interface Cell {
  operationId: string;
  method: string;
  path: string;
  body?: unknown;
  target?: Target;
  /** The answer when the rules let the call through: 200, or the handler's own refusal. */
  allowed?: { status: number; code?: string };
}

const ok = { status: 200 };

/** The requests of each operation, with the message `m` of a participant in group `g`. */
function cellsFor(g: string, m: string, caller: string | undefined): Cell[] {
  const uidOf = (target: Target) => (target === "self" ? (caller ?? "app_system") : TARGETS[target]);
  const at = (target: Target) => encodeURIComponent(uidOf(target));
  const text = { data: { text: "hello" } };
  const cells: Cell[] = [
    { operationId: "get-group", method: "GET", path: `/groups/${g}` },
    { operationId: "update-group", method: "PUT", path: `/groups/${g}`, body: { name: "Renamed" } },
    { operationId: "update-group", method: "PUT", path: `/groups/${g}`, body: { owner: "t-adm" } },
    { operationId: "delete-group", method: "DELETE", path: `/groups/${g}` },
    { operationId: "add-group-members", method: "POST", path: `/groups/${g}/members`, body: { participants: ["t-out"] } },
    { operationId: "add-group-members", method: "POST", path: `/groups/${g}/members`, body: { moderators: ["t-out"] } },
    { operationId: "add-group-members", method: "POST", path: `/groups/${g}/members`, body: { admins: ["t-out"] } },
    { operationId: "add-group-members", method: "POST", path: `/groups/${g}/members`, body: { usersToBan: ["t-par"] } },
    { operationId: "unban-group-user", method: "DELETE", path: `/groups/${g}/bannedusers/t-ban` },
    { operationId: "user-list-group-messages", method: "GET", path: `/groups/${g}/messages` },
    { operationId: "get-group-conversations", method: "GET", path: `/groups/${g}/conversation` },
    { operationId: "update-group-conversation", method: "PUT", path: `/groups/${g}/conversation`, body: { tags: ["x"] } },
    { operationId: "reset-group-conversation", method: "DELETE", path: `/groups/${g}/conversation` },
    { operationId: "mark-group-conversation-as-delivered", method: "POST", path: `/groups/${g}/conversation/delivered`, body: {} },
    { operationId: "mark-group-conversation-as-read", method: "POST", path: `/groups/${g}/conversation/read`, body: {} },
    { operationId: "mark-group-conversation-as-unread", method: "DELETE", path: `/groups/${g}/conversation/read`, body: {} },
    { operationId: "send-message", method: "POST", path: "/messages", body: { receiver: g, receiverType: "group", ...text } },
    { operationId: "send-thread-message", method: "POST", path: `/messages/${m}/thread`, body: text },
    { operationId: "get-message-details", method: "GET", path: `/messages/${m}` },
    { operationId: "update-message", method: "PUT", path: `/messages/${m}`, body: text },
    { operationId: "delete-message", method: "DELETE", path: `/messages/${m}` },
    { operationId: "list-all-thread-messages", method: "GET", path: `/messages/${m}/thread` },
    { operationId: "list-all-reactions", method: "GET", path: `/messages/${m}/reactions` },
    { operationId: "get-message-reactions", method: "GET", path: `/messages/${m}/reactions/heart` },
    { operationId: "add-message-reactions", method: "POST", path: `/messages/${m}/reactions/heart` },
    {
      operationId: "remove-message-reactions",
      method: "DELETE",
      path: `/messages/${m}/reactions/heart`,
      allowed: { status: 404, code: "ERR_REACTION_NOT_FOUND" },
    },
    {
      operationId: "flag-a-message",
      method: "POST",
      path: `/messages/${m}/flagged`,
      body: { reasonId: "spam" },
      allowed: { status: 400, code: "ERR_REASON_NOT_FOUND" },
    },
  ];
  const members: Target[] = ["owner", "admin", "moderator", "participant", "self"];
  for (const target of members) {
    cells.push({ operationId: "kick-group-member", method: "DELETE", path: `/groups/${g}/members/${at(target)}`, target });
    for (const scope of ["admin", "moderator", "participant"])
      cells.push({
        operationId: "change-group-member-scope",
        method: "PUT",
        path: `/groups/${g}/members/${at(target)}`,
        body: { scope },
        target,
      });
  }
  for (const target of [...members, "non-member"] as Target[])
    cells.push({ operationId: "ban-group-user", method: "POST", path: `/groups/${g}/bannedusers/${at(target)}`, target });
  return cells;
}

/** The operations whose spec requires onBehalfOf: without it, the request checks answer 400 before any rule. */
const NEEDS_A_USER = new Set([
  "get-group-conversations",
  "update-group-conversation",
  "reset-group-conversation",
  "mark-group-conversation-as-delivered",
  "mark-group-conversation-as-read",
  "mark-group-conversation-as-unread",
  "send-thread-message",
  "add-message-reactions",
  "remove-message-reactions",
  "flag-a-message",
]);

type Expected = { status: number; code?: string };
const refused = (code: string): Expected => ({ status: 403, code });

/** What the rules table says the answer is: the refusal, or the cell's answer when allowed. */
function expectedOf(cell: Cell, caller: Caller, type: GroupType): Expected {
  const rule = GROUP_RULES[cell.operationId]!;
  const allowed = cell.allowed ?? ok;
  const body = (cell.body ?? {}) as Record<string, unknown>;
  const targetRank = cell.target && cell.target !== "self" ? TARGET_RANK[cell.target] : undefined;
  const onOwner = cell.target === "owner";
  // The owner named as the target is, for the owner calling, itself.
  const { target } = cell;
  const onSelf = target !== undefined && (target === "self" || TARGETS[target] === CALLERS[caller]);
  if (caller === "app") return rule.target && onOwner ? refused("ERR_GROUP_NO_CLEARANCE") : allowed;
  const rank = RANK_OF[caller];
  if (rank === undefined) return rule.openTo?.includes(type) ? allowed : refused("ERR_GROUP_NOT_JOINED");
  const least = leastFor(rule, type);
  if (rankOf(rank) < rankOf(least)) return refused(least === "admin" ? "ERR_GROUP_NO_ADMIN_SCOPE" : "ERR_GROUP_NO_MODERATOR_SCOPE");
  if (rule.ownerField && body.owner !== undefined && rank !== "owner") return refused("ERR_GROUP_NO_CLEARANCE");
  if (rule.target) {
    if (onSelf) return refused("ERR_GROUP_NO_SELF_ACTION");
    if (onOwner) return refused("ERR_GROUP_NO_CLEARANCE");
    if (targetRank !== undefined && rankOf(rank) <= rankOf(targetRank)) return refused("ERR_GROUP_NO_SCOPE_CLEARANCE");
  }
  if (rule.grants === "outrank" && rankOf(rank) <= rankOf(body.scope as Rank)) return refused("ERR_GROUP_NO_SCOPE_CLEARANCE");
  if (rule.grants === "reach") {
    const lists = { admins: "admin", moderators: "moderator", participants: "participant" } as const;
    for (const [list, scope] of Object.entries(lists))
      if ((body[list] as string[] | undefined)?.length && rankOf(rank) < rankOf(scope)) return refused("ERR_GROUP_NO_SCOPE_CLEARANCE");
    if (body.usersToBan && rankOf(rank) < rankOf("moderator")) return refused("ERR_GROUP_NO_MODERATOR_SCOPE");
  }
  return allowed;
}

const checker = answerChecker();
let fake: FakeServer;
const scenes: Partial<Record<GroupType, { snapshot: FakeSnapshot; message: string }>> = {};

async function call(method: string, path: string, as: string | undefined, body?: unknown) {
  const url = `${fake.url}${path}`;
  const headers: Record<string, string> = { apikey: fake.apiKey, ...(as ? { onBehalfOf: as } : {}) };
  if (body !== undefined) headers["content-type"] = "application/json";
  const response = await fake.handle(new Request(url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) }));
  const answer = (await response.json()) as { error?: { code: string } };
  await checker.check(method, url, response.status, answer);
  return { status: response.status, ...(answer.error ? { code: answer.error.code } : {}) };
}

/** A group of `type` with a member of each scope, a banned and a kicked user, and a participant's message. */
async function scene(type: GroupType) {
  fake.reset();
  fake.seed({
    users: ["own", "adm", "mod", "par", "out", "ban", "kik", "t-adm", "t-mod", "t-par", "t-out", "t-ban"].map((uid) => ({
      uid,
      name: uid,
    })),
    groups: [{ guid: "g", name: "G", type, owner: "own", ...(type === "password" ? { password: "pw" } : {}) }],
    members: [
      { guid: "g", uid: "adm", scope: "admin" },
      { guid: "g", uid: "mod", scope: "moderator" },
      { guid: "g", uid: "par" },
      { guid: "g", uid: "ban" },
      { guid: "g", uid: "kik" },
      { guid: "g", uid: "t-adm", scope: "admin" },
      { guid: "g", uid: "t-mod", scope: "moderator" },
      { guid: "g", uid: "t-par" },
    ],
  });
  const sent = await call("POST", "/messages", "par", { receiver: "g", receiverType: "group", data: { text: "question" } });
  expect(sent.status).toBe(200);
  const message = [...fake.state.messages.values()].find((stored) => stored.data.text === "question")!.id;
  for (const [method, path] of [
    ["DELETE", "/groups/g/members/kik"],
    ["POST", "/groups/g/bannedusers/ban"],
    ["POST", "/groups/g/bannedusers/t-ban"],
  ] as const)
    expect((await call(method, path, undefined)).status).toBe(200);
  scenes[type] = { snapshot: fake.snapshot(), message };
}

beforeAll(async () => {
  fake = await startFakeServer();
  await scene("private");
  await scene("public");
});
afterAll(() => fake.close());

const TYPES: GroupType[] = ["private", "public"];

describe.each(TYPES)("in a %s group", (type) => {
  test.each(Object.keys(CALLERS) as Caller[])("every group operation called by the %s answers as the rules table says", async (caller) => {
    const { snapshot, message } = scenes[type]!;
    const as = CALLERS[caller];
    const wrong: string[] = [];
    // The app has no membership of its own, and the operations that need onBehalfOf refuse it before any rule.
    const cells = cellsFor("g", message, as).filter(
      (cell) => caller !== "app" || (cell.target !== "self" && !NEEDS_A_USER.has(cell.operationId)),
    );
    for (const cell of cells) {
      fake.restore(snapshot);
      const got = await call(cell.method, cell.path, as, cell.body);
      const want = expectedOf(cell, caller, type);
      const answered = { status: got.status, ...(want.code !== undefined || got.status !== 200 ? { code: got.code } : {}) };
      if (JSON.stringify(answered) !== JSON.stringify(want))
        wrong.push(
          `${cell.operationId} ${cell.method} ${cell.path} ${JSON.stringify(cell.body ?? "")}: ${JSON.stringify(answered)}, want ${JSON.stringify(want)}`,
        );
    }
    expect(wrong).toEqual([]);
    // Each operation of the table is in the matrix.
    const covered = new Set([...cells.map((cell) => cell.operationId), ...(caller === "app" ? NEEDS_A_USER : [])]);
    expect([...covered].sort()).toEqual(Object.keys(GROUP_RULES).sort());
    expect(checker.problems()).toEqual([]);
  });
});

// Cells read from the vendor's rules (its group pages, its error guide) and this project's choices
// where they are silent, written out by hand: if the table said otherwise, these would fail.
const FROM_THE_REFERENCE: [Caller, string, string, unknown, GroupType, Expected][] = [
  ["participant", "DELETE", "/groups/g/members/t-mod", undefined, "private", refused("ERR_GROUP_NO_MODERATOR_SCOPE")],
  ["participant", "POST", "/groups/g/bannedusers/t-mod", undefined, "private", refused("ERR_GROUP_NO_MODERATOR_SCOPE")],
  ["participant", "DELETE", "/groups/g", undefined, "private", refused("ERR_GROUP_NO_ADMIN_SCOPE")],
  ["participant", "PUT", "/groups/g", { name: "Mine" }, "private", refused("ERR_GROUP_NO_MODERATOR_SCOPE")],
  ["participant", "PUT", "/groups/g/members/par", { scope: "admin" }, "private", refused("ERR_GROUP_NO_ADMIN_SCOPE")],
  ["participant", "POST", "/groups/g/members", { participants: ["t-out"] }, "private", refused("ERR_GROUP_NO_MODERATOR_SCOPE")],
  ["participant", "POST", "/groups/g/members", { participants: ["t-out"] }, "public", ok],
  ["non-member", "POST", "/groups/g/members", { participants: ["out"] }, "public", refused("ERR_GROUP_NOT_JOINED")],
  ["non-member", "POST", "/groups/g/members", { participants: ["out"] }, "private", refused("ERR_GROUP_NOT_JOINED")],
  ["non-member", "DELETE", "/groups/g/members/t-par", undefined, "private", refused("ERR_GROUP_NOT_JOINED")],
  ["non-member", "DELETE", "/groups/g", undefined, "private", refused("ERR_GROUP_NOT_JOINED")],
  ["non-member", "GET", "/groups/g", undefined, "private", refused("ERR_GROUP_NOT_JOINED")],
  ["non-member", "GET", "/groups/g", undefined, "public", ok],
  ["moderator", "DELETE", "/groups/g", undefined, "private", refused("ERR_GROUP_NO_ADMIN_SCOPE")],
  ["moderator", "PUT", "/groups/g", { name: "Renamed" }, "private", ok],
  ["moderator", "DELETE", "/groups/g/members/t-par", undefined, "private", ok],
  ["moderator", "POST", "/groups/g/bannedusers/t-par", undefined, "private", ok],
  ["moderator", "DELETE", "/groups/g/members/t-mod", undefined, "private", refused("ERR_GROUP_NO_SCOPE_CLEARANCE")],
  ["moderator", "DELETE", "/groups/g/members/t-adm", undefined, "private", refused("ERR_GROUP_NO_SCOPE_CLEARANCE")],
  ["moderator", "PUT", "/groups/g/members/t-par", { scope: "moderator" }, "private", refused("ERR_GROUP_NO_ADMIN_SCOPE")],
  ["admin", "DELETE", "/groups/g", undefined, "private", ok],
  ["admin", "DELETE", "/groups/g/members/own", undefined, "private", refused("ERR_GROUP_NO_CLEARANCE")],
  ["admin", "POST", "/groups/g/bannedusers/own", undefined, "private", refused("ERR_GROUP_NO_CLEARANCE")],
  ["admin", "PUT", "/groups/g/members/t-par", { scope: "moderator" }, "private", ok],
  ["admin", "PUT", "/groups/g/members/t-par", { scope: "admin" }, "private", refused("ERR_GROUP_NO_SCOPE_CLEARANCE")],
  ["admin", "PUT", "/groups/g/members/adm", { scope: "participant" }, "private", refused("ERR_GROUP_NO_SELF_ACTION")],
  ["admin", "PUT", "/groups/g", { owner: "adm" }, "private", refused("ERR_GROUP_NO_CLEARANCE")],
  ["owner", "PUT", "/groups/g", { owner: "t-adm" }, "private", ok],
  ["owner", "DELETE", "/groups/g/members/t-adm", undefined, "private", ok],
  ["app", "DELETE", "/groups/g/members/own", undefined, "private", refused("ERR_GROUP_NO_CLEARANCE")],
  ["app", "POST", "/groups/g/bannedusers/own", undefined, "private", refused("ERR_GROUP_NO_CLEARANCE")],
  ["app", "DELETE", "/groups/g", undefined, "private", ok],
  ["kicked", "GET", "/groups/g/messages", undefined, "public", refused("ERR_GROUP_NOT_JOINED")],
  [
    "banned",
    "POST",
    "/messages",
    { receiver: "g", receiverType: "group", data: { text: "let me in" } },
    "public",
    refused("ERR_GROUP_NOT_JOINED"),
  ],
];

test.each(FROM_THE_REFERENCE)("the %s: %s %s %j in a %s group answers %j", async (caller, method, path, body, type, want) => {
  fake.restore(scenes[type]!.snapshot);
  const got = await call(method, path, CALLERS[caller], body);
  expect(got.status === 200 ? { status: 200 } : got).toEqual(want);
  expect(checker.problems()).toEqual([]);
});

test("a kicked or banned member can neither edit nor delete their old messages in the group", async () => {
  fake.restore(scenes.private!.snapshot);
  // The kicked user's message, sent while a member, by the app on their behalf before the kick.
  fake.seed({ members: [{ guid: "g", uid: "t-out" }] });
  const sent = await call("POST", "/messages", "t-out", { receiver: "g", receiverType: "group", data: { text: "mine" } });
  expect(sent.status).toBe(200);
  const id = [...fake.state.messages.values()].find((stored) => stored.data.text === "mine")!.id;
  expect((await call("DELETE", "/groups/g/members/t-out", "own")).status).toBe(200);
  expect(await call("PUT", `/messages/${id}`, "t-out", { data: { text: "edited" } })).toEqual(refused("ERR_GROUP_NOT_JOINED"));
  expect(await call("DELETE", `/messages/${id}`, "t-out")).toEqual(refused("ERR_GROUP_NOT_JOINED"));
  expect(fake.state.messages.get(id)).toMatchObject({ data: { text: "mine" } });
  expect(fake.state.messages.get(id)?.deletedAt).toBeUndefined();
  expect(checker.problems()).toEqual([]);
});
