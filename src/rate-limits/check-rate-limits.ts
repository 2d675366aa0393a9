import type { RateLimitRule, RateLimits } from "./rate-limit-options.js";
import { serviceRateLimits } from "./service-rate-limits.js";

/** Makes the error a bad option is reported with: the client's `ChatConfigError`, the fake's `TypeError`. */
export type OptionError = (message: string) => Error;

/** The longest timer a runtime keeps: a window past it could never be waited out. */
const MAX_WINDOW_MS = 2 ** 31 - 1;

function checkRule(fail: OptionError, name: string, rule: RateLimitRule | undefined): void {
  if (rule === undefined) return;
  const { limit, windowMs } = (rule ?? {}) as Partial<RateLimitRule>;
  if (!(Number.isInteger(limit) && limit! > 0 && typeof windowMs === "number" && windowMs > 0 && windowMs <= MAX_WINDOW_MS))
    throw fail(
      `rateLimits.${name} must be { limit, windowMs }: a positive whole limit and a window of 1 to ${MAX_WINDOW_MS} ms, got ${JSON.stringify(rule)}.`,
    );
}

/**
 * Checks the limits of a `rateLimits` option (`"service"` or an object), as the client's governor
 * and the fake both take it, and gives them as an object. `store` and `maxWaitMs` are the client's
 * alone: see {@link checkClientRateLimits}.
 */
export function checkRateLimits(fail: OptionError, value: unknown): RateLimits {
  if (value === "service") return serviceRateLimits();
  if (!value || typeof value !== "object") throw fail(`rateLimits must be "service" or an object of limits, got ${JSON.stringify(value)}.`);
  const limits = value as RateLimits;
  for (const name of ["core", "standard", "all"] as const) checkRule(fail, `app.${name}`, limits.app?.[name]);
  for (const name of ["sendMessage", "markUnread"] as const) checkRule(fail, `perUser.${name}`, limits.perUser?.[name]);
  return limits;
}

/** Checks a client's `rateLimits`: the limits, and the options only a client has. */
export function checkClientRateLimits(fail: OptionError, value: unknown): RateLimits {
  const limits = checkRateLimits(fail, value);
  const { maxWaitMs, store } = limits;
  if (maxWaitMs !== undefined && !(typeof maxWaitMs === "number" && maxWaitMs >= 0))
    throw fail(`rateLimits.maxWaitMs must be a number of milliseconds from 0, got ${String(maxWaitMs)}.`);
  if (limits.onWait !== undefined && typeof limits.onWait !== "function")
    throw fail(`rateLimits.onWait must be a function, got ${typeof limits.onWait}.`);
  if (store !== undefined && !["take", "settle", "hold", "sync"].every((name) => typeof (store as never)[name] === "function"))
    throw fail("rateLimits.store must be a RateLimitStore: an object with take, settle, hold and sync.");
  return limits;
}
