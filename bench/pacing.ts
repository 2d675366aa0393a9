// Section 19: how fully paced calls use each window of a limit. A burst of N calls under a rule of
// `limit` per `windowMs` can at best go out in ceil(N / limit) batches, a window apart, each
// counted from its answers: (ceil(N / limit) - 1) windows plus the answers' latency of each batch.
// The fake enforces the same rule, in a process of its own, with windows scaled down so the section runs
// in seconds; any 429 it sends is counted. The latencies are those measured in the run itself.
import { spawn } from "node:child_process";
import { once } from "node:events";
import { dirname } from "node:path";
import { importUsers } from "../src/helpers/index.js";
import { createChatClient } from "../src/index.js";
import { memoryRateLimitStore, type RateLimits, type RateLimitStore, type RateLimitTake } from "../src/rate-limits/index.js";
import { idealMs } from "../tests/harness/ideal-schedule.js";
import { arg, fmt, log, main, numArg, report, spread } from "./section.js";

const TARGET = 1.03;

interface Case {
  name: string;
  what: string;
  calls: number;
  limit: number;
  /** The window, scaled down from the service's minute so that a round takes seconds. */
  windowMs: number;
  limits: (windowMs: number) => RateLimits;
  /** Makes the `calls` calls through `chat` at once; `n` tells them apart across rounds. */
  run(chat: ReturnType<typeof createChatClient>, calls: number, n: string): Promise<unknown>;
}

const send = (chat: ReturnType<typeof createChatClient>, i: number) =>
  chat.as("agent").POST("/messages", { body: { receiver: "zed", receiverType: "user", data: { text: `m${i}` } } });

const CASES: Case[] = [
  {
    name: "sends",
    what: "sends as one user at 30 per window (sendMessage)",
    calls: 100,
    limit: 30,
    windowMs: 1_000,
    limits: (windowMs) => ({ perUser: { sendMessage: { limit: 30, windowMs } } }),
    run: (chat, calls) => Promise.all(Array.from({ length: calls }, (_, i) => send(chat, i))),
  },
  {
    name: "imports",
    what: "importUsers at 200 per window (the app's core limit), concurrency 256",
    calls: 2_000,
    limit: 200,
    // 200 answers at once cost the client's event loop tens of ms, which delay the timers that
    // let the next batch go: a window of 3 s keeps them small beside it.
    windowMs: 3_000,
    limits: (windowMs) => ({ app: { core: { limit: 200, windowMs } } }),
    run: (chat, calls, n) =>
      importUsers(
        chat,
        Array.from({ length: calls }, (_, i) => ({ uid: `${n}-${i}`, name: `User ${i}` })),
        { concurrency: 256 },
      ),
  },
];

/** The fake of one round, in a process of its own so that its work does not delay the client's timers. */
async function serve(c: Case, windowMs: number): Promise<void> {
  const { startFakeServer } = await import("../src/testing/index.js");
  const fake = await startFakeServer({ rateLimits: c.limits(windowMs), maxItems: 1_000_000 });
  const seed = () => fake.seed({ users: ["agent", "zed"].map((uid) => ({ uid, name: uid })) });
  seed();
  // One batch first, so that the fake's checks are compiled before the clock starts; then forgotten.
  const warm = createChatClient({ appId: fake.appId, apiKey: fake.apiKey, baseUrl: fake.url, maxRetries: 0 });
  await c.run(warm, c.limit, "warm");
  fake.reset();
  seed();
  process.stdout.write(`${JSON.stringify({ url: fake.url, apiKey: fake.apiKey, appId: fake.appId })}\n`);
  const alive = setInterval(() => {}, 2 ** 30);
  process.stdin.resume().once("end", () => void fake.close().then(() => clearInterval(alive)));
}

