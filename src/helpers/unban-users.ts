import type { BoundChatClient, ChatClient } from "chat-rest-sdk";
import { unwrap } from "chat-rest-sdk";
import { NOT_BANNED } from "./already-codes.js";
import { checkId } from "./check-input.js";
import { answered, converge, type ConvergeOptions, type ConvergeResult } from "./converge.js";
import { convergeInput } from "./converge-input.js";

/**
 * Lifts the bans of users from a group (`DELETE /groups/{guid}/bannedusers/{uid}`), so that none
 * of `uids` is banned when it resolves. A user who is not banned (404 `ERR_UID_NOT_FOUND`) is the
 * state asked for: `unchanged`, or `changed` when an attempt of this call whose answer was lost
 * may have unbanned them. An unban does not make the user a member again. Other failures are in
 * `failed` (a `NotFoundError` `ERR_GUID_NOT_FOUND` for an unknown group); the other UIDs go on.
 *
 * @example
 * const { changed, unchanged } = await unbanUsers(chat, "marketplace-lobby", ["buyer-42"]);
 * console.log(`${changed.length} unbanned, ${unchanged.length} were not banned`);
 */
export async function unbanUsers(
  client: ChatClient | BoundChatClient,
  guid: string,
  uids: readonly string[],
  options?: ConvergeOptions,
): Promise<ConvergeResult> {
  const where = "unbanUsers:";
  const group = checkId(`${where} guid`, guid);
  const { chat, ids, settings } = convergeInput(where, client, uids, options);
  const unban = async (uid: string) => {
    await unwrap(chat.DELETE("/groups/{guid}/bannedusers/{uid}", { params: { path: { guid: group, uid } } }));
  };
  return converge(ids, settings, unban, answered(NOT_BANNED, 404));
}
