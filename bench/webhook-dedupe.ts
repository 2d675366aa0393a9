// Section: handling each webhook event once. (a) The CPU a delivery costs the webhook handler with
// memoryWebhookDedupe (verify + parse + claim + done mark) as a ratio to the same handler without
// dedupe (verify + parse), measured side by side, round after round (target: at most 1.3×).
// (b) Redis round trips per delivery with redisWebhookDedupe, against a redis-server this section
// starts on a free port (nothing saved) and stops, counted by a TCP proxy in front of it: a client
// write that follows a reply is one round trip (target: 1 per delivery at a steady rate).
import { redisWebhookDedupe } from "../src/redis/index.js";
import { webhookEvents } from "../src/testing/webhook-events.js";
import { createWebhookHandler, memoryWebhookDedupe, type WebhookHandler } from "../src/webhooks/index.js";
import { type RedisServer, startRedis } from "../tests/rate-limits/redis-server.js";
import { startRoundTripProxy } from "../tests/rate-limits/round-trip-proxy.js";
import { arg, collectGarbage, fmt, log, main, numArg, paired, report, type Spread, spread } from "./section.js";

const TARGET = 1.3;
const rounds = numArg("rounds", 30);
const batch = numArg("batch", 2_000);
const slice = numArg("slice", 200);
const redisRounds = numArg("redis-rounds", 3);
const redisDeliveries = numArg("deliveries", 500);
const quick = arg("quick", "false") === "true";

const credentials = { username: "chat-events", password: "an-example-password-of-32-chars!" };
const authorization = `Basic ${Buffer.from(`${credentials.username}:${credentials.password}`).toString("base64")}`;
const base = webhookEvents.message_sent;
let ids = 0;
/** A delivery of a message_sent event never sent before: every one is new to the dedupe, as in real traffic. */
function delivery(): Request {
  const id = `bench-${++ids}`;
  return new Request("https://receiver.example/webhooks/chat", {
    method: "POST",
    headers: { authorization, "content-type": "application/json" },
    body: JSON.stringify({ ...base, data: { ...base.data, message: { ...base.data.message, id } } }),
  });
}

const WITHOUT = "verify + parse (no dedupe)";
const WITH = "verify + parse + memoryWebhookDedupe";
const handled = { count: 0 };
const on = { message_sent: () => void handled.count++ };
const handlers: Record<string, WebhookHandler> = {
  [WITHOUT]: createWebhookHandler({ ...credentials, on }),
  [WITH]: createWebhookHandler({ ...credentials, on, dedupe: memoryWebhookDedupe() }),
};

/** CPU µs (user + system) of `requests` through `name`'s handler, one after another. */
async function cpuOf(name: string, requests: Request[]): Promise<number> {
  const handler = handlers[name]!;
  const before = handled.count;
  const start = process.cpuUsage();
  for (const request of requests) if ((await handler(request)).status !== 200) throw new Error(`${name}: a delivery was not answered 200`);
  const used = process.cpuUsage(start);
  if (handled.count - before !== requests.length) throw new Error(`${name}: not every delivery was handled`);
  return used.user + used.system;
}

/**
 * One round: `batch` deliveries per variant, in slices of `slice` that alternate between the
 * variants (the first rotating from round to round), so that both see the same moments of a noisy
 * machine. Returns each variant's CPU µs per delivery; the requests are built before the clock starts.
 */
async function round(names: string[], index: number): Promise<Record<string, number>> {
  const order = index % 2 ? [...names].reverse() : names;
  const used: Record<string, number> = Object.fromEntries(names.map((name) => [name, 0]));
  for (let done = 0; done < batch; done += slice) {
    const requests = Object.fromEntries(order.map((name) => [name, Array.from({ length: Math.min(slice, batch - done) }, delivery)]));
    collectGarbage();
    for (const name of order) used[name]! += await cpuOf(name, requests[name]!);
  }
  return Object.fromEntries(names.map((name) => [name, used[name]! / batch]));
}

