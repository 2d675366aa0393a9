import type { ChatClient } from "chat-rest-sdk";
import { unwrap } from "chat-rest-sdk";
import { type AttemptsFailed, type ConvergeOptions, type ConvergeResult, withAttempts } from "./converge.js";
import { convergeInput } from "./converge-input.js";
import { forEachLimited } from "./for-each-limited.js";
import { failureOf, type HelperFailure } from "./helper-failure.js";

/** The most UIDs `DELETE /users` takes in one request. */
const BATCH = 25;

/**
 * Deactivates users (`DELETE /users` with `uidsToDeactivate`, 25 UIDs a request, the service's
 * limit), so that each of `uids` is deactivated when it resolves. Deactivating is safe to repeat,
 * and the client repeats it after a lost answer: the service names a user deactivated already
 * among the ones it deactivated, so such a user is in `changed`, the answer telling no difference.
 * A UID the service leaves out of its answer (no such user) is in `failed` with
 * `ERR_UID_NOT_FOUND`; a request that fails reports its UIDs there, and the other batches go on.
 *
 * @example
 * const { changed, failed } = await deactivateUsers(chat, ["buyer-42", "buyer-43"]);
 * console.log(`${changed.length} deactivated`, failed);
 */
export async function deactivateUsers(chat: ChatClient, uids: readonly string[], options?: ConvergeOptions): Promise<ConvergeResult> {
  const where = "deactivateUsers:";
  const input = convergeInput(where, chat, uids, options);
  const batches: string[][] = [];
  for (let at = 0; at < input.ids.length; at += BATCH) batches.push(input.ids.slice(at, at + BATCH));
  const changed: string[] = [];
  const failed: HelperFailure[] = [];
  await forEachLimited(batches, input.settings.concurrency, async (batch) => {
    try {
      const { data } = await withAttempts(input.settings, () => unwrap(input.chat.DELETE("/users", { body: { uidsToDeactivate: batch } })));
      const done = new Set(data.deactivatedUids.map((uid) => uid.toLowerCase()));
      for (const uid of batch) {
        if (done.has(uid)) changed.push(uid);
        else
          failed.push({
            uid,
            error: { code: "ERR_UID_NOT_FOUND", message: `DELETE /users did not deactivate ${uid}: no user has this UID.` },
          });
      }
    } catch (error) {
      for (const uid of batch) failed.push(failureOf(uid, (error as AttemptsFailed).cause));
    }
  });
  const byUid = (a: HelperFailure, b: HelperFailure) => (a.uid < b.uid ? -1 : a.uid > b.uid ? 1 : 0);
  return { changed: changed.sort(), unchanged: [], failed: failed.sort(byUid) };
}
