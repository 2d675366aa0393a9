import {
  type BoundChatClient,
  type ChatClient,
  ChatConfigError,
  type Message,
  paginate,
  type SendMessageRequest,
  type SendThreadMessageRequest,
  unwrap,
} from "chat-rest-sdk";
import { checkClient, checkCount, checkOptions } from "./check-input.js";
import { isTransient, mayHaveApplied, retryDelayMs, sleep } from "./transient-failure.js";

/** Options of {@link sendMessageOnce}. */
export interface SendMessageOnceOptions {
  /**
   * The message whose thread the message is a reply in (`POST /messages/{id}/thread`). The
   * service needs the user the reply is from: a client bound with `as(uid)`, or `onBehalfOf`.
   * @default undefined (a message of its conversation, `POST /messages`)
   * @example "1842"
   */
  parentId?: string;
  /**
   * The user the message is from, for a client that is not bound to one with `as(uid)`.
   * @default undefined (the client's user, or the app)
   * @example "seller-7"
   */
  onBehalfOf?: string;
  /**
   * When an earlier run may have sent the message already (a process that crashed after sending,
   * with the `muid` kept): Unix milliseconds from when to look for it. With it the message is
   * looked up before the first attempt too. Without it, the lookup reaches back to when this call began.
   * @default undefined (the message is new to this call)
   * @example Date.parse("2030-01-01T10:00:00Z")
   */
  since?: number;
  /**
   * How many sends (each with the lookup before it, once one may have reached the service) to
   * try before throwing the last error. The client's own retries of an attempt that provably
   * never reached the service (a 429, a refused connection) happen within one attempt.
   * @default 5
   * @example 10
   */
  maxAttempts?: number;
  /**
   * The wait before the second attempt, in milliseconds, doubled for each one after (at most 8 s).
   * @default 500
   * @example 0
   */
  retryDelayMs?: number;
}

/** What {@link sendMessageOnce} did: sent the message now, or found it sent by an attempt whose answer was lost. */
export interface SentOnce {
  /** `sent`: this attempt's answer came back. `alreadySent`: an earlier attempt stored it; it was found by its `muid`. */
  status: "sent" | "alreadySent";
  /** The message as the service stores it (with `parentId` for a reply). */
  message: Message;
  /** The message's `muid`: the body's, or the one made for it. */
  muid: string;
  /** How many sends were made, the last one included: 0 when a lookup found it before any. */
  attempts: number;
}

/** The service's clock may run behind this machine's: the lookup reaches this far further back. */
const CLOCK_MARGIN_SECONDS = 60;
/** Messages read per request of the lookup. */
const LOOKUP_LIMIT = 100;

/**
 * Sends a message, or a reply in a thread (`parentId`), exactly once, whatever happens to the
 * answers. The SDK never repeats a POST that may have reached the service (a duplicate message
 * is worse than an error); this helper makes the repeat safe instead. The message carries a
 * `muid`, the body's or a random UUID. When an attempt fails in a way that may have stored it (a
 * dropped connection, a timeout, a 5xx: the error's `mayHaveReachedService`), the conversation's
 * messages since the send began are read (`GET /messages`, as the same user) and the one with
 * that `muid` is returned as `alreadySent`; only when none is there is the message sent again.
 * An attempt that provably never reached the service is sent again without a lookup.
 *
 * The client may be bound with `as(uid)`; a client that is not sends as the app, or as
 * `onBehalfOf`. After `maxAttempts`, the last error is thrown: when its `mayHaveReachedService`
 * is true the message may be stored, and a later call with the same `muid` and `since` finds it
 * rather than sending it again. Any other failure (a 4xx) is thrown at once, as the service's
 * answer about the message.
 *
 * @example
 * const body = { receiver: "order-1042", receiverType: "group" as const, type: "text" as const, data: { text: "Your order has shipped" } };
 * const { status, message } = await sendMessageOnce(chat.as("seller-7"), body);
 * console.log(status, message.id); // "sent" or "alreadySent", and the one stored message
 */
