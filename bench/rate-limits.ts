// Section 14: what the rate-limit governor costs. CPU per call with limits on but nowhere near
// (the SDK with and without `rateLimits`, interleaved, against a fetch that answers at once, and
// the governor alone); what a call allocates with and without it; and the memory of the store in
// memory after a million users, on a clock of the bench's own so that minutes pass at once.
import { GCProfiler } from "node:v8";
import { createChatClient } from "../src/index.js";
import { ChatConfigError } from "../src/errors/chat-config-error.js";
import { RateLimitError } from "../src/errors/chat-api-error.js";
import { RateLimitStoreError } from "../src/errors/rate-limit-store-error.js";
import { REQUEST_DEFAULTS } from "../src/transport/request-options.js";
import { MemoryRateLimitStore } from "../src/rate-limits/memory-rate-limit-store.js";
import { createRateLimitGovernor } from "../src/rate-limits/rate-limit-governor.js";
import type { RateLimits } from "../src/rate-limits/rate-limit-options.js";
import { API_KEY, threadBody, UID } from "./fixtures.js";
import { collectGarbage, fmt, interleave, log, main, numArg, report, spread } from "./section.js";

const BASE_URL = "https://bench.api-us.cometchat.io/v3";
const reply = JSON.stringify({ data: { id: "1843", parentId: "1842" } });
const users = JSON.stringify({ data: [], meta: { pagination: { total: 0, count: 0, per_page: 25, current_page: 1, total_pages: 1 } } });

async function stub(input: Request | string | URL, init?: RequestInit): Promise<Response> {
  const body = (input instanceof Request ? input.method : init?.method) === "POST" ? reply : users;
  return new Response(body, {
    status: 200,
    headers: { "content-type": "application/json", "x-ratelimit-limit": "1000000000", "x-ratelimit-remaining": "999999999" },
  });
}

// Counted under every key a call has (the user's and the app's), never near a limit: the
// service's size of limit (20,000), in a window short enough that this loop's rate stays far
// below it, so the logs hold what a busy app's do (thousands of requests), not millions.
const FAR: RateLimits = {
  app: { core: { limit: 20_000, windowMs: 100 }, standard: { limit: 20_000, windowMs: 100 } },
  perUser: { sendMessage: { limit: 20_000, windowMs: 100 } },
};
// The governor alone runs about ten times faster than a call: a shorter window for the same logs.
const FAR_ALONE: RateLimits = {
  app: { standard: { limit: 20_000, windowMs: 10 } },
  perUser: { sendMessage: { limit: 20_000, windowMs: 10 } },
};

function client(rateLimits?: RateLimits) {
  const chat = createChatClient({ appId: "bench", apiKey: API_KEY, baseUrl: BASE_URL, ...(rateLimits && { rateLimits }) });
  const asUser = chat.as(UID);
  return {
    "send-thread-message": () => asUser.POST("/messages/{id}/thread", { params: { path: { id: "1842" } }, body: threadBody }),
    "list-users": () => asUser.GET("/users"),
  };
}

/** CPU time of this process, in µs: on a shared machine, time spent waiting for a core is not counted. */
const cpu = () => {
  const { user, system } = process.cpuUsage();
  return user + system;
};

/** Bytes allocated by `run`: what the heap grew by, plus what each garbage collection on the way freed. */
async function allocated(run: () => Promise<void>): Promise<number> {
  collectGarbage();
  const profiler = new GCProfiler();
  profiler.start();
  const before = process.memoryUsage().heapUsed;
  await run();
  const after = process.memoryUsage().heapUsed;
  const { statistics } = profiler.stop();
  const freed = statistics.reduce((sum, gc) => sum + gc.beforeGC.heapStatistics.usedHeapSize - gc.afterGC.heapStatistics.usedHeapSize, 0);
  return after - before + freed;
}

/** The store in memory after `users` users sent one message each over `minutes` minutes of 60 s windows. */
function storeAfter(users: number, minutes: number, idleCalls: number) {
  let now = 0;
  const store = new MemoryRateLimitStore(() => now);
  collectGarbage();
  const base = process.memoryUsage().heapUsed;
  const step = (minutes * 60_000) / users;
  for (let uid = 0; uid < users; uid++) {
    now += step;
    const slots = [{ key: `bench:sendMessage:user-${uid}`, limit: 30, windowMs: 60_000 }];
    store.take(slots, uid + 1);
    store.settle(slots, uid + 1);
  }
  // Then a minute passes, with calls of the app going by.
  now += 60_001;
  for (let i = 0; i < idleCalls; i++) {
    now += 0.05;
    store.take([{ key: "bench:standard", limit: 20_000, windowMs: 1 }], users + i + 1);
  }
  collectGarbage();
  return { keys: store.size, mb: (process.memoryUsage().heapUsed - base) / 2 ** 20, store };
}

