// Recordings altered after the fact, as a service that answers otherwise than the fake would
// look: each alteration must be reported against the right operation and field, and nothing else.
import { writeFileSync } from "node:fs";
import { createChatClient, unwrap } from "../../src/index";
import {
  ALLOW_LIST_FORMAT,
  type Difference,
  formatRecording,
  formatVerifyReport,
  type Recording,
  recordTraffic,
  startFakeServer,
  verifyFake,
} from "../../src/testing/index";
import { verifyCommand } from "../../src/testing/verify/verify-command";
import { useRecordingFiles } from "./recording-files";

const files = useRecordingFiles();
let recording: Recording;

beforeAll(async () => {
  const fake = await startFakeServer();
  files.usedCredentials(fake.apiKey, fake.authOnlyKey, fake.key, fake.secret);
  fake.clock.freeze(Date.UTC(2026, 1, 2, 8));
  const recorder = recordTraffic({ file: files.path("base.ndjson"), now: () => fake.clock.now() });
  const chat = createChatClient({ appId: fake.appId, apiKey: fake.apiKey, baseUrl: fake.url });
  chat.use(recorder, { onResponse: () => fake.clock.advance(1000).then(() => undefined) });
  for (const uid of ["ana", "ben", "cy"]) await unwrap(chat.POST("/users", { body: { uid, name: uid.toUpperCase() } }));
  await unwrap(chat.GET("/users", { params: { query: { perPage: 2, page: 1 } } }));
  await unwrap(chat.POST("/groups", { body: { guid: "crew", name: "Crew", owner: "ana", members: { participants: ["ben"] } } }));
  await unwrap(chat.POST("/groups/{guid}/members", { params: { path: { guid: "crew" } }, body: { participants: ["cy"] } }));
  await unwrap(chat.PUT("/groups/{guid}/members/{uid}", { params: { path: { guid: "crew", uid: "cy" } }, body: { scope: "moderator" } }));
  await unwrap(chat.GET("/groups/{guid}", { params: { path: { guid: "crew" } } }));
  const sent = await unwrap(chat.as("ben").POST("/messages", { body: { receiver: "crew", receiverType: "group", data: { text: "hi" } } }));
  await unwrap(chat.as("ben").GET("/messages/{id}", { params: { path: { id: sent.data.id } } }));
  await chat.GET("/users/{uid}", { params: { path: { uid: "nobody" } } });
  await unwrap(chat.GET("/stats", { params: { query: { fromDate: 1767225600, toDate: 1769904000 } } }));
  recording = structuredClone(recorder.recording);
  await fake.close();
});

/** A copy of the recording with the answer of the first exchange of `operationId` changed by `change`. */
function tampered(operationId: string, change: (response: { status: number; body?: any }) => void): Recording {
  const copy = structuredClone(recording);
  const exchange = copy.exchanges.find((e) => e.operationId === operationId);
  if (!exchange?.response) throw new Error(`no answer of ${operationId} in the recording`);
  change(exchange.response);
  return copy;
}

const where = (differences: Difference[]) => differences.map((d) => `${d.side} ${d.operationId} ${d.field} ${d.kind}`);

test("the untouched recording replays with no difference", async () => {
  const report = await verifyFake(recording);
  expect(report.differences).toEqual([]);
  expect(report.ok).toBe(true);
});

test("an operation the fake answers from the spec's examples is reported as not modelled, and not compared even when its answer was changed", async () => {
  const report = await verifyFake(tampered("usage-metrics", (r) => (r.body = { data: { altered: true } })));
  expect(report.operations.find((o) => o.operationId === "usage-metrics")).toMatchObject({ verdict: "not modelled", fakeDiffers: [] });
  expect(formatVerifyReport(report)).toContain("not modelled usage-metrics (1 exchange(s))");
});

test("a status changed is reported on its operation, by the fake and by the spec, which documents no such status", async () => {
  const report = await verifyFake(tampered("create-group", (r) => (r.status = 201)));
  expect(where(report.unlisted)).toEqual(["fake create-group status status", "spec create-group status status"]);
  expect(report.unlisted[0]).toMatchObject({ recorded: 201, fake: 200 });
  expect(report.operations.find((o) => o.operationId === "create-group")?.verdict).toBe("differs");
  expect(report.operations.filter((o) => o.verdict === "differs")).toHaveLength(1);
});

test("a scope changed is reported on its operation and field, with both values", async () => {
  const report = await verifyFake(tampered("change-group-member-scope", (r) => (r.body.data.scope = "admin")));
  expect(where(report.unlisted)).toEqual(["fake change-group-member-scope $.data.scope value"]);
  expect(report.unlisted[0]).toMatchObject({ recorded: "admin", fake: "moderator" });
});

