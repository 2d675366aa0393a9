// The fake's snapshots: how much faster `restore(snapshot)` puts a seeded state back than
// `seed()` builds the same state again, the two timed side by side, interleaved round by round,
// on one fake in this process, as a suite's beforeEach would run them.
import { dirname } from "node:path";
import { collectGarbage, fmt, interleave, log, main, numArg, paired, report, spread } from "./section.js";

main(async () => {
  // As in bench/fake.ts: the testing kit finds the spec from `__dirname`, which this ES bundle lacks.
  (globalThis as { __dirname?: string }).__dirname ??= dirname(process.argv[1]!);
  const { startFakeServer } = await import("../src/testing/index.js");
  const rounds = numArg("rounds", 15);
  const users = numArg("users", 200);
  const groups = numArg("groups", 20);
  const perGroup = numArg("members", 20);
  const messages = numArg("messages", 2000);

  // A marketplace's worth of data: users, groups with members, and a history of group messages.
  const data = {
    users: Array.from({ length: users }, (_, i) => ({ uid: `user-${i}`, name: `User ${i}`, tags: ["buyer"] })),
    groups: Array.from({ length: groups }, (_, g) => ({ guid: `order-${g}`, name: `Order ${g}`, owner: `user-${g}` })),
    members: Array.from({ length: groups }, (_, g) =>
      Array.from({ length: perGroup }, (_, k) => ({ guid: `order-${g}`, uid: `user-${(g + 1 + k) % users}` })),
    ).flat(),
    messages: Array.from({ length: messages }, (_, i) => ({
      sender: `user-${i % groups}`,
      receiver: `order-${i % groups}`,
      receiverType: "group" as const,
      text: `Message ${i} of the order's history`,
      sentAt: 1_700_000_000 + i,
    })),
  };
  const fake = await startFakeServer();
  fake.seed(data);
  const snapshot = fake.snapshot();
  const size = fake.state.size;
  log(`fake-snapshot: ${size} items, ${rounds} rounds`);

  const time = (run: () => void) => {
    collectGarbage();
    const began = performance.now();
    run();
    return performance.now() - began;
  };
  // Unmeasured rounds first, so that both are timed as compiled code, as in a suite's later tests.
  const warmup = numArg("warmup", 3);
  const measure = (name: string) =>
    name === "seed"
      ? time(() => {
          fake.reset();
          fake.seed(data);
        })
      : time(() => fake.restore(snapshot));
  await interleave(["seed", "restore"], warmup, measure);
  const times = await interleave(["seed", "restore"], rounds, measure);
  if (fake.state.size !== size) throw new Error(`restore left ${fake.state.size} items, the seed ${size}`);
  await fake.close();

  const ratio = paired(times.seed!, times.restore!);
  const ms = (values: number[]) => fmt(spread(values), 1, " ms");
  report({
    tables: [
      {
        title: "Restoring a snapshot against seeding the same data",
        intro: [
          `One fake, ${size} stored items: ${users} users, ${groups} groups of ${perGroup + 1} members, ${messages} messages.`,
          "`seed` is `reset()` then `seed()` of that data (users, groups, members and messages through the service's rules);",
          "`restore` is `restore(snapshot)` of the snapshot taken after that seed. Timed in process, interleaved,",
          `${rounds} rounds after ${warmup} unmeasured ones, each after a full GC.`,
        ].join(" "),
        columns: ["measure", "result"],
        rows: [
          ["seed, per run", ms(times.seed!)],
          ["restore, per run", ms(times.restore!)],
          ["seed ÷ restore", fmt(ratio, 1)],
        ],
      },
    ],
    figures: { seedMs: spread(times.seed!).median, restoreMs: spread(times.restore!).median, ratio: ratio.median },
    headline: [
      {
        what: "Fake server, seeding ÷ restoring the same state",
        result: fmt(ratio, 1),
        target: "≥ 10×",
        met: ratio.median >= 10,
        name: "the fake's restore speed",
        why: "restore copies each stored record once; seeding runs every record through the service's rules",
      },
    ],
  });
});