export async function sendMessageOnce(
  client: ChatClient | BoundChatClient,
  body: SendMessageRequest | SendThreadMessageRequest,
  options?: SendMessageOnceOptions,
): Promise<SentOnce> {
  const where = "sendMessageOnce:";
  checkClient(`${where} client`, client);
  if (typeof body !== "object" || body === null || Array.isArray(body))
    throw new ChatConfigError(`${where} body must be the body of POST /messages; nothing was sent.`);
  const checked = checkOptions<SendMessageOnceOptions>(`${where} options`, options, [
    "parentId",
    "onBehalfOf",
    "since",
    "maxAttempts",
    "retryDelayMs",
  ]);
  const { parentId, onBehalfOf, since } = checked;
  if (parentId !== undefined && (typeof parentId !== "string" || parentId === ""))
    throw new ChatConfigError(`${where} options.parentId must be a message ID; nothing was sent.`);
  if (onBehalfOf !== undefined && (typeof onBehalfOf !== "string" || onBehalfOf === ""))
    throw new ChatConfigError(`${where} options.onBehalfOf must be a UID; nothing was sent.`);
  if (since !== undefined && !(Number.isFinite(since) && since >= 0))
    throw new ChatConfigError(`${where} options.since must be Unix milliseconds; nothing was sent.`);
  const maxAttempts = checkCount(`${where} options.maxAttempts`, checked.maxAttempts, 5, 100);
  const baseDelayMs = checked.retryDelayMs ?? 500;
  if (!(Number.isFinite(baseDelayMs) && baseDelayMs >= 0))
    throw new ChatConfigError(`${where} options.retryDelayMs must be a number of milliseconds from 0; nothing was sent.`);
  const given = (body as { muid?: unknown }).muid;
  if (given !== undefined && (typeof given !== "string" || given === ""))
    throw new ChatConfigError(`${where} body.muid must be a non-empty string; nothing was sent.`);

  const muid = (given as string | undefined) ?? globalThis.crypto.randomUUID();
  const sent = { ...body, muid };
  // Typed as the unbound client: a bound one takes the same calls, its header being optional.
  const chat = client as ChatClient;
  const header = onBehalfOf === undefined ? undefined : { onBehalfOf };
  const send = async (): Promise<Message> =>
    parentId === undefined
      ? (await unwrap(chat.POST("/messages", { params: { header }, body: sent as SendMessageRequest }))).data
      : (
          await unwrap(
            chat.POST("/messages/{id}/thread", {
              params: { path: { id: parentId }, header: header as { onBehalfOf: string } },
              body: sent as SendThreadMessageRequest,
            }),
          )
        ).data;
  const fromSeconds = Math.floor((since ?? Date.now()) / 1000) - CLOCK_MARGIN_SECONDS;
  const lookup = () => findByMuid(chat, header, sent, parentId, Math.max(0, fromSeconds));

  // A message that an earlier run may have sent is looked for before the first send.
  let mayExist = since !== undefined;
  let attempts = 0;
  let last: unknown;
  for (let n = 1; n <= maxAttempts; n++) {
    if (n > 1) await sleep(retryDelayMs(baseDelayMs, n));
    try {
      if (mayExist) {
        const found = await lookup();
        if (found) return { status: "alreadySent", message: found, muid, attempts };
      }
      attempts++;
      return { status: "sent", message: await send(), muid, attempts };
    } catch (error) {
      if (!isTransient(error)) throw error;
      // Only a send can store the message: a failed lookup leaves the question as it was.
      if (mayHaveApplied(error)) mayExist = true;
      last = error;
    }
  }
  throw last;
}

/**
 * The message with the body's `muid` among the messages sent since `fromSeconds` that the sender
 * can read: in its conversation (a group's is named after it), and in the parent's thread for a
 * reply. The receiver is compared too, so that a `muid` reused for another conversation is not
 * taken for this message.
 */
async function findByMuid(
  chat: ChatClient,
  header: { onBehalfOf: string } | undefined,
  body: { muid: string; receiver?: string; receiverType?: string },
  parentId: string | undefined,
  fromSeconds: number,
): Promise<Message | undefined> {
  const receiver = body.receiver?.toLowerCase();
  const query = {
    fromTimestamp: fromSeconds,
    ...(body.receiverType === "group" && receiver ? { conversationId: `group_${receiver}` } : {}),
    ...(body.receiverType ? { receiverType: body.receiverType as "user" | "group" } : {}),
    ...(parentId === undefined ? { hideReplies: true } : {}),
  };
  // Newest first: a message whose answer was just lost is among the latest, so most lookups end
  // at the first slice; `fromTimestamp` bounds the walk back.
  const list = paginate(chat, "/messages", { params: { header }, query, limit: LOOKUP_LIMIT, direction: "backward" });
  for await (const message of list) {
    // Action and call messages carry no muid.
    if (!("muid" in message) || message.muid !== body.muid) continue;
    if (receiver !== undefined && message.receiver?.toLowerCase() !== receiver) continue;
    if (parentId !== undefined && (message as { parentId?: string }).parentId !== parentId) continue;
    return message;
  }
  return undefined;
}
