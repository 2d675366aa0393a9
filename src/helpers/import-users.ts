import { ChatConfigError, type ChatClient } from "chat-rest-sdk";
import {
  checkClient,
  checkCount,
  checkFunction,
  checkOnExists,
  checkOptions,
  checkSignal,
  checkUser,
  type OnExists,
  type UserInput,
} from "./check-input.js";
import { createIfAbsent } from "./create-if-absent.js";
import { settleExistingUser } from "./existing-user.js";
import { failureOf, type HelperFailure } from "./helper-failure.js";
import { type ImportJobState, type ProgressTimers, runImportJob } from "./import-job.js";
import { ImportUsersError } from "./import-users-error.js";
import { checkCheckpoint, type JobCheckpoint } from "./job-checkpoint.js";
import { type JobProgress, progressOf } from "./job-progress.js";

export type { ProgressTimers } from "./import-job.js";

/** How far an import has come: records done, how each ended, and the pace. Counts include the runs before `resumeFrom`. */
export interface ImportProgress extends JobProgress {
  /** Users created. */
  created: number;
  /** Records whose user existed already (`updated` among them). */
  existing: number;
  /** Existing users whose fields were changed (`onExists: "update"`). */
  updated: number;
}

/** A record that failed: its position in the input, its UID and why. */
export interface ImportFailure extends HelperFailure {
  /** The record's position in the input, from 0. */
  index: number;
}

/** What {@link importUsers} did. The counts include the runs before `resumeFrom`; `failed` lists this run's failures. */
export interface ImportUsersResult {
  /** Users created. A user created by a run that crashed before its checkpoint counts as existing when the record is done again. */
  created: number;
  /** Records whose user existed already (`updated` among them). */
  existing: number;
  /** Existing users whose fields were changed (`onExists: "update"`). */
  updated: number;
  /** One entry per record that failed in this run, in the order they failed (`onFailure` gets each as it fails). */
  failed: ImportFailure[];
  /** Whether `signal` stopped the import before the input's end; the last checkpoint says where to resume. */
  stopped: boolean;
}

/** Options of {@link importUsers}. */
export interface ImportUsersOptions {
  /**
   * How many records are in flight at once; the next record is taken from the input only when one
   * is done, so at most this many are held in memory.
   * @default 8
   * @example 16
   */
  concurrency?: number;
  /**
   * What to do when a user exists: `"keep"` counts it as existing and sends nothing more;
   * `"update"` reads it and changes the fields given that differ (a partial update, as `ensureUser`).
   * Deactivated users are neither reported nor reactivated by an import.
   * @default "keep"
   * @example "update"
   */
  onExists?: OnExists;
  /**
   * Called with the progress at least once a second while the import runs, and once at the end
   * with the final counts. An error it throws stops the import (the records in flight finish) and
   * rejects the import with that error.
   * @default undefined (no progress reports)
   * @example ({ done, failed }) => console.log(`${done} users, ${failed} failed`)
   */
  onProgress?: (progress: ImportProgress) => void;
  /**
   * The timers that schedule the progress reports, for a test that moves time by hand.
   * @default globalThis (its setInterval and clearInterval)
   * @example { setInterval: (tick) => (tickNow = tick), clearInterval: () => {} }
   */
  timers?: ProgressTimers;
  /**
   * Receives a checkpoint each time `checkpointEvery` more records are done without a gap, and once
   * at the end (also when the import stops or fails): a JSON-serialisable value of under 1 KB to
   * write where it survives the process, and to pass back as `resumeFrom`. Called synchronously:
   * write it before returning (a file written and renamed, a row updated). An error it throws stops
   * the import as one of `onProgress` does.
   * @default undefined (no checkpoints)
   * @example (checkpoint) => writeFileSync("import.checkpoint.json", JSON.stringify(checkpoint))
   */
  onCheckpoint?: (checkpoint: JobCheckpoint) => void;
  /**
   * A checkpoint from an earlier run of this import, with the same records given again in the same
   * order: the records before it are read and skipped without a request, and the counts go on from
   * its counts. At most the records in flight or done past that checkpoint are sent again, and a
   * user they created already answers 409 (counted as existing).
   * @default undefined (from the first record)
   * @example JSON.parse(readFileSync("import.checkpoint.json", "utf8"))
   */
  resumeFrom?: JobCheckpoint;
  /**
   * How many records a checkpoint is apart: at most this many, plus `concurrency`, are done again
   * after a crash. (When more than about a hundred records in flight are scattered, with done
   * ones between them, the checkpoint names the oldest and goes back to the rest, to stay within
   * 1 KB: the done records among those newest ones are done again too.)
   * @default 100
   * @example 500
   */
  checkpointEvery?: number;
  /**
   * How many records the input holds, when known: progress then tells the time left (`etaSeconds`).
   * @default undefined (no estimate)
   * @example 100_000
   */
  total?: number;
  /**
   * Stops the import: no record is taken after it fires, the records in flight finish, and the last
   * checkpoint covers them. The import resolves with `stopped: true`.
   * @default undefined (runs to the input's end)
   * @example AbortSignal.timeout(60_000)
   */
  signal?: AbortSignal;
  /**
   * Receives each failed record as it fails, to keep a report that outlives a crash (a line in a file).
   * @default undefined
   * @example (failure) => appendFileSync("failed.ndjson", `${JSON.stringify({ index: failure.index, uid: failure.uid, code: failure.error.code })}\n`)
   */
  onFailure?: (failure: ImportFailure) => void;
}

