import { isChatApiError, isChatConnectionError } from "chat-rest-sdk";

/**
 * Whether a failed call is worth another attempt: no answer came (a dropped or refused connection,
 * a timeout), or the service answered 408, 429 or a 5xx. A 429 that the client's own `rateLimits`
 * gave (it carries `scope`: nothing was sent, and the wait was longer than allowed) is not: the
 * next attempt would meet the same bound. Any other status is the service's verdict on the request.
 */
export function isTransient(error: unknown): boolean {
  if (isChatConnectionError(error)) return true;
  if (!isChatApiError(error)) return false;
  if (error.status === 429) return (error as { scope?: unknown }).scope === undefined;
  return error.status === 408 || error.status >= 500;
}

/**
 * Whether an attempt of the failed call may have been applied, as the SDK's errors tell it
 * (`mayHaveReachedService`). An error without the field (not the SDK's) is taken as "may have":
 * a caller about to write again then looks first.
 */
export function mayHaveApplied(error: unknown): boolean {
  const told = (error as { mayHaveReachedService?: unknown } | null)?.mayHaveReachedService;
  return told !== false;
}

/** The wait before attempt `n` (from 2): `baseMs` doubled at each attempt, at most 8 s, with jitter so that workers spread out. */
export function retryDelayMs(baseMs: number, n: number, random: () => number = Math.random): number {
  if (baseMs === 0) return 0;
  return Math.min(8_000, baseMs * 2 ** (n - 2)) * (0.75 + 0.25 * random());
}

export const sleep = (ms: number): Promise<void> => (ms > 0 ? new Promise((resolve) => setTimeout(resolve, ms)) : Promise.resolve());
