// Section: the chat-rest command importing users into the fake in another process, with lost
// answers and resets on 1% of the creates each, killed with SIGKILL at random moments and resumed
// from its checkpoint file each time (tests/harness/kill-and-resume.ts, which the test runs at
// 10,000 users and 10 kills). Reports users stored against users given, the creates the crashes
// repeated against the bound (one interval plus the records in flight per crash), and the largest checkpoint.
import { killAndResume } from "../tests/harness/kill-and-resume.js";
import { log, main, numArg, report } from "./section.js";

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
    killWindowMs: [numArg("kill-from", 600), numArg("kill-to", 2500)],
    faultProbability: 0.01,
  });
  const bound = kills * (every + concurrency);
  const once = result.code === 0 && result.stored === users && result.final.complete;
  report({
    tables: [
      {
        title: "An import killed and resumed",
        intro: `chat-rest import of ${users.toLocaleString("en")} users, SIGKILL at ${kills} random moments, resumed from the checkpoint file each time; 1% of creates lose their answer after being applied, 1% are reset before.`,
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
    ],
    figures: {
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
    ],
  });
});