test("a field missing from the recorded answer is reported as one the fake sends and the service did not; the spec refuses it only where it is required", async () => {
  const optional = await verifyFake(tampered("get-group", (r) => delete r.body.data.membersCount));
  expect(where(optional.unlisted)).toEqual(["fake get-group $.data.membersCount shape"]);
  expect(optional.unlisted[0]?.message).toBe("the fake sends this field; the service did not");
  const required = await verifyFake(tampered("get-group", (r) => delete r.body.data.type));
  expect(where(required.unlisted)).toEqual(["fake get-group $.data.type shape", "spec get-group $.data.type schema"]);
  expect(required.unlisted[1]?.message).toBe("the spec refuses the recorded answer: must have required property 'type'");
});

test("a page in another order is reported at each item that moved", async () => {
  const report = await verifyFake(tampered("list-users", (r) => r.body.data.reverse()));
  expect(where(report.unlisted)).toEqual(["fake list-users $.data[0].uid value", "fake list-users $.data[1].uid value"]);
  expect(report.unlisted.map((d) => [d.recorded, d.fake])).toEqual([
    ["user-2", "user-1"],
    ["user-1", "user-2"],
  ]);
});

test("an error code changed is reported as the code, beside the status that matched", async () => {
  const report = await verifyFake(tampered("get-user", (r) => (r.body.error.code = "ERR_GUID_NOT_FOUND")));
  expect(where(report.unlisted)).toEqual(["fake get-user $.error.code code"]);
});

test("a message id that names another message than the one sent is reported as an id the replay linked otherwise", async () => {
  const report = await verifyFake(tampered("get-message-details", (r) => (r.body.data.id = "1")));
  expect(where(report.unlisted)).toEqual(["fake get-message-details $.data.id id"]);
});

test("an allow-list entry with its reason turns a difference into an allowed one; an entry without a reason is refused", async () => {
  const scope = tampered("change-group-member-scope", (r) => (r.body.data.scope = "admin"));
  const allow = {
    format: ALLOW_LIST_FORMAT,
    allow: [
      { operationId: "change-group-member-scope", field: "$.data.scope", reason: "The service answers the scope before the change." },
      { operationId: "list-users", field: "$.data[*].uid", reason: "Listed, but nothing differs there." },
    ],
  } as const;
  const report = await verifyFake(scope, { allow: structuredClone(allow) as never });
  expect(report.ok).toBe(true);
  expect(report.differences[0]?.allowed).toBe("The service answers the scope before the change.");
  expect(report.unusedAllowEntries.map((e) => e.operationId)).toEqual(["list-users"]);
  await expect(
    verifyFake(scope, { allow: { format: ALLOW_LIST_FORMAT, allow: [{ operationId: "*", field: "*", reason: " " }] } }),
  ).rejects.toThrow('allow-list: entry 0 needs a non-empty "reason".');
});

test("chat-rest-fake verify exits 1 on a difference not on the allow-list, 0 once a file lists it, and prints JSON with --json", async () => {
  const file = files.path("tampered.ndjson");
  writeFileSync(file, formatRecording(tampered("change-group-member-scope", (r) => (r.body.data.scope = "admin"))));
  const run = async (...args: string[]) => {
    const out: string[] = [];
    const code = await verifyCommand(args, { out: (text) => out.push(text), err: (text) => out.push(text) });
    return { code, out: out.join("\n") };
  };
  const failed = await run(file);
  expect(failed.code).toBe(1);
  expect(failed.out).toContain("differs      change-group-member-scope (1 exchange(s))");
  expect(failed.out).toContain('$.data.scope (value) the service sent "admin", the fake "moderator"');
  const allowFile = files.path("allow.json");
  writeFileSync(
    allowFile,
    JSON.stringify({
      format: ALLOW_LIST_FORMAT,
      allow: [{ operationId: "change-group-member-scope", field: "$.data.scope", side: "fake", reason: "Known." }],
    }),
  );
  expect((await run(file, "--allow", allowFile)).code).toBe(0);
  const json = await run(file, "--json");
  expect(JSON.parse(json.out).unlisted[0]).toMatchObject({ operationId: "change-group-member-scope", field: "$.data.scope" });
  expect((await run()).code).toBe(2);
  expect((await run(file, "--nope")).code).toBe(2);
});

test("no recording this file wrote holds a key or secret the recordings were made with", () => {
  expect(files.leaks()).toEqual([]);
});
