// An import paced by the governor to the service's app limits scaled down, against a fake that
// enforces the same limits, measured against the ideal schedule (tests/harness/ideal-schedule.ts).
// The test runs it in process on Jest's fake timers, so its time is virtual and exact; the bench
// (bench/import-resume.ts) runs it over HTTP, against the fake in another process, on real time.
import { importUsers, type JobCheckpoint } from "../../src/helpers/index";
import { createChatClient } from "../../src/index";
import {
  memoryRateLimitStore,
  type RateLimits,
  type RateLimitStore,
  type RateLimitTake,
  serviceRateLimits,
} from "../../src/rate-limits/index";
import { idealMs } from "./ideal-schedule";

/**
 * The service's app limits, each count and window divided by `scale`: the same pace per second,
 * in windows short enough for a run of seconds. (The per-user limits do not count creates.)
 */
export function scaledAppLimits(scale: number): RateLimits {
  const { app } = serviceRateLimits();
  const scaled = (rule: { limit: number; windowMs: number } | undefined) =>
    rule && { limit: Math.round(rule.limit / scale), windowMs: rule.windowMs / scale };
  return { app: { core: scaled(app?.core), standard: scaled(app?.standard) } };
}

export interface PacedImportPlan {
  users: number;
  /** What the service's limits are divided by. */
  scale: number;
  concurrency: number;
  checkpointEvery: number;
  /** Where each checkpoint goes (a file, in the bench); its size is measured whatever this does. */
  save?: (checkpoint: JobCheckpoint) => void;
}

export interface PacedImportResult {
  /** The import's time, from its call to its result. */
  ms: number;
  /** The soonest the limits let it end, given the latencies measured. */
  idealMs: number;
  ratio: number;
  /** The app's core limit the creates count under, scaled. */
  limit: number;
  windowMs: number;
  created: number;
  failed: number;
  /** Answers 429 from the fake: none, when the governor paces as it should. */
  tooMany: number;
  largestCheckpoint: number;
}

/**
 * Imports `plan.users` users through a client governed by the scaled limits on the fake at
 * `target` (which enforces the same), with no retries, so a 429 is a failed record. `now` is the
 * clock the times are read on (Date.now under fake timers, performance.now for real time).
 */
export async function pacedImport(
  target: { appId: string; apiKey: string; baseUrl: string; fetch?: (request: Request) => Promise<Response> },
  plan: PacedImportPlan,
  now: () => number,
): Promise<PacedImportResult> {
  const limits = scaledAppLimits(plan.scale);
  const { limit, windowMs } = limits.app!.core!;
  // Each create, in the order the governor let it go: when it was let go, and when its answer was
  // settled (the window counts from then, as at the service). A store wrapping the one in memory records both.
  const requests: { sent: number; answered: number }[] = [];
  const byId = new Map<number, { sent: number; answered: number }>();
  const inner = memoryRateLimitStore();
  const store: RateLimitStore = {
    take(slots, id) {
      const taken = inner.take(slots, id) as RateLimitTake;
      if (taken.waitMs <= 0 && slots.some((slot) => slot.key.endsWith(":core"))) {
        const entry = { sent: now(), answered: 0 };
        requests.push(entry);
        byId.set(id, entry);
      }
      return taken;
    },
    settle(slots, id) {
      const entry = byId.get(id);
      if (entry) entry.answered = now();
      return inner.settle(slots, id);
    },
    hold: (key, ms) => inner.hold(key, ms),
    sync: (slot, remaining, resetMs) => inner.sync(slot, remaining, resetMs),
  };
  const statuses: number[] = [];
  const send = target.fetch ?? ((request: Request) => fetch(request));
  const chat = createChatClient({
    appId: target.appId,
    apiKey: target.apiKey,
    baseUrl: target.baseUrl,
    maxRetries: 0,
    rateLimits: { ...limits, store },
    fetch: async (request: Request) => {
      const response = await send(request);
      statuses.push(response.status);
      return response;
    },
  });
  // Warms the client, its sockets and the fake's checks with reads, which the core limit does not count.
  await Promise.all(Array.from({ length: 16 }, () => chat.GET("/users")));
  statuses.length = 0;
  let largestCheckpoint = 0;
  // When importUsers took each of the first `concurrency` records, and so made its call: those it
  // makes one after another at the start, as fast as the client sends them, before any answer. A
  // later record waits for an earlier one to end, which the ideal schedule would end sooner too.
  const made: number[] = [];
  function* users() {
    for (let i = 0; i < plan.users; i++) {
      if (i < plan.concurrency) made.push(now() - started);
      yield { uid: `paced-${i}`, name: `User ${i}` };
    }
  }
  const started = now();
  const result = await importUsers(chat, users(), {
    concurrency: plan.concurrency,
    checkpointEvery: plan.checkpointEvery,
    onCheckpoint: (checkpoint) => {
      largestCheckpoint = Math.max(largestCheckpoint, Buffer.byteLength(JSON.stringify(checkpoint)));
      plan.save?.(checkpoint);
    },
  });
  const ms = now() - started;
  // The governor lets the calls go in the order they were made, so the j-th made is the j-th let go.
  const ideal = idealMs(requests, limit, windowMs, requests[0]!.sent - started, made);
  return {
    ms,
    idealMs: ideal,
    ratio: ms / ideal,
    limit,
    windowMs,
    created: result.created,
    failed: result.failed.length,
    tooMany: statuses.filter((status) => status === 429).length,
    largestCheckpoint,
  };
}
