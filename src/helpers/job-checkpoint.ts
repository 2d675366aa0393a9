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
   * The records before `next` that were still in flight, as distances back from `next` (so `1` is
   * the record at `next - 1`): a resumed import sends them again. Left out when there were none.
   */
  pending?: number[];
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
  if (
    pending !== undefined &&
    (!Array.isArray(pending) || pending.some((n) => !Number.isSafeInteger(n) || n < 1 || n > (checkpoint.next as number)))
  )
    fail("pending must be a list of distances back from next");
  return checkpoint as JobCheckpoint;
}