const OUTCOMES = ["created", "existing", "updated"] as const;

/**
 * Creates many users, for a launch or a migration: each record is created unless its user exists
 * (`POST /users`, a 409 `ERR_UID_ALREADY_EXISTS` counting as existing). `users` is an array, an
 * iterable or an async iterable, read one record at a time as room frees up, so a million users
 * can stream from a file or a database cursor without being held in memory. At most
 * `concurrency` requests are in flight; a client with a rate-limit governor also paces them, since
 * every call goes through the client.
 *
 * It runs as a job that survives its process: with `onCheckpoint` it hands over where it stands
 * (under 1 KB of JSON) as it goes, and a new process given the same records and that checkpoint as
 * `resumeFrom` skips the records done without sending them. `signal` stops it after the records in
 * flight, with a last checkpoint. Progress tells the pace and, given `total`, the time left.
 *
 * A bad record (not a valid body of `POST /users`, or refused by the service) is reported in
 * `failed` with its position, its UID and the reason, and the import goes on. The import itself
 * rejects only on bad options (`ChatConfigError`, before anything is sent), on an error of the
 * input's iterator (an {@link ImportUsersError} with the counts so far and that error as its
 * `cause`, once the records in flight are done and `onProgress` has had its last call), or on an
 * error thrown by `onProgress`.
 *
 * @example
 * async function* readUsers() {
 *   for (let n = 1; n <= 3; n++) yield { uid: `customer-${n}`, name: `Customer ${n}` };
 * }
 * const result = await importUsers(chat, readUsers(), {
 *   concurrency: 8,
 *   onProgress: ({ done, failed }) => console.log(`${done} done, ${failed} failed`),
 * });
 * console.log(`${result.created} created, ${result.existing} existed, ${result.failed.length} failed`);
 */
