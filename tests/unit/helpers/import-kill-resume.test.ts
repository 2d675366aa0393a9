// The chat-rest command importing 10,000 users into the fake in another process, with answers lost
// after they were applied and connections reset before, killed with SIGKILL at 10 random moments
// and resumed each time from its checkpoint file: every user is created once and none is missing,
// each crash repeats at most one checkpoint interval (plus the records in flight), and the
// checkpoint stays under 1 KB. bench/import-resume.ts runs the same at 100,000 users and 100 kills.
import { killAndResume } from "../../harness/kill-and-resume";

const USERS = 10_000;
const KILLS = 10;
const EVERY = 200;
const CONCURRENCY = 16;

test("an import of 10,000 users killed 10 times and resumed from its checkpoint creates each user once, repeating at most one interval per crash", async () => {
  const result = await killAndResume("import-kill-resume", {
    users: USERS,
    kills: KILLS,
    every: EVERY,
    concurrency: CONCURRENCY,
    killAfterCreates: [300, 1500],
    faultProbability: 0.01,
  });
  expect([result.code, result.stderr]).toEqual([0, ""]);
  expect(result.checkpointsSeen).toBeGreaterThan(0);
  expect(result.final).toMatchObject({ next: USERS, complete: true, counts: { failed: 0 } });
  // Every user once (a create of a UID taken answers 409), and none missing.
  expect(result.stored).toBe(USERS);
  expect(result.final.counts.created! + result.final.counts.existing!).toBe(USERS);
  expect(result.repeated).toBeLessThanOrEqual(KILLS * (EVERY + CONCURRENCY));
  expect(result.largestCheckpoint).toBeLessThanOrEqual(1024);
  expect(result.largestFile).toBeLessThanOrEqual(1024);
}, 120_000);
