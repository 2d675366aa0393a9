// The bulk jobs against the fake: checkpoints under 1 KB, resumed runs that send nothing for the
// records before their checkpoint, stops that leave a checkpoint covering the records in flight,
// progress with the pace, and exports written as NDJSON lines that resume where they stopped.
import {
  exportGroups,
  exportMessages,
  exportUsers,
  importGroups,
  importUsers,
  type JobCheckpoint,
  type UserInput,
} from "../../../src/helpers/index";
import { pendingRecords } from "../../../src/helpers/job-checkpoint";
import type { FakeServer } from "../../../src/testing/index";
import { type RecordingClient, useRecordingFake } from "./recording-client";

let fake: FakeServer;
let client: RecordingClient;
useRecordingFake((started, recording) => {
  fake = started;
  client = recording;
});

const customers = (count: number): UserInput[] => Array.from({ length: count }, (_, i) => ({ uid: `c-${i}`, name: `Customer ${i}` }));
const size = (checkpoint: JobCheckpoint) => Buffer.byteLength(JSON.stringify(checkpoint));

test("importUsers hands a checkpoint under 1 KB every checkpointEvery records done, and one at the end", async () => {
  const checkpoints: JobCheckpoint[] = [];
  const result = await importUsers(client.chat, customers(250), {
    concurrency: 4,
    checkpointEvery: 100,
    onCheckpoint: (c) => checkpoints.push(c),
  });
  expect(result).toEqual({ created: 250, existing: 0, updated: 0, failed: [], stopped: false });
  expect(checkpoints.map((c) => c.counts.created)).toEqual([100, 200, 250]);
  expect(checkpoints.at(-1)).toEqual({
    job: "importUsers",
    version: 1,
    next: 250,
    counts: { created: 250, existing: 0, updated: 0, failed: 0 },
    complete: true,
  });
  for (const checkpoint of checkpoints) expect(size(checkpoint)).toBeLessThanOrEqual(1024);
});

test("a resumed import sends nothing for the records before its checkpoint, and its counts go on from it", async () => {
  let kept: JobCheckpoint | undefined;
  const controller = new AbortController();
  const first = await importUsers(client.chat, customers(300), {
    concurrency: 4,
    checkpointEvery: 50,
    signal: controller.signal,
    onCheckpoint: (checkpoint) => {
      kept = checkpoint;
      if (checkpoint.next >= 100) controller.abort();
    },
  });
  expect(first.stopped).toBe(true);
  // The last checkpoint covers every record the stopped run finished, those in flight included.
  expect(kept).toMatchObject({ complete: false, next: first.created });
  expect(fake.state.users.size).toBe(kept!.next);
  const before = client.requests.length;
  const second = await importUsers(client.chat, customers(300), { resumeFrom: kept, onCheckpoint: (checkpoint) => (kept = checkpoint) });
  expect(client.requests.length - before).toBe(300 - first.created);
  expect(second).toEqual({ created: 300, existing: 0, updated: 0, failed: [], stopped: false });
  expect(kept).toMatchObject({ next: 300, complete: true });
  expect(fake.state.users.size).toBe(300);
});

test("a run that dies between checkpoints redoes at most checkpointEvery plus concurrency records, each user created once", async () => {
  let kept: JobCheckpoint | undefined;
  let dead = false;
  async function* crashingAt(n: number) {
    for (const [i, user] of customers(400).entries()) {
      if (i === n) {
        dead = true;
        throw new Error("the process died");
      }
      yield user;
    }
  }
  // Only the checkpoints handed over before the crash survive it.
  const onCheckpoint = (checkpoint: JobCheckpoint) => void (dead || (kept = checkpoint));
  await importUsers(client.chat, crashingAt(237), { concurrency: 8, checkpointEvery: 50, onCheckpoint }).catch(() => undefined);
  expect(kept?.counts.created).toBe(200);
  const before = client.requests.length;
  const resumed = await importUsers(client.chat, customers(400), { resumeFrom: kept, concurrency: 8 });
  expect(client.requests.length - before).toBe(400 - kept!.next + pendingRecords(kept!).length);
  expect(fake.state.users.size).toBe(400);
  expect(resumed.failed).toEqual([]);
  // The records redone are those the crashed run had created past its checkpoint: they now answer 409.
  expect(resumed.existing).toBeGreaterThan(0);
  expect(resumed.existing).toBeLessThanOrEqual(50 + 8);
  expect(resumed.created + resumed.existing).toBe(400);
});

test("progress tells the pace and, given total, the time left; failures reach onFailure as they happen", async () => {
  const failures: number[] = [];
  const reports: { done: number; rate: number; total?: number; etaSeconds?: number }[] = [];
  const records = [...customers(20), { uid: "bad uid", name: "x" }];
  await importUsers(client.chat, records, {
    total: 21,
    onProgress: (progress) => reports.push(progress),
    onFailure: (failure) => failures.push(failure.index),
  });
  expect(failures).toEqual([20]);
  expect(reports.at(-1)).toMatchObject({ done: 21, failed: 1, total: 21, rate: expect.any(Number), etaSeconds: 0 });
});

