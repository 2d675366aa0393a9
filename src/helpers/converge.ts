import { isChatApiError } from "chat-rest-sdk";
import { forEachLimited } from "./for-each-limited.js";
import { failureOf, type HelperFailure } from "./helper-failure.js";
import { isTransient, mayHaveApplied, retryDelayMs, sleep } from "./transient-failure.js";

/**
 * What a converging helper (`kickMembers`, `banUsers`, `unbanUsers`, `deactivateUsers`) did:
 * each ID given is in exactly one of the three lists, in ID order, as in `syncGroupMembers`.
 */
export interface ConvergeResult {
  /**
   * IDs this call brought to the state asked for: its request was applied; or the service
   * answered that the state holds after an attempt of this call that may have applied it (its
   * answer was lost, so the "already" is most likely this call's own work).
   */
  changed: string[];
  /** IDs in the state asked for already: the service said so, and no attempt of this call can have done it. */
  unchanged: string[];
  /** IDs that could not be brought to that state, each with the service's reason or the error of the last attempt. */
  failed: HelperFailure[];
}

/** Options every converging helper takes. */
export interface ConvergeOptions {
  /**
   * How many requests are in flight at once.
   * @default 4
   * @example 8
   */
  concurrency?: number;
  /**
   * How many times an ID's request is sent, when it fails without an answer about the ID (no
   * answer, a 429 or a 5xx after the client's own retries), before the ID is reported in `failed`.
   * @default 3
   * @example 5
   */
  maxAttempts?: number;
  /**
   * The wait before the second attempt, in milliseconds, doubled for each one after (at most 8 s).
   * @default 500
   * @example 0
   */
  retryDelayMs?: number;
}

export const CONVERGE_OPTIONS = ["concurrency", "maxAttempts", "retryDelayMs"] as const;

/** How one ID ended. */
export type Converged = "changed" | "unchanged";

/**
 * Sends `request` for each ID and sorts the outcomes. An error that `already` recognises (the
 * service saying the state asked for holds) is an outcome: `changed` when an attempt of this call
 * may have applied the request (the error's `mayHaveReachedService`, or an earlier attempt that
 * failed so), `unchanged` otherwise. A transient failure is sent again, up to `maxAttempts`.
 */
export async function converge(
  ids: readonly string[],
  settings: { concurrency: number; maxAttempts: number; retryDelayMs: number },
  request: (id: string) => Promise<void>,
  already: (error: unknown) => boolean,
): Promise<ConvergeResult> {
  const outcomes = new Map<string, Converged>();
  const failed: HelperFailure[] = [];
  await forEachLimited(ids, settings.concurrency, async (id) => {
    try {
      await withAttempts(settings, () => request(id));
      outcomes.set(id, "changed");
    } catch (error) {
      const { cause, applied } = error as AttemptsFailed;
      if (already(cause)) outcomes.set(id, applied ? "changed" : "unchanged");
      else failed.push(failureOf(id, cause));
    }
  });
  const sorted = (wanted: Converged) =>
    [...outcomes]
      .filter(([, outcome]) => outcome === wanted)
      .map(([id]) => id)
      .sort();
  return {
    changed: sorted("changed"),
    unchanged: sorted("unchanged"),
    failed: failed.sort((a, b) => (a.uid < b.uid ? -1 : a.uid > b.uid ? 1 : 0)),
  };
}

/** The rejection of {@link withAttempts}: the last error as `cause`, and whether any attempt may have been applied. */
export class AttemptsFailed extends Error {
  override readonly name = "AttemptsFailed";
  constructor(
    override readonly cause: unknown,
    readonly applied: boolean,
  ) {
    super("every attempt failed", { cause });
  }
}

/**
 * Runs `attempt` until it resolves, sending it again after a transient failure (no answer, a 429,
 * a 5xx, after the client's own retries), up to `maxAttempts`. Rejects with an
 * {@link AttemptsFailed}: the last error, and whether an attempt may have been applied (the
 * error's `mayHaveReachedService`, or an earlier attempt's).
 */
export async function withAttempts<T>(settings: { maxAttempts: number; retryDelayMs: number }, attempt: () => Promise<T>): Promise<T> {
  let applied = false;
  for (let n = 1; ; n++) {
    if (n > 1) await sleep(retryDelayMs(settings.retryDelayMs, n));
    try {
      return await attempt();
    } catch (error) {
      applied ||= mayHaveApplied(error);
      if (!isTransient(error) || n >= settings.maxAttempts) throw new AttemptsFailed(error, applied);
    }
  }
}

/** An error answer with one of `codes` (and, when given, `status`). */
export const answered =
  (codes: ReadonlySet<string>, status?: number) =>
  (error: unknown): boolean =>
    isChatApiError(error) && (status === undefined || error.status === status) && codes.has(error.code as string);