main(async () => {
  // As in bench/fake.ts: the testing kit finds the spec from `__dirname`, which this ES bundle lacks.
  (globalThis as { __dirname?: string }).__dirname ??= dirname(process.argv[1]!);
  const rounds = numArg("rounds", 3);
  if (arg("child", "") === "serve") return serve(CASES.find((c) => c.name === arg("case", ""))!, numArg("window", 0));
  const rows: (string | number)[][] = [];
  const figures: Record<string, number> = {};
  const headline = [];
  for (const c of CASES) {
    const { windowMs } = c;
    const limits = c.limits(windowMs);
    const ratios: number[] = [];
    const seconds: number[] = [];
    const ideals: number[] = [];
    let tooMany = 0;
    let failed = 0;
    for (let round = 0; round < rounds; round++) {
      const args = [process.argv[1]!, "--child", "serve", "--case", c.name, "--window", String(windowMs)];
      const server = spawn(process.execPath, args, { stdio: ["pipe", "pipe", "inherit"] });
      try {
        const [line] = (await once(server.stdout!, "data")) as [Buffer];
        const fake = JSON.parse(line.toString()) as { url: string; apiKey: string; appId: string };
        /**
         * Each request, in the order the governor let it go: when it was let go (the store took
         * its place) and when its answer was settled (the window counts from then, as at the service).
         */
        const requests: { sent: number; answered: number }[] = [];
        const statuses: number[] = [];
        const inner = memoryRateLimitStore();
        const byId = new Map<number, { sent: number; answered: number }>();
        const store: RateLimitStore = {
          take(slots, id) {
            const taken = inner.take(slots, id) as RateLimitTake;
            if (taken.waitMs <= 0) {
              const entry = { sent: performance.now(), answered: 0 };
              requests.push(entry);
              byId.set(id, entry);
            }
            return taken;
          },
          settle(slots, id) {
            const entry = byId.get(id);
            if (entry) entry.answered = performance.now();
            return inner.settle(slots, id);
          },
          hold: (key, ms) => inner.hold(key, ms),
          sync: (slot, remaining, resetMs) => inner.sync(slot, remaining, resetMs),
        };
        const chat = createChatClient({
          ...fake,
          baseUrl: fake.url,
          maxRetries: 0,
          rateLimits: { ...limits, store },
          fetch: async (request: Request) => {
            const response = await fetch(request);
            statuses.push(response.status);
            return response;
          },
        });
        // Warms this process's client and sockets, with calls neither rule counts.
        await Promise.all(Array.from({ length: 32 }, () => chat.GET("/users")));
        requests.length = 0;
        statuses.length = 0;
        const started = performance.now();
        const outcome = await c.run(chat, c.calls, `paced-${round}`);
        const ms = performance.now() - started;
        tooMany += statuses.filter((status) => status === 429).length;
        failed += statuses.filter((status) => status >= 300).length;
        if (c.name === "imports") failed += (outcome as { failed: unknown[] }).failed.length;
        const ideal = idealMs(requests, c.limit, windowMs, requests[0]!.sent - started);
        ratios.push(ms / ideal);
        seconds.push(ms / 1000);
        ideals.push(ideal / 1000);
        log(`${c.name}: ${(ms / 1000).toFixed(2)} s, ideal ${(ideal / 1000).toFixed(2)} s, ${statuses.length} requests`);
      } finally {
        server.stdin!.end();
        await once(server, "exit");
      }
    }
    const ratio = spread(ratios);
    rows.push([
      `${c.calls} ${c.what}`,
      `${windowMs} ms`,
      fmt(spread(ideals), 2, " s"),
      fmt(spread(seconds), 2, " s"),
      fmt(ratio),
      tooMany,
      failed,
    ]);
    figures[`${c.name}Ratio`] = ratio.median;
    figures[`${c.name}MaxRatio`] = ratio.max;
    figures[`${c.name}429s`] = tooMany;
    headline.push({
      what: `pacing: ${c.calls} ${c.name === "sends" ? "sends at 30" : "imports at 200"} per window, against the ideal`,
      result: `${fmt(ratio)}, ${tooMany} 429s`,
      target: `≤ ${TARGET}×, no 429`,
      met: ratio.max <= TARGET && tooMany === 0 && failed === 0,
      name: `${c.name} pacing`,
    });
  }
  return report({
    tables: [
      {
        title: "Paced bursts against the ideal",
        intro:
          `A burst of calls made at once through a client with \`rateLimits\` (the store in memory), against the fake enforcing the same rule; ${rounds} rounds, ` +
          "each with a fake of its own, served from a process of its own. The ideal is the soonest the burst can end under the rule with the answers' latencies " +
          "as measured in the run (from when the governor let each request go to when its answer was settled, read whole, which is when its window starts; " +
          "a store that wraps the store in memory records both): each request leaves a window after the answer that frees its place. With no latency that is " +
          "(ceil(N / limit) - 1) windows. " +
          "The ratio is the time taken over the ideal, per round.",
        columns: ["burst", "window", "ideal", "taken", "ratio", "429s", "failed"],
        rows,
        notes: [
          "Each window counts from the batch's answers, the latest the service can have seen them: the next batch leaves a window (plus 1 ms) after them.",
        ],
      },
    ],
    figures,
    headline,
  });
});
