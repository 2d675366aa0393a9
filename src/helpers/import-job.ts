import { forEachLimited } from "./for-each-limited.js";
import type { JobCheckpoint } from "./job-checkpoint.js";

/** The timers a job reports progress with: the shape of `setInterval` and `clearInterval`. */
export interface ProgressTimers {
  setInterval(callback: () => void, ms: number): unknown;
  clearInterval(handle: never): void;
}

/** What an import job is given, checked by the helper that runs it. */
export interface ImportJobPlan<T, F> {
  job: string;
  source: Iterable<T> | AsyncIterable<T>;
  concurrency: number;
  /** The outcomes counted, besides `failed`. */
  outcomes: readonly string[];
  resumeFrom: JobCheckpoint | undefined;
  checkpointEvery: number;
  onCheckpoint: ((checkpoint: JobCheckpoint) => void) | undefined;
  /** Called at least once a second while the job runs, and once at the end. */
  report: (() => void) | undefined;
  timers: ProgressTimers;
  signal: AbortSignal | undefined;
  /** Does one record: the outcomes it counts toward, or a failure (which `onFailure` gets). */
  run: (record: T, index: number) => Promise<readonly string[] | { failure: F }>;
  onFailure: ((failure: F) => void) | undefined;
}

/** What an import job came to: its counts (earlier runs included), and this run's failures. */
export interface ImportJobState<F> {
  counts: Record<string, number>;
  failed: F[];
  /** Records done, earlier runs included. */
  done: number;
  /** Whether `signal` stopped the job before the input's end. */
  stopped: boolean;
  inputError?: { error: unknown };
  /** An error thrown by `onCheckpoint` or `report`, which stopped the job. */
  sinkError?: { error: unknown };
}

const PROGRESS_INTERVAL_MS = 1000;

/**
 * Runs an import: each record of the input once, at most `concurrency` at a time, with a
 * checkpoint each time the records done without a gap grow by `checkpointEvery`, and once at the
 * end. A record done out of order (a later one finishing first) waits in memory until the ones
 * before it are done; only then is it in a checkpoint, so a resumed job redoes at most the records
 * that were in flight or done past the last checkpoint, and never one before it. On resume the
 * records before the checkpoint's `next` are read from the input and skipped, unsent.
 *
 * `state` is filled as the job goes, so the caller can read the counts when it rejects.
 */
export async function runImportJob<T, F>(plan: ImportJobPlan<T, F>, state: ImportJobState<F>): Promise<void> {
  const resumed = plan.resumeFrom;
  const settled: Record<string, number> = Object.fromEntries([...plan.outcomes, "failed"].map((name) => [name, 0]));
  if (resumed) for (const name of Object.keys(settled)) settled[name] = resumed.counts[name] ?? 0;
  state.counts = { ...settled };
  state.done = resumed?.next ?? 0;
  let next = state.done;
  let lastCheckpoint = next;
  // Records done past `next`, with what they counted toward, until the gap before them closes.
  const ahead = new Map<number, readonly string[]>();

  const checkpoint = (complete: boolean) => {
    if (!plan.onCheckpoint || state.sinkError) return;
    lastCheckpoint = next;
    try {
      plan.onCheckpoint({ job: plan.job, version: 1, next, counts: { ...settled }, complete });
    } catch (error) {
      state.sinkError = { error };
    }
  };
  const settle = (index: number, counted: readonly string[]) => {
    ahead.set(index, counted);
    while (ahead.has(next)) {
      for (const name of ahead.get(next)!) settled[name]!++;
      ahead.delete(next);
      next++;
    }
    if (next - lastCheckpoint >= plan.checkpointEvery) checkpoint(false);
  };
  const report = () => {
    if (!plan.report || state.sinkError) return;
    try {
      plan.report();
    } catch (error) {
      state.sinkError = { error };
    }
  };

  const doOne = async (record: T, index: number) => {
    if (index < (resumed?.next ?? 0)) return;
    const outcome = await plan.run(record, index);
    let counted: readonly string[];
    if ("failure" in outcome) {
      state.failed.push(outcome.failure);
      counted = ["failed"];
      try {
        plan.onFailure?.(outcome.failure);
      } catch (error) {
        state.sinkError ??= { error };
      }
    } else counted = outcome;
    for (const name of counted) state.counts[name]!++;
    state.done++;
    settle(index, counted);
  };

  const timer = plan.report ? plan.timers.setInterval(report, PROGRESS_INTERVAL_MS) : undefined;
  const stopped = () => state.sinkError !== undefined || plan.signal?.aborted === true;
  try {
    await forEachLimited(plan.source, plan.concurrency, doOne, stopped);
    state.stopped = plan.signal?.aborted === true;
  } catch (error) {
    // Each record settles, so this is the input's iterator failing.
    state.inputError = { error };
  } finally {
    if (plan.report) plan.timers.clearInterval(timer as never);
  }
  // The last checkpoint and report come whatever ended the job: what was done is done.
  checkpoint(!state.stopped && !state.inputError && !state.sinkError);
  report();
}
