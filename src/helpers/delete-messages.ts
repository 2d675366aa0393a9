import type { BoundChatClient, ChatClient } from "chat-rest-sdk";
import { ChatConfigError, unwrap } from "chat-rest-sdk";
import { checkFlag } from "./check-input.js";
import { MESSAGE_GONE } from "./already-codes.js";
import { answered, converge, type ConvergeOptions, type ConvergeResult } from "./converge.js";
import { convergeInput } from "./converge-input.js";

/** Options of {@link deleteMessages}. */
export interface DeleteMessagesOptions extends ConvergeOptions {
  /**
   * Whether to erase the messages for good (`{ permanent: true }`) rather than mark them deleted.
   * @default false
   * @example true
   */
  permanent?: boolean;
}

const MESSAGE_ID = /^[A-Za-z0-9_-]{1,100}$/;
const checkMessageId = (where: string, value: unknown): string => {
  if (typeof value !== "string" || !MESSAGE_ID.test(value))
    throw new ChatConfigError(`${where} must be a message ID, got ${JSON.stringify(value)}; nothing was sent.`);
  return value;
};

/**
 * Deletes messages (`DELETE /messages/{id}`), so that none of `ids` is there (or, with
 * `permanent`, stored at all) when it resolves. A message already deleted (404
 * `ERR_MESSAGE_ID_NOT_FOUND`) is the state asked for: `unchanged`, or `changed` when an attempt
 * of this call whose answer was lost may have deleted it. A message ID that never existed is
 * answered the same way and so is `unchanged` too. Other failures (a 403 for a message the acting
 * user did not send) are in `failed`, by message ID in the `uid` field; the other IDs go on.
 *
 * @example
 * const { changed, unchanged, failed } = await deleteMessages(chat.as("seller-7"), ["1842", "1843"]);
 * console.log(`${changed.length} deleted, ${unchanged.length} gone already`, failed);
 */
export async function deleteMessages(
  client: ChatClient | BoundChatClient,
  ids: readonly string[],
  options?: DeleteMessagesOptions,
): Promise<ConvergeResult> {
  const where = "deleteMessages:";
  const input = convergeInput(where, client, ids, options, ["permanent"], checkMessageId);
  const permanent = checkFlag(`${where} options.permanent`, (input.checked as DeleteMessagesOptions).permanent);
  const remove = async (id: string) => {
    await unwrap(input.chat.DELETE("/messages/{id}", { params: { path: { id } }, ...(permanent ? { body: { permanent } } : {}) }));
  };
  return converge(input.ids, input.settings, remove, answered(MESSAGE_GONE, 404));
}