main(async () => {
  const rounds = numArg("rounds", 11);
  const scale = numArg("scale", 1);
  globalThis.fetch = stub;
  const variants = { SDK: client(), "SDK + rateLimits (no limit near)": client(FAR) };
  const names = Object.keys(variants) as (keyof typeof variants)[];
  const calls = Math.round(2_000 * scale);
  const us: Record<string, Record<string, number[]>> = {};
  for (const op of ["send-thread-message", "list-users"] as const) {
    const time = async (name: string) => {
      const call = variants[name as keyof typeof variants][op];
      collectGarbage();
      const started = cpu();
      for (let i = 0; i < calls; i++) await call();
      return (cpu() - started) / calls;
    };
    for (const name of names) await time(name);
    us[op] = await interleave(names, rounds, time);
  }
  const extra = (op: string) => spread(us[op]!["SDK + rateLimits (no limit near)"]!.map((v, i) => v - us[op]!.SDK![i]!));

  // The governor alone: acquire and settle, as the transport calls them, with the store in memory.
  const store = new MemoryRateLimitStore();
  const governor = createRateLimitGovernor({ ...FAR_ALONE, store }, "bench", { RateLimitError, ChatConfigError, RateLimitStoreError });
  const call = { method: "POST", path: "/messages/{id}/thread", options: REQUEST_DEFAULTS };
  const params = { path: { id: "1842" }, header: { onBehalfOf: UID } };
  // The service's answers carry the limit and what remains (X-RateLimit-*), which the governor reads.
  const answered = { response: await stub(BASE_URL) };
  const alone: number[] = [];
  for (let round = 0; round < rounds; round++) {
    const n = Math.round(200_000 * scale);
    collectGarbage();
    const started = cpu();
    // As the transport calls it: acquire (awaited only when it had to wait), then settle with the answer.
    for (let i = 0; i < n; i++) {
      const granted = governor.acquire(call, params, undefined, 0, undefined);
      governor.settle(granted instanceof Promise ? await granted : granted, answered);
    }
    alone.push((cpu() - started) / n);
  }

  const perCall = async (name: keyof typeof variants) => {
    const send = variants[name]["send-thread-message"];
    const n = Math.round(2_000 * scale);
    return (
      (await allocated(async () => {
        for (let i = 0; i < n; i++) await send();
      })) / n
    );
  };
  const bytes = { SDK: await perCall("SDK"), governed: await perCall("SDK + rateLimits (no limit near)") };

  const million = storeAfter(1_000_000, 10, 1_500_000);
  const live = (() => {
    // The same million users within one window: none has gone idle, so none can be dropped.
    const { mb, keys } = storeAfter(1_000_000, 0.5, 0);
    return { mb, keys };
  })();
  log(
    `governor: +${fmt(extra("send-thread-message"), 2, " µs")} per send; alone ${fmt(spread(alone), 2, " µs")}; store ${million.keys} keys, ${million.mb.toFixed(1)} MB`,
  );
  void million.store;

  const costMet = spread(alone).median <= 2;
  return report({
    tables: [
      {
        title: "CPU per call with rateLimits on and no limit near",
        intro:
          `CPU time (user + system) of the process. A fetch that answers at once; ${rounds} rounds of ${calls} calls, the two clients interleaved. The governed client counts each ` +
          "send under the user's key and the app's, and each list under the app's, in the store in memory; its limits are never near. " +
          "The extra is the governed client's µs per call minus the plain client's, paired within each round.",
        columns: ["operation", "SDK µs per call", "with rateLimits µs per call", "extra µs per call"],
        rows: (["send-thread-message", "list-users"] as const).map((op) => [
          op,
          fmt(spread(us[op]!.SDK!), 1, ""),
          fmt(spread(us[op]!["SDK + rateLimits (no limit near)"]!), 1, ""),
          fmt(extra(op), 2, ""),
        ]),
        notes: [
          "The governor alone, as the transport calls it (acquire, then settle with an answer's rate-limit headers), " +
            `for a send under the user's key and the app's: ${fmt(spread(alone), 2, " µs")} of CPU per call. This is the headline figure: ` +
            "the whole call costs tens of µs of CPU here, and on a shared machine the extra column's spread is wider than the governor's cost.",
          `Allocated per send (GC-profiled, ${Math.round(2_000 * scale)} sends): ${Math.round(bytes.SDK)} bytes without rateLimits, ${Math.round(bytes.governed)} bytes with them. ` +
            "Without rateLimits the transport's only governor code is a test of an argument that is undefined: no object, no promise, no await.",
        ],
      },
      {
        title: "The store in memory with a million users",
        intro:
          "1,000,000 users send one message each (sendMessage, 30 a minute), spread over ten minutes of the store's own clock; then a minute " +
          "passes while other calls go by. For comparison, the same million users within half a minute, so that none has gone idle.",
        columns: ["case", "keys held", "heap MB"],
        rows: [
          ["a million users, idle for a minute", million.keys, million.mb.toFixed(1)],
          ["a million users, all within the window", live.keys, live.mb.toFixed(1)],
        ],
      },
    ],
    figures: {
      governorExtraUsSend: extra("send-thread-message").median,
      governorExtraUsList: extra("list-users").median,
      governorAloneUs: spread(alone).median,
      bytesPerCallPlain: bytes.SDK,
      bytesPerCallGoverned: bytes.governed,
      idleMillionKeys: million.keys,
      idleMillionMb: million.mb,
      liveMillionMb: live.mb,
    },
    headline: [
      {
        what: "rate-limit governor, CPU per call with no limit near",
        result: `${fmt(spread(alone), 2, " µs")} (acquire and settle; a send's user and app keys)`,
        target: "≤ 2 µs",
        met: costMet,
        name: "governor cost",
      },
      {
        what: "rate-limit store in memory, 1,000,000 idle users",
        result: `${million.keys} keys, ${million.mb.toFixed(1)} MB (${live.mb.toFixed(0)} MB while all are live)`,
        target: "bounded by eviction",
        met: million.mb < live.mb / 20,
        name: "store memory",
      },
    ],
  });
});