test("a checkpoint of another job, or of another layout, is refused before anything is sent", async () => {
  const other = { job: "importGroups", version: 1, next: 0, counts: {}, complete: false } as JobCheckpoint;
  await expect(importUsers(client.chat, customers(1), { resumeFrom: other })).rejects.toThrow(
    'a checkpoint of "importGroups", not of importUsers',
  );
  await expect(importUsers(client.chat, customers(1), { resumeFrom: { ...other, job: "importUsers", version: 2 as 1 } })).rejects.toThrow(
    "version 2",
  );
  expect(client.requests).toEqual([]);
});

test("importGroups creates each group with its members by scope, counts an existing one, and resumes without sending the groups done", async () => {
  fake.seed({ users: customers(30).map((user) => ({ uid: user.uid, name: user.name })), groups: [{ guid: "g-1", name: "There" }] });
  const groups = Array.from({ length: 6 }, (_, i) => ({
    guid: `g-${i}`,
    name: `Group ${i}`,
    type: "private" as const,
    members: {
      admins: ["c-0"],
      participants: customers(28)
        .slice(1)
        .map((user) => user.uid),
    },
  }));
  const checkpoints: JobCheckpoint[] = [];
  const result = await importGroups(client.chat, [...groups, { guid: "g-bad", name: "Bad", members: { participants: ["nobody"] } }], {
    checkpointEvery: 2,
    onCheckpoint: (checkpoint) => checkpoints.push(checkpoint),
  });
  expect(result).toMatchObject({
    created: 5,
    existing: 1,
    stopped: false,
    failed: [{ index: 6, uid: "g-bad", error: { code: "ERR_UID_NOT_FOUND" } }],
  });
  expect(fake.state.members.get("g-3")?.size).toBe(28);
  expect(fake.state.members.get("g-3")?.get("c-0")?.scope).toBe("admin");
  const before = client.requests.length;
  const again = await importGroups(client.chat, groups, { resumeFrom: { ...checkpoints[1]!, complete: false } });
  expect(client.requests.slice(before).filter((r) => r === "POST /groups")).toHaveLength(
    6 - checkpoints[1]!.next + pendingRecords(checkpoints[1]!).length,
  );
  expect(again.failed).toEqual([]);
});

test("exportUsers writes one NDJSON line per user; a stopped export resumes after its last line, with no line twice", async () => {
  fake.seed({ users: customers(230) });
  let kept: JobCheckpoint | undefined;
  const lines: string[] = [];
  const controller = new AbortController();
  for await (const line of exportUsers(client.chat, {
    pageSize: 50,
    checkpointEvery: 10,
    signal: controller.signal,
    onCheckpoint: (c) => (kept = c),
  })) {
    lines.push(line);
    if (lines.length === 77) controller.abort();
  }
  expect(kept).toMatchObject({ job: "exportUsers", next: 77, complete: false, position: { page: 2, offset: 27 } });
  for await (const line of exportUsers(client.chat, { pageSize: 50, resumeFrom: kept, onCheckpoint: (c) => (kept = c) })) lines.push(line);
  expect(kept).toMatchObject({ next: 230, complete: true });
  const uids = lines.map((line) => (JSON.parse(line) as { uid: string }).uid);
  expect(lines.every((line) => line.endsWith("}\n"))).toBe(true);
  expect(new Set(uids).size).toBe(230);
  expect(uids).toHaveLength(230);
});

test("exportGroups writes each group with its members, which importGroups reads back", async () => {
  fake.seed({
    users: customers(3),
    groups: [{ guid: "team", name: "Team", owner: "c-0" }],
    members: [
      { guid: "team", uid: "c-1", scope: "moderator" },
      { guid: "team", uid: "c-2" },
    ],
  });
  const lines: string[] = [];
  for await (const line of exportGroups(client.chat)) lines.push(line);
  expect(lines.map((line) => JSON.parse(line))).toEqual([
    expect.objectContaining({ guid: "team", members: { admins: ["c-0"], moderators: ["c-1"], participants: ["c-2"] } }),
  ]);
});

test("exportMessages writes a conversation oldest first and resumes after the last message handled", async () => {
  fake.seed({
    users: customers(2),
    messages: Array.from({ length: 130 }, (_, i) => ({ sender: "c-0", receiver: "c-1", receiverType: "user" as const, text: `m${i}` })),
  });
  let kept: JobCheckpoint | undefined;
  const texts: string[] = [];
  const controller = new AbortController();
  const read = (resumeFrom?: JobCheckpoint) =>
    exportMessages(client.chat, "c-0_user_c-1", {
      pageSize: 40,
      checkpointEvery: 5,
      resumeFrom,
      signal: controller.signal,
      onCheckpoint: (c) => (kept = c),
    });
  for await (const line of read()) {
    texts.push((JSON.parse(line) as { data: { text: string } }).data.text);
    if (texts.length === 61) controller.abort();
  }
  expect(kept).toMatchObject({ next: 61, position: { id: expect.any(String) } });
  const resumeFrom = kept;
  controller.abort = () => {};
  for await (const line of exportMessages(client.chat, "c-0_user_c-1", { pageSize: 40, resumeFrom }))
    texts.push((JSON.parse(line) as { data: { text: string } }).data.text);
  expect(texts).toEqual(Array.from({ length: 130 }, (_, i) => `m${i}`));
});
