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
 * checkpoint each time `checkpointEvery` more records are done, and once at the end. A checkpoint
 * names how many records were taken (`next`) and which of those were still in flight (`pending`,
 * as distances back from `next`): a resumed job skips the records before `next` but those, and
 * sends them again. So a crash repeats at most the records done since the last checkpoint and
 * those in flight, and a slow record (a retry waiting) holds nothing up.
 *
 * `state` is filled as the job goes, so the caller can read the counts when it rejects.
 */
export async function runImportJob<T, F>(plan: ImportJobPlan<T, F>, state: ImportJobState<F>): Promise<void> {
  const resumed = plan.resumeFrom;
  const redo = new Set((resumed?.pending ?? []).map((behind) => resumed!.next - behind));
  state.counts = Object.fromEntries([...plan.outcomes, "failed"].map((name) => [name, resumed?.counts[name] ?? 0]));
  state.done = (resumed?.next ?? 0) - redo.size;
  let taken = resumed?.next ?? 0;
  let sinceCheckpoint = 0;
  const inFlight = new Set<number>(redo);

  const checkpoint = (complete: boolean) => {
    if (!plan.onCheckpoint || state.sinkError) return;
    sinceCheckpoint = 0;
    const pending = [...inFlight].map((index) => taken - index).sort((a, b) => a - b);
    try {
      plan.onCheckpoint({
        job: plan.job,
        version: 1,
        next: taken,
        counts: { ...state.counts },
        ...(pending.length ? { pending } : {}),
        complete,
      });
    } catch (error) {
      state.sinkError = { error };
    }
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
    if (index < (resumed?.next ?? 0) && !redo.has(index)) return;
    taken = Math.max(taken, index + 1);
    inFlight.add(index);
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
    inFlight.delete(index);
    if (++sinceCheckpoint >= plan.checkpointEvery) checkpoint(false);
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
