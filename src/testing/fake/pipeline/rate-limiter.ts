// Internal: the service's rate limits, as the fake enforces them when `rateLimits` is set. The
// limits are those a client takes (`"service"` or an object); which limits an operation counts
// under is the client governor's own classifier (`slotClassifier`), so the fake and the governor
// cannot disagree on an operation's class or its per-user rule.
// No ".js" in imports under src/testing: see ../../start-mock-server.ts.
import { actingUserOfRequest } from "../../../safety/acting-user";
import { checkRateLimits } from "../../../rate-limits/check-rate-limits";
import type { GovernedSlot } from "../../../rate-limits/governor";
import type { RateLimits } from "../../../rate-limits/rate-limit-options";
import { slotClassifier } from "../../../rate-limits/rate-limit-slots";
import { SlidingWindow } from "../../../rate-limits/sliding-window";
import type { FakeOperation } from "../spec/fake-spec";

/** The rate-limit headers of an answer, and the 429 to send instead when a limit has no room. */
export interface RateLimited {
  headers: Record<string, string>;
  refused?: { status: 429; body: unknown; headers: Record<string, string> } | undefined;
}

type Rule = GovernedSlot;

/** The request's slots, as the governor gives them to a call: its user's (`onBehalfOf`, or the `uid` path parameter), then the app's. */
export function fakeSlotClassifier(limits: RateLimits) {
  // The fake serves one app: the keys need no app in them.
  const slotsOf = slotClassifier(limits, "fake");
  return (operation: FakeOperation, path: Record<string, string>, headers: Record<string, string | string[] | undefined>) =>
    slotsOf(operation.method, operation.path, { path, header: { onBehalfOf: actingUserOfRequest(headers) } });
}

/** Checks the `rateLimits` option of `startFakeServer`: what a client takes; `store` and `maxWaitMs` are the client's and ignored. */
export function checkFakeRateLimits(value: unknown): RateLimits | undefined {
  if (value === undefined) return undefined;
  return checkRateLimits((message) => new TypeError(`startFakeServer: ${message}`), value);
}

/**
 * Counts the requests of each key in a sliding window, the same implementation as the client's
 * store in memory (`SlidingWindow`): a request is refused while its key's request `limit` places
 * back is not more than `windowMs` old. A request counts from when it arrives; a refused one is
 * not counted, as the service does not process it.
 */
export class FakeRateLimiter {
  private readonly logs = new Map<string, SlidingWindow>();
  private lastId = 0;
  private readonly rulesOf: ReturnType<typeof fakeSlotClassifier>;

  constructor(
    limits: RateLimits,
    private readonly now: () => number = Date.now,
  ) {
    this.rulesOf = fakeSlotClassifier(limits);
  }

  reset(): void {
    this.logs.clear();
  }

  /** Counts one request of `operation`, acting as the user its `onBehalfOf` (or `uid` path parameter) names. */
  take(operation: FakeOperation, path: Record<string, string>, headers: Record<string, string | string[] | undefined>): RateLimited {
    const rules = this.rulesOf(operation, path, headers);
    if (!rules.length) return { headers: {} };
    const now = this.now();
    let tightest: { rule: Rule; left: number } | undefined;
    for (const rule of rules) {
      const log = this.logOf(rule);
      const waitMs = log.waitFor(rule.limit, rule.windowMs, now);
      if (waitMs > 0) return { headers: {}, refused: refusal(operation, rule, waitMs, now) };
      const left = rule.limit - log.count;
      if (!tightest || left < tightest.left) tightest = { rule, left };
    }
    const id = ++this.lastId;
    for (const rule of rules) this.logOf(rule).append(now, id);
    return { headers: { "x-ratelimit-limit": String(tightest!.rule.limit), "x-ratelimit-remaining": String(tightest!.left - 1) } };
  }

  private logOf(rule: Rule): SlidingWindow {
    let log = this.logs.get(rule.key);
    if (!log) this.logs.set(rule.key, (log = new SlidingWindow(rule.windowMs)));
    return log;
  }
}

function refusal(operation: FakeOperation, rule: Rule, waitMs: number, now: number): NonNullable<RateLimited["refused"]> {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  return {
    status: 429,
    body: {
      error: {
        code: "ERR_TOO_MANY_REQUESTS",
        message: `Too many requests: ${operation.operationId} is over the limit of ${rule.limit} per ${rule.windowMs} ms. Retry after ${seconds} s.`,
      },
    },
    headers: {
      "retry-after": String(seconds),
      "x-ratelimit-limit": String(rule.limit),
      "x-ratelimit-remaining": "0",
      "x-ratelimit-reset": String(Math.ceil((now + waitMs) / 1000)),
    },
  };
}
