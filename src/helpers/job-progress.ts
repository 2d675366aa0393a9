/** How far a bulk job has come: what is done, and at what pace. */
export interface JobProgress {
  /** Records done so far, whatever their outcome, those of earlier runs (before `resumeFrom`) included. */
  done: number;
  /** Records that failed, earlier runs included. */
  failed: number;
  /** The number of records in all, when the caller gave `total`. */
  total?: number;
  /** Records done per second in this run, since it started. */
  rate: number;
  /** Seconds left at that rate, when `total` is known and the rate is above 0. */
  etaSeconds?: number;
}

/** The progress of a run that started at `startedAt` (ms) with `resumed` records already done. */
export function progressOf(done: number, failed: number, resumed: number, startedAt: number, now: number, total?: number): JobProgress {
  const seconds = Math.max(0.001, (now - startedAt) / 1000);
  const rate = Math.round(((done - resumed) / seconds) * 10) / 10;
  const progress: JobProgress = { done, failed, rate };
  if (total !== undefined) {
    progress.total = total;
    if (rate > 0) progress.etaSeconds = Math.max(0, Math.round((total - done) / rate));
  }
  return progress;
}
