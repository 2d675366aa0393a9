import { forEachLimited } from "./for-each-limited.js";
import { checkpointAt, type JobCheckpoint, pendingRecords } from "./job-checkpoint.js";

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
 * as runs back from `next`): a resumed job skips the records before `next` but those, and sends
 * them again. So a crash repeats at most the records done since the last checkpoint and those in
 * flight, and a slow record (a retry waiting) holds nothing up. The checkpoint stays within 1 KB
 * at any concurrency (see checkpointAt).
 *
 * `state` is filled as the job goes, so the caller can read the counts when it rejects.
 */
export async function runImportJob<T, F>(plan: ImportJobPlan<T, F>, state: ImportJobState<F>): Promise<void> {
  const resumed = plan.resumeFrom;
  const redo = new Set(resumed ? pendingRecords(resumed) : []);
  state.counts = Object.fromEntries([...plan.outcomes, "failed"].map((name) => [name, resumed?.counts[name] ?? 0]));
  state.done = (resumed?.next ?? 0) - redo.size;
  let taken = resumed?.next ?? 0;
  let sinceCheckpoint = 0;
  const inFlight = new Set<number>(redo);
  // What the records done past the oldest one in flight counted toward: a checkpoint that moves
  // `next` back to keep within 1 KB takes them out of its counts, as they will be done again.
  const recent = plan.onCheckpoint ? new Map<number, readonly string[]>() : undefined;
  let pruneAt = 4 * plan.concurrency;
  const prune = () => {
    const oldest = inFlight.size ? Math.min(...inFlight) : Number.POSITIVE_INFINITY;
    for (const index of recent!.keys()) if (index < oldest) recent!.delete(index);
    // Doubled past what is left, so a record held for long costs linear time, not a pass per record.
    pruneAt = Math.max(4 * plan.concurrency, 2 * recent!.size);
  };

  const checkpoint = (complete: boolean) => {
    if (!plan.onCheckpoint || state.sinkError) return;
    sinceCheckpoint = 0;
    const value = checkpointAt({ job: plan.job, version: 1, counts: { ...state.counts }, complete }, taken, inFlight);
    if (value.next < taken)
      for (const [index, counted] of recent!) if (index >= value.next) for (const name of counted) value.counts[name]!--;
    try {
      plan.onCheckpoint(value);
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
    if (recent) {
      recent.set(index, counted);
      if (recent.size > pruneAt) prune();
    }
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