export async function importUsers(
  chat: ChatClient,
  users: Iterable<UserInput> | AsyncIterable<UserInput>,
  options?: ImportUsersOptions,
): Promise<ImportUsersResult> {
  const where = "importUsers:";
  checkClient(`${where} chat`, chat);
  if (typeof users !== "object" || users === null || !(Symbol.iterator in users || Symbol.asyncIterator in users))
    throw new ChatConfigError(`${where} users must be an array, an iterable or an async iterable of users; nothing was sent.`);
  const checked = checkOptions<ImportUsersOptions>(`${where} options`, options, IMPORT_USERS_OPTIONS);
  const concurrency = checkCount(`${where} options.concurrency`, checked.concurrency, 8, 256);
  const onExists = checkOnExists(`${where} options.onExists`, checked.onExists);
  const onProgress = checkFunction<(progress: ImportProgress) => void>(`${where} options.onProgress`, checked.onProgress);
  const onCheckpoint = checkFunction<(checkpoint: JobCheckpoint) => void>(`${where} options.onCheckpoint`, checked.onCheckpoint);
  const onFailure = checkFunction<(failure: ImportFailure) => void>(`${where} options.onFailure`, checked.onFailure);
  const resumeFrom = checkCheckpoint(`${where} options.resumeFrom`, "importUsers", checked.resumeFrom);
  const checkpointEvery = checkCount(`${where} options.checkpointEvery`, checked.checkpointEvery, 100, 1_000_000);
  const total = checked.total === undefined ? undefined : checkCount(`${where} options.total`, checked.total, 1, Number.MAX_SAFE_INTEGER);
  const timers = checked.timers ?? globalThis;
  checkSignal(`${where} options.signal`, checked.signal);

  const startedAt = Date.now();
  const state: ImportJobState<ImportFailure> = { counts: {}, failed: [], done: 0, stopped: false };
  const counts = () => ({ created: state.counts.created!, existing: state.counts.existing!, updated: state.counts.updated! });
  const report = () =>
    onProgress!({
      ...progressOf(state.done, state.counts.failed!, resumeFrom?.next ?? 0, startedAt, Date.now(), total),
      ...counts(),
    });

  const importOne = async (record: UserInput, index: number) => {
    try {
      const input = checkUser(`${where} record ${index}`, record);
      const outcome = await createIfAbsent(chat.POST("/users", { body: input, idempotent: true }), "ERR_UID_ALREADY_EXISTS");
      if (outcome.created) return ["created"];
      if (onExists === "update") {
        const plan = { onExists, reactivate: false, checkDeactivated: false };
        if ((await settleExistingUser(chat, input, outcome.conflict, plan)).updated) return ["existing", "updated"];
      }
      return ["existing"];
    } catch (error) {
      return { failure: { index, ...failureOf(uidOf(record), error) } };
    }
  };

  await runImportJob(
    {
      job: "importUsers",
      source: users,
      concurrency,
      outcomes: OUTCOMES,
      resumeFrom,
      checkpointEvery,
      onCheckpoint,
      report: onProgress && report,
      timers,
      signal: checked.signal,
      run: importOne,
      onFailure,
    },
    state,
  );
  if (state.sinkError) throw state.sinkError.error;
  const result = { ...counts(), failed: state.failed, stopped: state.stopped };
  if (state.inputError) throw new ImportUsersError(state.done, result, state.inputError.error);
  return result;
}

export const IMPORT_USERS_OPTIONS = [
  "concurrency",
  "onExists",
  "onProgress",
  "timers",
  "onCheckpoint",
  "resumeFrom",
  "checkpointEvery",
  "total",
  "signal",
  "onFailure",
] as const;

/**
 * What a record holds as its UID, for its failure entry: in lower case when it is a string. Any
 * other value is only described: String() throws on an object without a prototype or with a
 * toString that throws, and a record's failure must never fail the import.
 */
function uidOf(record: unknown): string {
  let uid: unknown;
  try {
    uid = (record as { uid?: unknown } | null)?.uid;
  } catch {
    return "";
  }
  if (typeof uid === "string") return uid.toLowerCase();
  if (uid === undefined) return "";
  if (typeof uid === "function") return "a function";
  if (typeof uid === "object") return uid === null ? "null" : Array.isArray(uid) ? "an array" : "an object";
  return String(uid);
}
