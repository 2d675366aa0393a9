import type { ImportUsersResult } from "./import-users.js";

/**
 * The rejection of an import whose input failed midway (its iterator threw): what the import did
 * before, since the users created are created, and a caller resuming the import needs to know
 * how far it came. The input's own error is the `cause`.
 *
 * @example
 * try {
 *   await importUsers(chat, readUsers());
 * } catch (error) {
 *   if (error instanceof ImportUsersError) console.log(`${error.done} records done, ${error.result.created} created`, error.cause);
 *   else throw error;
 * }
 */
export class ImportUsersError extends Error {
  override readonly name = "ImportUsersError";
  /** Records done before the input failed, whatever their outcome. */
  readonly done: number;
  /** What those records came to: the counts and failures so far. */
  readonly result: ImportUsersResult;

  constructor(done: number, result: ImportUsersResult, cause: unknown) {
    const { created, existing, failed } = result;
    const reason = cause instanceof Error ? cause.message : String(cause);
    super(
      `importUsers: the input failed after ${done} records (${created} created, ${existing} existing, ${failed.length} failed): ${reason}`,
      { cause },
    );
    this.done = done;
    this.result = result;
  }
}
