// Section: the chat-rest command importing users into the fake in another process, with lost
// answers and resets on 1% of the creates each, killed with SIGKILL at random moments and resumed
// from its checkpoint file each time (tests/harness/kill-and-resume.ts, which the test runs at
// 10,000 users and 10 kills). Reports users stored against users given, the creates the crashes
// repeated against the bound (one interval plus the records in flight per crash), and the largest checkpoint.
// Then the import's pace: importUsers with its checkpoint file, governed by the service's app limits
// scaled down, against the fake in another process enforcing the same, on real time, over the ideal
// schedule given the latencies measured (tests/harness/paced-import.ts; the test runs it on virtual time).
import { rmSync } from "node:fs";
import { join } from "node:path";
import { writeCheckpointFile } from "../src/cli/checkpoint-file.js";
import { killAndResume, startFakeInChild } from "../tests/harness/kill-and-resume.js";
import { pacedImport, scaledAppLimits } from "../tests/harness/paced-import.js";
import { log, main, numArg, report } from "./section.js";

const PACE_TARGET = 1.02;

/** The paced import, against a fake of its own in another process. */
async function paced(users: number, scale: number, concurrency: number) {
  const dir = join(process.cwd(), ".tmp", `bench-import-pacing-${process.pid}`);
  const fake = startFakeInChild(dir, { rateLimits: scaledAppLimits(scale), maxItems: users * 2 + 1000 });
  try {
    const { url, appId, apiKey } = await fake.info;
    const file = join(dir, "users.checkpoint.json");
    return await pacedImport(
      { appId, apiKey, baseUrl: url },
      {
        users,
        scale,
        concurrency,
        checkpointEvery: 100,
        save: (checkpoint) => writeCheckpointFile(file, { command: "import users", file: "users.ndjson", checkpoint }),
      },
      () => performance.now(),
    );
  } finally {
    fake.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

main(async () => {
  const users = numArg("users", 100_000);
  const kills = numArg("kills", 100);
  const every = numArg("every", 500);
  const concurrency = numArg("concurrency", 16);
  log(`import-resume: ${users} users, ${kills} kills`);
  const result = await killAndResume("bench-import-resume", {
    users,
    kills,
    every,
    concurrency,
    killAfterCreates: [numArg("kill-from", 300), numArg("kill-to", 1500)],
    faultProbability: 0.01,
  });
  const pacedUsers = numArg("paced-users", 2_000);
  const scale = numArg("scale", 50);
  log(`import-resume: pacing, ${pacedUsers} users at the service's app limits / ${scale}`);
  const pacedConcurrency = numArg("paced-concurrency", 256);
  const pace = await paced(pacedUsers, scale, pacedConcurrency);
  const bound = kills * (every + concurrency);
  const once = result.code === 0 && result.stored === users && result.final.complete;
  report({
    tables: [
      {
        title: "An import killed and resumed",
        intro:
          `chat-rest import of ${users.toLocaleString("en")} users, SIGKILL at ${kills} random moments ` +
          "(each after a random 300 to 1,500 creates of its run), resumed from the checkpoint file each time; " +
          "1% of creates lose their answer after being applied, 1% are reset before.",
        columns: ["users given", "users stored", "creates repeated by crashes", "bound", "largest checkpoint", "seconds"],
        rows: [
          [
            users,
            result.stored,
            result.repeated,
            bound,
            `${result.largestCheckpoint} B (file ${result.largestFile} B)`,
            result.seconds.toFixed(1),
          ],
        ],
      },
      {
        title: "An import paced to the service's limits, against the ideal",
        intro:
          `importUsers of ${pacedUsers.toLocaleString("en")} users, ${pacedConcurrency} at a time (enough that the limit, not the concurrency, sets the pace), ` +
          "writing its checkpoint file every 100, through a client governed by the service's app limits " +
          `scaled down (count and window divided by ${scale}: ${pace.limit} creates per ${pace.windowMs} ms, the same pace), against the fake in another process enforcing the same, on real time. ` +
          "The ideal is the soonest the creates can end under that limit with the answers' latencies as measured, none let go before importUsers made its call (tests/harness/ideal-schedule.ts). " +
          "The test runs the same in process on virtual time, where the answers take no time and the ideal is exact.",
        columns: ["users", "limit", "ideal", "taken", "ratio", "429s", "failed", "largest checkpoint"],
        rows: [
          [
            pacedUsers,
            `${pace.limit} / ${pace.windowMs} ms`,
            `${(pace.idealMs / 1000).toFixed(2)} s`,
            `${(pace.ms / 1000).toFixed(2)} s`,
            pace.ratio.toFixed(3),
            pace.tooMany,
            pace.failed,
            `${pace.largestCheckpoint} B`,
          ],
        ],
      },
    ],
    figures: {
      importPacingRatio: Number(pace.ratio.toFixed(4)),
      importPacing429s: pace.tooMany,
      importResumeStored: result.stored,
      importResumeRepeated: result.repeated,
      importResumeCheckpointBytes: result.largestCheckpoint,
    },
    headline: [
      {
        what: `chat-rest import of ${users.toLocaleString("en")} users killed ${kills} times`,
        result: `${result.stored.toLocaleString("en")} stored, ${result.repeated} creates repeated, checkpoint ${result.largestCheckpoint} B`,
        target: `all once, ≤ ${bound} repeated, ≤ 1024 B`,
        met: once && result.repeated <= bound && result.largestFile <= 1024,
        name: "an import that resumes",
        why: result.stderr || "a crash repeated more than one interval: the checkpoint is written too rarely for the records in flight",
      },
      {
        what: `an import of ${pacedUsers.toLocaleString("en")} users at the service's limits / ${scale}, against the ideal schedule`,
        result: `${pace.ratio.toFixed(3)}×, ${pace.tooMany} 429s`,
        target: `≤ ${PACE_TARGET}×, no 429`,
        met: pace.ratio <= PACE_TARGET && pace.tooMany === 0 && pace.failed === 0,
        name: "an import paced to the limits",
        why: "the import's time over the ideal: the client's event loop delays the timers that let each batch go",
      },
    ],
  });
});
