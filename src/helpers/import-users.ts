import { ChatConfigError, type ChatClient } from "chat-rest-sdk";
import {
  checkClient,
  checkCount,
  checkFunction,
  checkOnExists,
  checkOptions,
  checkUser,
  type OnExists,
  type UserInput,
} from "./check-input.js";
import { createIfAbsent } from "./create-if-absent.js";
import { settleExistingUser } from "./existing-user.js";
import { forEachLimited } from "./for-each-limited.js";
import { ImportUsersError } from "./import-users-error.js";
import { failureOf, type HelperFailure } from "./helper-failure.js";

/** How far an import has come: records done, and how each ended. */
export interface ImportProgress {
  /** Records done so far, whatever their outcome. */
  done: number;
  /** Users created. */
  created: number;
  /** Records whose user existed already (`updated` among them). */
  existing: number;
  /** Existing users whose fields were changed (`onExists: "update"`). */
  updated: number;
  /** Records that failed. */
  failed: number;
}

/** A record that failed: its position in the input, its UID and why. */
export interface ImportFailure extends HelperFailure {
  /** The record's position in the input, from 0. */
  index: number;
}

/** What {@link importUsers} did. */
export interface ImportUsersResult {
  /** Users created. */
  created: number;
  /** Records whose user existed already (`updated` among them). */
  existing: number;
  /** Existing users whose fields were changed (`onExists: "update"`). */
  updated: number;
  /** One entry per record that failed, in the order they failed. */
  failed: ImportFailure[];
}

/** The timers {@link importUsers} reports progress with: the shape of `setInterval` and `clearInterval`. */
export interface ProgressTimers {
  setInterval(callback: () => void, ms: number): unknown;
  clearInterval(handle: never): void;
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
}

const PROGRESS_INTERVAL_MS = 1000;

/**
 * Creates many users, for a launch or a migration: each record is created unless its user exists
 * (`POST /users`, a 409 `ERR_UID_ALREADY_EXISTS` counting as existing). `users` is an array, an
 * iterable or an async iterable, read one record at a time as room frees up, so a million users
 * can stream from a file or a database cursor without being held in memory. At most
 * `concurrency` requests are in flight; a client with a rate-limit governor also paces them, since
 * every call goes through the client.
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
  const checked = checkOptions<ImportUsersOptions>(`${where} options`, options, ["concurrency", "onExists", "onProgress", "timers"]);
  const concurrency = checkCount(`${where} options.concurrency`, checked.concurrency, 8, 256);
  const onExists = checkOnExists(`${where} options.onExists`, checked.onExists);
  const onProgress = checkFunction<(progress: ImportProgress) => void>(`${where} options.onProgress`, checked.onProgress);
  const timers = checked.timers ?? globalThis;

  const counts = { created: 0, existing: 0, updated: 0 };
  const failed: ImportFailure[] = [];
  let done = 0;
  let progressError: { error: unknown } | undefined;
  const report = () => {
    if (!onProgress || progressError) return;
    try {
      onProgress({ done, ...counts, failed: failed.length });
    } catch (error) {
      progressError = { error };
    }
  };

  const importOne = async (record: UserInput, index: number) => {
    try {
      const input = checkUser(`${where} record ${index}`, record);
      const outcome = await createIfAbsent(chat.POST("/users", { body: input, idempotent: true }), "ERR_UID_ALREADY_EXISTS");
      if (outcome.created) counts.created++;
      else {
        if (onExists === "update") {
          const plan = { onExists, reactivate: false, checkDeactivated: false };
          if ((await settleExistingUser(chat, input, outcome.conflict, plan)).updated) counts.updated++;
        }
        counts.existing++;
      }
    } catch (error) {
      failed.push({ index, ...failureOf(uidOf(record), error) });
    }
    done++;
  };

  const timer = onProgress ? timers.setInterval(report, PROGRESS_INTERVAL_MS) : undefined;
  let inputError: { error: unknown } | undefined;
  try {
    await forEachLimited(users, concurrency, importOne, () => progressError !== undefined);
  } catch (error) {
    // importOne settles every record, so this is the input's iterator failing.
    inputError = { error };
  } finally {
    if (onProgress) timers.clearInterval(timer as never);
  }
  // The final report comes whatever ended the import: the users created so far exist.
  report();
  if (progressError) throw progressError.error;
  if (inputError) throw new ImportUsersError(done, { ...counts, failed }, inputError.error);
  return { ...counts, failed };
}

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
