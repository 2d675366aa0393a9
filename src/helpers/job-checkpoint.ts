import { ChatConfigError } from "chat-rest-sdk";

/**
 * Where a bulk job stands, as a small JSON-serialisable value (well under 1 KB): hand it back as
 * `resumeFrom`, in this process or another, with the same input, and the job goes on from there.
 * Write it somewhere that survives the process (a file, a database row) each time it is handed over.
 */
export interface JobCheckpoint {
  /** The job that wrote it (`importUsers`, `importGroups`, `exportUsers`, ...); another job refuses it. */
  job: string;
  /** The layout of the value. */
  version: 1;
  /**
   * The input records before this position were taken, and are done but those in `pending`: a
   * resumed job reads them from the input again but sends nothing for them. For an export, the
   * number of lines written.
   */
  next: number;
  /**
   * The records before `next` that were still in flight, as runs of neighbours: `[back, count]` is
   * the `count` records from `next - back` on (so `[3, 2]` is the records at `next - 3` and
   * `next - 2`). A resumed import sends them again. Left out when there were none.
   */
  pending?: [back: number, count: number][];
  /** How the records done ended, by outcome (`created`, `existing`, `failed`, ...). */
  counts: Record<string, number>;
  /** Where an export's list goes on from (its page, or the cursor of its last message). */
  position?: Record<string, string | number>;
  /** Whether the job ran to its end. */
  complete: boolean;
}

/** The largest checkpoint a job hands over, in bytes of its JSON. */
export const MAX_CHECKPOINT_BYTES = 1024;

/** `value`, checked as a checkpoint of `job`: a ChatConfigError naming what is wrong, before anything is sent. */
export function checkCheckpoint(where: string, job: string, value: unknown): JobCheckpoint | undefined {
  if (value === undefined) return undefined;
  const fail = (why: string): never => {
    throw new ChatConfigError(`${where} ${why}; nothing was sent.`);
  };
  const checkpoint = value as Partial<JobCheckpoint> | null;
  if (typeof checkpoint !== "object" || checkpoint === null || Array.isArray(checkpoint)) return fail("must be a checkpoint object");
  if (checkpoint.job !== job) fail(`is a checkpoint of ${JSON.stringify(checkpoint.job)}, not of ${job}`);
  if (checkpoint.version !== 1) fail(`has version ${JSON.stringify(checkpoint.version)}; this job reads version 1`);
  if (!Number.isSafeInteger(checkpoint.next) || (checkpoint.next as number) < 0) fail("next must be a whole number");
  const counts = checkpoint.counts;
  if (typeof counts !== "object" || counts === null || Object.values(counts).some((n) => !Number.isSafeInteger(n) || n < 0))
    fail("counts must be an object of whole numbers");
  const pending = checkpoint.pending;
  const isRun = (run: unknown) =>
    Array.isArray(run) &&
    run.length === 2 &&
    run.every((n) => Number.isSafeInteger(n) && n >= 1) &&
    run[1] <= run[0] &&
    run[0] <= (checkpoint.next as number);
  if (pending !== undefined && (!Array.isArray(pending) || !pending.every(isRun)))
    fail("pending must be a list of [back, count] runs before next");
  return checkpoint as JobCheckpoint;
}

/** The positions of the records a checkpoint's `pending` names, to be sent again. */
export function pendingRecords(checkpoint: JobCheckpoint): number[] {
  return (checkpoint.pending ?? []).flatMap(([back, count]) => Array.from({ length: count }, (_, i) => checkpoint.next - back + i));
}

/**
 * The checkpoint of a job that took the records before `taken`, of which those at `inFlight` (in
 * any order) are not done: the records in flight as runs of neighbours, so a thousand in a row
 * cost a few bytes. When scattered runs would take the value past {@link MAX_CHECKPOINT_BYTES},
 * the newest runs are left out and `next` moves back to the first of them: the records from there
 * on are sent again on resume, the done ones among them too, and the value keeps its bound
 * whatever the concurrency.
 */
export function checkpointAt(base: Omit<JobCheckpoint, "next" | "pending">, taken: number, inFlight: Iterable<number>): JobCheckpoint {
  const sorted = [...inFlight].sort((a, b) => a - b);
  const runs: [first: number, count: number][] = [];
  for (const index of sorted) {
    const last = runs.at(-1);
    if (last && last[0] + last[1] === index) last[1]++;
    else runs.push([index, 1]);
  }
  const at = (kept: number): JobCheckpoint => {
    const next = kept === runs.length ? taken : runs[kept]![0];
    const pending = runs.slice(0, kept).map(([first, count]): [number, number] => [next - first, count]);
    return { ...base, next, ...(pending.length ? { pending } : {}) };
  };
  const fits = (checkpoint: JobCheckpoint) => new TextEncoder().encode(JSON.stringify(checkpoint)).length <= MAX_CHECKPOINT_BYTES;
  const all = at(runs.length);
  if (fits(all)) return all;
  // Fewer runs kept is never longer (fewer entries, a smaller next, shorter distances): the most
  // that fit is found by halving, a few serialisations even at concurrency 256.
  let low = 0;
  let high = runs.length - 1;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (fits(at(middle))) low = middle;
    else high = middle - 1;
  }
  return at(low);
}
