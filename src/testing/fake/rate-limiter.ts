// Internal: the service's rate limits, as the fake enforces them when `rateLimits` is set. The
// limits are those a client takes (`"service"` or an object); the operations' classes and
// per-user rules come from the spec, as the client's governor reads them.
// No ".js" in imports under src/testing: see ../start-mock-server.ts.
import { actingUserOfRequest, userKey } from "../../client/acting-user";
import { coreOperations, perUserOperations } from "../../../generated/rate-limit-classes";
import type { RateLimitRule, RateLimits } from "../../rate-limits/rate-limit-options";
import { serviceRateLimits } from "../../rate-limits/service-rate-limits";
import type { FakeOperation } from "./fake-spec";

/** The rate-limit headers of an answer, and the 429 to send instead when a limit has no room. */
export interface RateLimited {
  headers: Record<string, string>;
  refused?: { status: 429; body: unknown; headers: Record<string, string> } | undefined;
}

interface Rule extends RateLimitRule {
  key: string;
}

function checkRule(name: string, rule: RateLimitRule | undefined): void {
  if (rule === undefined) return;
  const { limit, windowMs } = (rule ?? {}) as Partial<RateLimitRule>;
  if (!(Number.isInteger(limit) && limit! > 0 && typeof windowMs === "number" && windowMs > 0))
    throw new TypeError(`startFakeServer: rateLimits.${name} must be { limit, windowMs } with a positive whole limit and window.`);
}

/** Checks the `rateLimits` option of `startFakeServer`: what a client takes; `store` and `maxWaitMs` are the client's and ignored. */
export function checkFakeRateLimits(value: unknown): RateLimits | undefined {
  if (value === undefined) return undefined;
  if (value === "service") return serviceRateLimits();
  if (!value || typeof value !== "object") throw new TypeError(`startFakeServer: rateLimits must be "service" or an object of limits.`);
  const limits = value as RateLimits;
  for (const name of ["core", "standard", "all"] as const) checkRule(`app.${name}`, limits.app?.[name]);
  for (const name of ["sendMessage", "markUnread"] as const) checkRule(`perUser.${name}`, limits.perUser?.[name]);
  return limits;
}

/**
 * Counts the requests of each key in a sliding window: a request is refused when its key already
 * had `limit` requests within the last `windowMs`. A refused request is not counted, as the
 * service does not process it.
 */
export class FakeRateLimiter {
  private readonly logs = new Map<string, number[]>();

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
      const log = this.live(rule, now);
      const left = rule.limit - log.length;
      if (left <= 0) return { headers: {}, refused: refusal(operation, rule, log[log.length - rule.limit]! + rule.windowMs - now, now) };
      if (!tightest || left < tightest.left) tightest = { rule, left };
    }
    for (const rule of rules) this.live(rule, now).push(now);
    return { headers: { "x-ratelimit-limit": String(tightest!.rule.limit), "x-ratelimit-remaining": String(tightest!.left - 1) } };
  }

  /** The requests of the rule's key within its window, oldest first (the older ones dropped). */
  private live(rule: Rule, now: number): number[] {
    let log = this.logs.get(rule.key);
    if (!log) this.logs.set(rule.key, (log = []));
    let expired = 0;
    while (expired < log.length && now - log[expired]! >= rule.windowMs) expired++;
    if (expired) log.splice(0, expired);
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
