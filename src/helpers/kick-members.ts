import type { BoundChatClient, ChatClient } from "chat-rest-sdk";
import { unwrap } from "chat-rest-sdk";
import { NOT_A_MEMBER } from "./already-codes.js";
import { checkId } from "./check-input.js";
import { answered, converge, type ConvergeOptions, type ConvergeResult } from "./converge.js";
import { convergeInput } from "./converge-input.js";

/**
 * Removes members from a group (`DELETE /groups/{guid}/members/{uid}`, which the service calls a
 * kick), so that none of `uids` is a member when it resolves. A user who is not a member (404
 * `ERR_UID_NOT_FOUND`, `ERR_NOT_A_MEMBER`, `ERR_GROUP_NOT_JOINED`) is the state asked for, not
 * an error: `unchanged`, or `changed` when an attempt of this call whose answer was lost may have
 * kicked them. The client repeats a DELETE after a lost answer on its own; a 404 that follows is
 * how the first attempt's success shows. Anything else is reported in `failed` (a
 * `NotFoundError` `ERR_GUID_NOT_FOUND` for an unknown group, a 403 for a member the acting user
 * may not kick); the other UIDs go on. A client bound with `as(uid)` kicks as that user.
 *
 * @example
 * const { changed, unchanged, failed } = await kickMembers(chat, "order-1042", ["courier-3", "buyer-42"]);
 * console.log(`${changed.length} kicked, ${unchanged.length} were not members`);
 * for (const { uid, error } of failed) console.warn(`${uid}: ${error.code} ${error.message}`);
 */
export async function kickMembers(
  client: ChatClient | BoundChatClient,
  guid: string,
  uids: readonly string[],
  options?: ConvergeOptions,
): Promise<ConvergeResult> {
  const where = "kickMembers:";
  const group = checkId(`${where} guid`, guid);
  const { chat, ids, settings } = convergeInput(where, client, uids, options);
  const kick = async (uid: string) => {
    await unwrap(chat.DELETE("/groups/{guid}/members/{uid}", { params: { path: { guid: group, uid } } }));
  };
  return converge(ids, settings, kick, answered(NOT_A_MEMBER, 404));
}
