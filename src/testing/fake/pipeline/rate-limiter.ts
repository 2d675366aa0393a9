// Internal: the service's rate limits, as the fake enforces them when `rateLimits` is set. The
// limits are those a client takes (`"service"` or an object); the operations' classes and
// per-user rules come from the spec, as the client's governor reads them.
// No ".js" in imports under src/testing: see ../../start-mock-server.ts.
import { actingUserOfRequest, userKey } from "../../../client/acting-user";
import { coreOperations, perUserOperations } from "../../../../generated/rate-limit-classes";
import type { RateLimitRule, RateLimits } from "../../../rate-limits/rate-limit-options";
import { checkRateLimits } from "../../../rate-limits/check-rate-limits";
import { SlidingWindow } from "../../../rate-limits/sliding-window";
import type { FakeOperation } from "../spec/fake-spec";

/** The rate-limit headers of an answer, and the 429 to send instead when a limit has no room. */
export interface RateLimited {
  headers: Record<string, string>;
  refused?: { status: 429; body: unknown; headers: Record<string, string> } | undefined;
}

interface Rule extends RateLimitRule {
  key: string;
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

  constructor(
    private readonly limits: RateLimits,
    private readonly now: () => number = Date.now,
  ) {}

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

  private rulesOf(operation: FakeOperation, path: Record<string, string>, headers: Record<string, string | string[] | undefined>): Rule[] {
    const { method, path: template } = operation;
    const name = `${method.toUpperCase()} ${template}`;
    const rules: Rule[] = [];
    const perUser = perUserOperations[name];
    const userRule = perUser && this.limits.perUser?.[perUser.rule];
    const user = perUser?.user === "uid" ? path.uid : actingUserOfRequest(headers);
    if (userRule && user) rules.push({ ...userRule, key: `${perUser.rule}:${userKey(user)}` });
    const classRule = this.limits.app?.[coreOperations.includes(name) ? "core" : "standard"];
    if (classRule) rules.push({ ...classRule, key: coreOperations.includes(name) ? "core" : "standard" });
    if (this.limits.app?.all) rules.push({ ...this.limits.app.all, key: "all" });
    return rules;
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