interface Pattern {
  name: string;
  deliveries: number;
  /** ms between one delivery's answer and the next delivery, or 0 for at once. */
  gapMs: number;
  concurrency: number;
}

/** Round trips to Redis of `pattern`'s deliveries through one redisWebhookDedupe, its close() included. */
async function redisRoundTrips(redis: RedisServer, pattern: Pattern, round: number): Promise<number> {
  const proxy = await startRoundTripProxy(redis.port);
  const dedupe = redisWebhookDedupe({ url: proxy.url, prefix: `bench:${pattern.name}:${round}:` });
  try {
    const handler = createWebhookHandler({ ...credentials, on, dedupe });
    // The connection's handshake and the script's first load are not a delivery's cost.
    if ((await handler(delivery())).status !== 200) throw new Error("the warm-up delivery was not answered 200");
    await new Promise((resolve) => setTimeout(resolve, 50));
    proxy.reset();
    const perSender = pattern.deliveries / pattern.concurrency;
    await Promise.all(
      Array.from({ length: pattern.concurrency }, async () => {
        for (let i = 0; i < perSender; i++) {
          const status = (await handler(delivery())).status;
          if (status !== 200) throw new Error(`${pattern.name}: a delivery was answered ${status}`);
          if (pattern.gapMs) await new Promise((resolve) => setTimeout(resolve, pattern.gapMs));
        }
      }),
    );
    await dedupe.close();
    return proxy.roundTrips;
  } finally {
    await dedupe.close();
    await proxy.close();
  }
}

