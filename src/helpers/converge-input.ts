import type { BoundChatClient, ChatClient } from "chat-rest-sdk";
import { checkArray, checkClient, checkCount, checkId, checkOptions } from "./check-input.js";
import { CONVERGE_OPTIONS, type ConvergeOptions } from "./converge.js";
import { ChatConfigError } from "chat-rest-sdk";

/** The checked input of a converging helper: the client (bound or not, typed as unbound), the IDs once each in lower case, and the settings. */
export function convergeInput<O extends ConvergeOptions>(
  where: string,
  client: ChatClient | BoundChatClient,
  uids: unknown,
  options: O | undefined,
  extra: readonly string[] = [],
  checkOne: (where: string, value: unknown) => string = checkId,
) {
  checkClient(`${where} client`, client);
  const ids = [...new Set(checkArray(`${where} ids`, uids).map((id, i) => checkOne(`${where} ids[${i}]`, id)))];
  const checked = checkOptions<O>(`${where} options`, options, [...CONVERGE_OPTIONS, ...extra]);
  const retryDelayMs = checked.retryDelayMs ?? 500;
  if (!(typeof retryDelayMs === "number" && Number.isFinite(retryDelayMs) && retryDelayMs >= 0))
    throw new ChatConfigError(`${where} options.retryDelayMs must be a number of milliseconds from 0; nothing was sent.`);
  const settings = {
    concurrency: checkCount(`${where} options.concurrency`, checked.concurrency, 4, 64),
    maxAttempts: checkCount(`${where} options.maxAttempts`, checked.maxAttempts, 3, 100),
    retryDelayMs,
  };
  return { chat: client as ChatClient, ids, settings, checked };
}
