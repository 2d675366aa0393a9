import type { BoundChatClient, ChatClient } from "chat-rest-sdk";
import { unwrap } from "chat-rest-sdk";
import { checkId } from "./check-input.js";
import { converge, type ConvergeOptions, type ConvergeResult } from "./converge.js";
import { convergeInput } from "./converge-input.js";

/**
 * Bans users from a group (`POST /groups/{guid}/bannedusers/{uid}`), so that each of `uids` is
 * banned (and so no longer a member) when it resolves. A ban is safe to repeat (the service
 * answers a repeated ban as a ban), so it is sent as idempotent: the client repeats it after a
 * lost answer or a 5xx, and the helper after the client's retries, up to `maxAttempts`. Every UID
 * banned is in `changed`: the answer does not tell a ban from a repeated one. A failure is
 * reported in `failed` (an unknown user or group, the owner, a member the acting user may not
 * ban); the other UIDs go on. A client bound with `as(uid)` bans as that user.
 *
 * @example
 * const { changed, failed } = await banUsers(chat, "marketplace-lobby", ["spammer-9"]);
 * console.log(`${changed.length} banned`, failed);
 */
export async function banUsers(
  client: ChatClient | BoundChatClient,
  guid: string,
  uids: readonly string[],
  options?: ConvergeOptions,
): Promise<ConvergeResult> {
  const where = "banUsers:";
  const group = checkId(`${where} guid`, guid);
  const { chat, ids, settings } = convergeInput(where, client, uids, options);
  const ban = async (uid: string) => {
    await unwrap(chat.POST("/groups/{guid}/bannedusers/{uid}", { params: { path: { guid: group, uid } }, idempotent: true }));
  };
  return converge(ids, settings, ban, () => false);
}