main(async () => {
  // (a) memoryWebhookDedupe against no dedupe, in one process, interleaved.
  const names = [WITHOUT, WITH];
  await round(names, 0); // warm-up: let the JIT settle on both paths
  const cpu: Record<string, number[]> = { [WITHOUT]: [], [WITH]: [] };
  for (let index = 0; index < rounds; index++) {
    const perDelivery = await round(names, index);
    for (const name of names) cpu[name]!.push(perDelivery[name]!);
  }
  const ratio = paired(cpu[WITH]!, cpu[WITHOUT]!);
  log(`webhook-dedupe: ${WITH} ÷ ${WITHOUT} = ${fmt(ratio)} (target ≤ ${TARGET}×)`);

  // (b) redisWebhookDedupe's round trips, against a redis-server of this section's own.
  const patterns: Pattern[] = [
    { name: "one after another, at once", deliveries: redisDeliveries, gapMs: 0, concurrency: 1 },
    { name: "one after another, 5 ms apart (under flushMs)", deliveries: Math.round(redisDeliveries / 2.5), gapMs: 5, concurrency: 1 },
    { name: "8 senders at once", deliveries: redisDeliveries * 2, gapMs: 0, concurrency: 8 },
    { name: "one after another, 50 ms apart (over flushMs)", deliveries: Math.round(redisDeliveries / 12.5), gapMs: 50, concurrency: 1 },
  ];
  const redis = await startRedis();
  const trips: Record<string, number[]> = {};
  try {
    for (let round = 0; round < redisRounds; round++)
      for (const pattern of patterns) (trips[pattern.name] ??= []).push(await redisRoundTrips(redis, pattern, round));
  } finally {
    await redis.stop();
  }
  const perDelivery: Record<string, Spread> = Object.fromEntries(
    patterns.map((p) => [p.name, spread(trips[p.name]!.map((n) => n / p.deliveries))]),
  );
  const steady = patterns[0]!;
  const steadyTrips = spread(trips[steady.name]!);
  // N deliveries and the final flush on close(): N + 1 round trips.
  const steadyMet = steadyTrips.max <= steady.deliveries + 1;
  for (const p of patterns) log(`webhook-dedupe: Redis round trips per delivery, ${p.name}: ${fmt(perDelivery[p.name]!, 3, "")}`);

  report({
    tables: [
      {
        title: "Handling each event once in memory: CPU per delivery, with memoryWebhookDedupe ÷ without",
        intro:
          `The whole webhook handler, \`createWebhookHandler\`, given a \`Request\` of the documented message_sent payload with a ` +
          `new message id each time, and a handler that counts. CPU time (user + system) per delivery over ${batch} deliveries per variant a ` +
          `round, one after another, in slices of ${slice} that alternate between the variants (the first one rotating from ` +
          `round to round); the requests are built before the clock starts. ${rounds} rounds; each ratio is taken within its ` +
          `round, shown as median (min–max). With the dedupe, each delivery ` +
          `computes its key, claims it and marks it done, and the store holds every key of the run (none expires within it). ` +
          `Target: at most ${TARGET}×.${quick ? " Quick run." : ""}`,
        columns: ["variant", "µs CPU per delivery, median (min–max)", "÷ no dedupe, median (min–max)"],
        rows: [
          [WITHOUT, fmt(spread(cpu[WITHOUT]!), 1, ""), "1"],
          [WITH, fmt(spread(cpu[WITH]!), 1, ""), fmt(ratio)],
        ],
      },
      {
        title: "Handling each event once in Redis: round trips per delivery",
        intro:
          `\`redisWebhookDedupe\` with its defaults (\`flushMs\` 20 ms) against a \`redis-server\` this section starts on a free ` +
          `port with \`--save ""\` and stops after. A TCP proxy in front of it counts round trips: a write from the client that ` +
          `follows a reply from the server (or opens the connection) starts one. Each count runs from after a warm-up delivery ` +
          `(the connection's handshake and the script's first load) to the end of \`close()\`, which sends the last done mark; ` +
          `every delivery is a new event and is answered 200. ${redisRounds} rounds; median (min–max).`,
        columns: ["deliveries", "count", "round trips", "round trips per delivery"],
        rows: patterns.map((p) => [p.name, p.deliveries, fmt(spread(trips[p.name]!), 0, ""), fmt(perDelivery[p.name]!, 3, "")]),
        notes: [
          "A delivery's claim and the done marks its process queued go to Redis in one write: the claim is a Lua script, each mark a `SET`, " +
            "separate commands so that each touches one key, as Redis Cluster needs. Before, a handled delivery cost two round trips, its claim and its done mark.",
          "Deliveries further apart than `flushMs` each cost two: the mark goes alone when no claim comes within `flushMs`. At that rate (under 50 a second " +
            "per process with the default) the second round trip costs the receiver nothing it would notice.",
          "With several deliveries in flight, node-redis writes the commands of one tick together, so claims of concurrent deliveries share writes too.",
        ],
      },
    ],
    figures: {
      memoryDedupeVsNone: Number(ratio.median.toFixed(3)),
      memoryDedupeVsNoneMin: Number(ratio.min.toFixed(3)),
      memoryDedupeVsNoneMax: Number(ratio.max.toFixed(3)),
      memoryDedupeTarget: TARGET,
      redisRoundTripsPerDelivery: Number(perDelivery[steady.name]!.median.toFixed(4)),
    },
    headline: [
      {
        what: "Receiving a webhook with memoryWebhookDedupe ÷ without dedupe, CPU per delivery (verify + parse + dedupe ÷ verify + parse)",
        result: fmt(ratio),
        target: `≤ ${TARGET}×`,
        met: ratio.median <= TARGET,
        name: "webhook dedupe in memory",
        why: "The dedupe computes the event's key, claims it and marks it done on every delivery.",
      },
      {
        what: `Redis round trips per delivery with redisWebhookDedupe, ${steady.deliveries} deliveries one after another (close() included)`,
        result: `${fmt(perDelivery[steady.name]!, 3, "")} (${steadyTrips.median} for ${steady.deliveries})`,
        target: "1 (N + 1 with the last flush)",
        met: steadyMet,
        name: "one Redis round trip per delivery",
        why: "A done mark went alone: a delivery came later than flushMs after the one before.",
      },
    ],
  });
});
