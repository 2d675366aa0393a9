// A bulk job's checkpoint stays within 1 KB whatever the concurrency: the records in flight are
// written as runs of neighbours, and when scattered runs would not fit, the newest are left out and
// `next` moves back to the first of them, its counts without the records done from there on.
import { importUsers, type JobCheckpoint, type UserInput } from "../../../src/helpers/index";
import { createChatClient } from "../../../src/index";
import { checkpointAt, pendingRecords } from "../../../src/helpers/job-checkpoint";
import type { FakeServer } from "../../../src/testing/index";
import { useRecordingFake } from "./recording-client";

let fake: FakeServer;
useRecordingFake((started) => {
  fake = started;
});

const customers = (count: number): UserInput[] => Array.from({ length: count }, (_, i) => ({ uid: `c-${i}`, name: `Customer ${i}` }));
const bytes = (checkpoint: JobCheckpoint) => Buffer.byteLength(JSON.stringify(checkpoint));
const base = { job: "importUsers", version: 1 as const, counts: { created: 123_456, existing: 0, updated: 0, failed: 0 }, complete: false };

test("256 neighbouring records in flight are one run of the checkpoint", () => {
  const inFlight = Array.from({ length: 256 }, (_, i) => 99_744 + i);
  const checkpoint = checkpointAt(base, 100_000, inFlight);
  expect(checkpoint).toMatchObject({ next: 100_000, pending: [[256, 256]] });
  expect(pendingRecords(checkpoint)).toEqual(inFlight);
});

test("256 scattered records in flight keep the checkpoint within 1 KB: the oldest runs are kept, next moves back to the first left out", () => {
  // Every other record of the last 512, and one held far back: 256 runs of one.
  const inFlight = [12, ...Array.from({ length: 255 }, (_, i) => 99_490 + 2 * i)];
  const checkpoint = checkpointAt(base, 100_000, inFlight);
  expect(bytes(checkpoint)).toBeLessThanOrEqual(1024);
  const kept = pendingRecords(checkpoint);
  // What it names is the oldest records in flight, in order; all from next on are sent again.
  expect(kept).toEqual(inFlight.slice(0, kept.length));
  expect(kept.length).toBeGreaterThan(50);
  expect(checkpoint.next).toBe(inFlight[kept.length]);
});

/**
 * A client on the fake whose creates of odd-numbered users are answered 20 ms late: the records in
 * flight at a checkpoint are then every other one, the most scattered they can be. Counts the creates.
 */
function scatteringClient() {
  let creates = 0;
  let failedAttempts = 0;
  const sent: string[] = [];
  const chat = createChatClient({
    appId: fake.appId,
    apiKey: fake.apiKey,
    baseUrl: fake.url,
    fetch: async (request: Request) => {
      const { uid } = (await request.clone().json()) as { uid: string };
      creates++;
      sent.push(uid);
      if (Number(uid.slice(2)) % 2 === 1) await new Promise((wake) => setTimeout(wake, 20));
      try {
        return await fetch(request);
      } catch (error) {
        failedAttempts++;
        throw error;
      }
    },
  });
  return { chat, creates: () => creates, sent, failedAttempts: () => failedAttempts };
}

test("at concurrency 256 every checkpoint of an import stays within 1 KB, and a run resumed from one creates each user once with counts that add up", async () => {
  const { chat, creates, sent, failedAttempts } = scatteringClient();
  let kept: JobCheckpoint | undefined;
  let largest = 0;
  let dead = false;
  async function* crashingAt(n: number) {
    for (const [i, user] of customers(1_500).entries()) {
      if (i === n) {
        dead = true;
        throw new Error("the process died");
      }
      yield user;
    }
  }
  const onCheckpoint = (checkpoint: JobCheckpoint) => {
    largest = Math.max(largest, bytes(checkpoint));
    if (!dead) kept = checkpoint;
  };
  await importUsers(chat, crashingAt(1_200), { concurrency: 256, checkpointEvery: 1, onCheckpoint }).catch(() => undefined);
  expect(largest).toBeLessThanOrEqual(1024);
  // The scatter presses the bound: runs in flight were left out to keep within it.
  expect(largest).toBeGreaterThan(900);
  expect(kept!.pending?.length).toBeGreaterThan(0);
  const before = creates();
  const failedBefore = failedAttempts();
  const resumed = await importUsers(chat, customers(1_500), { resumeFrom: kept, concurrency: 256, checkpointEvery: 1, onCheckpoint });
  expect(largest).toBeLessThanOrEqual(1024);
  // The resumed run sends the records its checkpoint names as in flight, and every record from next on, once each;
  // an attempt that failed on the way (a connection reset, on a busy machine) is sent once more.
  const expected = [...pendingRecords(kept!), ...Array.from({ length: 1_500 - kept!.next }, (_, i) => kept!.next + i)].map((i) => `c-${i}`);
  expect(new Set(sent.slice(before))).toEqual(new Set(expected));
  expect(creates() - before).toBe(expected.length + failedAttempts() - failedBefore);
  expect(fake.state.users.size).toBe(1_500);
  expect(resumed.failed).toEqual([]);
  // The users the crashed run created past its checkpoint answer 409 now: counted once, as existing.
  expect(resumed.created + resumed.existing).toBe(1_500);
});
