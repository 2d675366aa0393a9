// Internal: messages to users and groups, edits, deletions, threads and the three cursor lists.
import { badField, FakeError, groupNotJoined, messageActionNotAllowed, messageNotASender, messageNotFound } from "../pipeline/fake-error";
import { type FakeStore, nowSeconds, type StoredMessage } from "../state/fake-store";
import type { Handler, HandlerContext } from "./handler";
import { inListOrder, sliceOf, type CursorQuery } from "./paging";
import { pick } from "./pick";
import { groupView, requireGroup } from "./groups";
import { storeAction, userParty } from "./action-messages";
import { APP_SENDER, entityOf, requireUser } from "./users";
import { cloneValue } from "../state/clone";

/** A message of {@link FakeSeed}. `sender` defaults to the app; `text` is a shortcut for `data.text`. */
export interface FakeMessageSeed {
  sender?: string;
  receiver: string;
  receiverType: "user" | "group";
  category?: "message" | "custom";
  type?: string;
  text?: string;
  data?: Record<string, unknown>;
  tags?: string[];
  /** The sender's own id for the message, returned as it was given. */
  muid?: string;
  /** Unix seconds; defaults to now. Seeding older messages gives a conversation its history. */
  sentAt?: number;
  /** The parent message, for a thread reply. */
  parentId?: string;
}

/** The conversation of two users is named after both, in alphabetical order, as in the service. */
export function conversationId(receiverType: "user" | "group", sender: string, receiver: string): string {
  if (receiverType === "group") return `group_${receiver}`;
  const [a, b] = [sender, receiver].sort();
  return `${a}_user_${b}`;
}

/**
 * Whether `uid` is one of the two users of the one-to-one conversation `id` (`a_user_b`). Read from
 * the id, not from a message's sender: an action message's sender is whoever acted (the app, say).
 */
export function isPartyOf(id: string, uid: string): boolean {
  const head = `${uid}_user_`;
  const tail = `_user_${uid}`;
  if (id.startsWith(head) && conversationId("user", uid, id.slice(head.length)) === id) return true;
  return id.endsWith(tail) && conversationId("user", uid, id.slice(0, -tail.length)) === id;
}

/**
 * Stores a message after the service's checks: the receiver exists, a group's sender is a member
 * (the app may send anywhere), and a thread's parent exists and is not itself a reply.
 */
export function sendMessage(store: FakeStore, seed: FakeMessageSeed): StoredMessage {
  const sender = (seed.sender ?? APP_SENDER).toLowerCase();
  if (sender !== APP_SENDER) requireUser(store, sender);
  const { receiverType } = seed;
  if (!seed.receiver) throw badField("receiver", "is required");
  if (!receiverType) throw badField("receiverType", "is required");
  let receiver = seed.receiver.toLowerCase();
  if (receiverType === "user") {
    if (!store.liveUser(receiver)) throw badField("receiver", `names no user: ${receiver}`, "ERR_UID_NOT_FOUND");
  } else {
    const group = store.groups.get(receiver);
    if (!group) throw badField("receiver", `names no group: ${receiver}`, "ERR_GUID_NOT_FOUND");
    receiver = group.guid;
    if (sender !== APP_SENDER && !store.members.get(group.guid)?.has(sender)) throw groupNotJoined(sender, group.guid);
  }
  let parent: StoredMessage | undefined;
  if (seed.parentId !== undefined) {
    parent = store.messages.get(seed.parentId);
    if (!parent || parent.deletedAt !== undefined) throw messageNotFound(seed.parentId);
    if (parent.parentId !== undefined)
      throw new FakeError(400, "ERR_MESSAGE_THREAD_NESTING", `The message ${parent.id} is itself a reply; threads do not nest.`);
    if (parent.conversationId !== conversationId(receiverType, sender, receiver))
      throw new FakeError(400, "ERR_WRONG_MESSAGE_THREAD", `A reply goes to the conversation of its parent message ${parent.id}.`);
  }
  store.claim();
  const sentAt = seed.sentAt ?? nowSeconds(store);
  const data: StoredMessage["data"] = { ...(seed.data ?? {}), ...(seed.text !== undefined ? { text: seed.text } : {}) };
  const mentions = mentionsIn(store, data.text);
  if (mentions) data.mentions = mentions;
  const message: StoredMessage = {
    id: store.nextMessageId(),
    conversationId: conversationId(receiverType, sender, receiver),
    sender,
    receiverType,
    receiver,
    category: seed.category ?? "message",
    type: seed.type ?? "text",
    data,
    sentAt,
    updatedAt: sentAt,
    ...(seed.tags ? { tags: seed.tags } : {}),
    ...(seed.muid ? { muid: seed.muid } : {}),
    ...(parent ? { parentId: parent.id } : {}),
  };
  store.messages.set(message.id, message);
  if (parent) parent.replyCount = (parent.replyCount ?? 0) + 1;
  return message;
}

/** Whether a message counts toward `reader`'s unread messages: one another user sent, not an action message. */
export function countsAsUnread(message: StoredMessage, reader: string): boolean {
  return message.sender !== reader && message.category !== "action";
}

/** The service reads mentions as `<@uid:...>` in the text, at most this many distinct users. */
const MAX_MENTIONS = 10;

/** The users a text mentions (`<@uid:ada>`), by UID, as parties; undefined when it mentions none that exist. */
function mentionsIn(store: FakeStore, text: unknown): Record<string, Record<string, unknown>> | undefined {
  if (typeof text !== "string" || !text.includes("<@uid:")) return undefined;
  const uids = new Set<string>();
  for (const [, uid] of text.matchAll(/<@uid:([^>\s]{1,100})>/g)) {
    const stored = store.liveUser(uid!);
    if (stored && uids.size < MAX_MENTIONS) uids.add(stored.user.uid);
  }
  return uids.size ? Object.fromEntries([...uids].map((uid) => [uid, entityOf(store, uid)])) : undefined;
}

function requireMessage(store: FakeStore, id: string): StoredMessage {
  const message = store.messages.get(id);
  if (!message) throw messageNotFound(id);
  return message;
}

const view = (message: StoredMessage) => cloneValue(message);

/** Stores and returns the action message of an edit or a deletion, naming who did what to which message. */
function actionOn(store: FakeStore, message: StoredMessage, action: "edited" | "deleted", by: string) {
  const group = message.receiverType === "group" ? store.groups.get(message.receiver) : undefined;
  const { receipts: _receipts, ...on } = view(message);
  return view(
    storeAction(store, {
      receiverType: message.receiverType,
      receiver: message.receiver,
      conversationId: message.conversationId,
      by,
      type: "message",
      action,
      entities: {
        for: group ? { entity: groupView(store, group), entityType: "group" } : userParty(store, message.receiver),
        on: { entity: on, entityType: "message" },
      },
    }),
  );
}

/**
 * Who may edit or delete a message: the app (a request without `onBehalfOf`) any message, a user
 * the messages they sent, and a group's admins and moderators every message of the group, as the
 * service's documentation of editing and deleting says. An action message is never changed.
 */
function requireMayChange(store: FakeStore, message: StoredMessage, actor: string | undefined): void {
  if (message.category === "action") throw messageActionNotAllowed(message.id);
  if (actor === undefined || actor === message.sender) return;
  const scope = message.receiverType === "group" ? store.members.get(message.receiver)?.get(actor)?.scope : undefined;
  if (scope === "admin" || scope === "moderator") return;
  throw messageNotASender(message.id, actor);
}

/** The message as a `message_sent` event carries it: with its sender and receiver in `data.entities`, as the service sends it. */
function sentEvent(store: FakeStore, message: StoredMessage) {
  const group = message.receiverType === "group" ? store.groups.get(message.receiver) : undefined;
  const receiver = group
    ? { entity: groupView(store, group), entityType: "group" }
    : { entity: entityOf(store, message.receiver), entityType: "user" };
  const sent = view(message);
  const entities = { sender: { entity: entityOf(store, message.sender), entityType: "user" }, receiver };
  sent.data = { ...sent.data, entities: entities as unknown as StoredMessage["data"]["entities"] };
  return { message: sent };
}

/** Sends, then tells the webhooks: of the message, and of the users it mentions. */
function sent(store: FakeStore, message: StoredMessage) {
  const event = sentEvent(store, message);
  store.emit("message_sent", event);
  if (message.data.mentions) store.emit("user_mentioned", event);
  return { data: view(message) };
}

function cursorQuery(query: Record<string, unknown>): CursorQuery {
  return {
    affix: query.affix as CursorQuery["affix"],
    sentAt: query.sentAt as number | undefined,
    id: query.id as string | undefined,
    limit: query.limit as number | undefined,
  };
}

/** The filters the message lists share: kinds, senders, tags, times, replies, deletions, text and blocked senders. */
function filtered(context: HandlerContext, messages: Iterable<StoredMessage>): StoredMessage[] {
  const { query, store, actor } = context;
  const categories = [...((query.categories as string[] | undefined) ?? []), ...(query.category ? [String(query.category)] : [])];
  const types = [...((query.types as string[] | undefined) ?? []), ...(query.type ? [String(query.type)] : [])];
  const tags = query.tags as string[] | undefined;
  const needle = query.searchKey === undefined ? undefined : String(query.searchKey).toLowerCase();
  // The service hides the messages of the users the reader blocked where the list offers it.
  const hideBlocked = actor !== undefined && query.hideMessagesFromBlockedUsers === true;
  // Unread and undelivered are the reader's: what others sent after the reader's marks, as the
  // conversation's unreadMessageCount counts it. Without onBehalfOf there is no reader to ask for.
  const marksOf = (message: StoredMessage) => store.domain.marks.get(actor!)?.get(message.conversationId);
  const after = (message: StoredMessage, mark: number | undefined) => countsAsUnread(message, actor!) && Number(message.id) > (mark ?? 0);
  const unread = actor !== undefined && query.unread === true;
  const undelivered = actor !== undefined && query.undelivered === true;
  const list = [...messages].filter((message) => {
    if (unread && !after(message, marksOf(message)?.readUpTo)) return false;
    if (undelivered && !after(message, marksOf(message)?.deliveredUpTo)) return false;
    if (query.hideDeleted && message.deletedAt !== undefined) return false;
    if (query.onlyDeleted && message.deletedAt === undefined) return false;
    if (query.hideReplies && message.parentId !== undefined) return false;
    if (categories.length && !categories.includes(message.category)) return false;
    if (types.length && !types.includes(message.type)) return false;
    if (query.sender !== undefined && message.sender !== String(query.sender).toLowerCase()) return false;
    if (query.receiverType !== undefined && message.receiverType !== query.receiverType) return false;
    if (query.conversationId !== undefined && message.conversationId !== query.conversationId) return false;
    if (tags?.length && !tags.some((tag) => message.tags?.includes(tag))) return false;
    if (query.fromTimestamp !== undefined && message.sentAt < (query.fromTimestamp as number)) return false;
    if (query.toTimestamp !== undefined && message.sentAt > (query.toTimestamp as number)) return false;
    if (
      needle !== undefined &&
      !String(message.data.text ?? "")
        .toLowerCase()
        .includes(needle)
    )
      return false;
    if (hideBlocked && store.isBlocked(actor, message.sender)) return false;
    return true;
  });
  return inListOrder(list);
}

function slice(context: HandlerContext, messages: Iterable<StoredMessage>) {
  const { data, meta } = sliceOf(filtered(context, messages), cursorQuery(context.query));
  return { data: data.map(view), meta };
}

/** The fields of a message that a request may set; the service sets the rest (and `muid` is the client's own id). */
const MESSAGE_FIELDS = ["receiver", "receiverType", "category", "type", "data", "tags", "muid"] as const;

/**
 * A text message (category `message`, type `text`, the defaults) must carry text: the service's
 * `ERR_EMPTY_MESSAGE_TEXT` otherwise, for a missing `data`, a missing `text` or an empty one.
 */
function requireText(body: { category?: string; type?: string; data?: { text?: unknown } } | undefined): void {
  if ((body?.category ?? "message") !== "message" || (body?.type ?? "text") !== "text") return;
  const text = body?.data?.text;
  if (typeof text !== "string" || text === "")
    throw new FakeError(400, "ERR_EMPTY_MESSAGE_TEXT", "A text message needs a non-empty data.text.", {
      "data.text": ["data.text is required and may not be empty for a text message"],
    });
}

/** The users and groups `multipleReceivers` names, each once, in the order given; undefined when it is not sent. */
function multipleReceivers(body: { multipleReceivers?: { uids?: string[]; guids?: string[] } } | undefined) {
  const named = body?.multipleReceivers;
  if (named === undefined) return undefined;
  const uids = [...new Set((named.uids ?? []).map((uid) => uid.toLowerCase()))];
  const guids = [...new Set((named.guids ?? []).map((guid) => guid.toLowerCase()))];
  if (!uids.length && !guids.length) throw badField("multipleReceivers", "names no user and no group");
  return [
    ...uids.map((receiver) => ({ receiver, receiverType: "user" as const })),
    ...guids.map((receiver) => ({ receiver, receiverType: "group" as const })),
  ];
}

/**
 * Checks each receiver of `multipleReceivers` as `receiver` is checked (the user or group exists,
 * and a user sender is a member of each group), naming the list at fault, before anything is stored.
 */
function requireReceivers(store: FakeStore, sender: string, receivers: { receiver: string; receiverType: "user" | "group" }[]): void {
  for (const { receiver, receiverType } of receivers) {
    if (receiverType === "user") {
      if (!store.liveUser(receiver)) throw badField("multipleReceivers.uids", `names no user: ${receiver}`, "ERR_UID_NOT_FOUND");
      continue;
    }
    if (!store.groups.has(receiver)) throw badField("multipleReceivers.guids", `names no group: ${receiver}`, "ERR_GUID_NOT_FOUND");
    if (sender !== APP_SENDER && !store.members.get(receiver)?.has(sender)) throw groupNotJoined(sender, receiver);
  }
}

/**
 * Sends the request's message, and tells the webhooks. With `multipleReceivers`, one copy goes to
 * each user and group it names, instead of to `receiver`, as the spec describes it; each is a
 * message of its own (its own id, conversation and `message_sent`), and the answer is the first.
 */
function send(context: HandlerContext, sender: string) {
  requireText(context.body);
  const message = { ...(pick(context.body, MESSAGE_FIELDS) as unknown as FakeMessageSeed), sender };
  const receivers = multipleReceivers(context.body);
  if (!receivers) return sent(context.store, sendMessage(context.store, message));
  const from = sender.toLowerCase();
  requireReceivers(context.store, from, receivers);
  const copies = receivers.map((receiver) => sendMessage(context.store, { ...message, ...receiver }));
  return copies.map((copy) => sent(context.store, copy))[0]!;
}

export const messageHandlers: Record<string, Handler> = {
  "send-message": (context) => send(context, context.actor ?? APP_SENDER),

  "send-bot-message": (context) => send(context, requireUser(context.store, context.path.uid!).user.uid),

  "send-thread-message": (context) => {
    const parent = requireMessage(context.store, context.path.id!);
    const { body } = context;
    requireText(body);
    const reply = sendMessage(context.store, {
      ...body,
      // A reply goes to the parent's conversation unless the body names it.
      receiver:
        body.receiver ??
        (parent.receiverType === "group" ? parent.receiver : parent.sender === context.actor ? parent.receiver : parent.sender),
      receiverType: body.receiverType ?? parent.receiverType,
      sender: context.actor,
      parentId: parent.id,
    });
    return sent(context.store, reply);
  },

  "get-message-details": ({ store, path }) => ({ data: view(requireMessage(store, path.id!)) }),

  "update-message": ({ store, path, body, actor }) => {
    const message = requireMessage(store, path.id!);
    if (message.deletedAt !== undefined) throw messageNotFound(message.id);
    requireMayChange(store, message, actor);
    const by = actor ?? APP_SENDER;
    // The action message that records the edit is stored too; it must fit before anything changes.
    store.claim();
    const now = nowSeconds(store);
    if (body?.data) message.data = { ...message.data, ...pick(body.data, ["text", "metadata"]) };
    if (body?.tags) message.tags = body.tags;
    Object.assign(message, { editedAt: now, editedBy: by, updatedAt: now });
    const action = actionOn(store, message, "edited", by);
    store.emit("message_edited", { message: action });
    return { data: action };
  },

  "delete-message": ({ store, path, body, actor }) => {
    const message = requireMessage(store, path.id!);
    if (!body?.permanent && message.deletedAt !== undefined) throw messageNotFound(message.id);
    requireMayChange(store, message, actor);
    const by = actor ?? APP_SENDER;
    store.claim();
    const now = nowSeconds(store);
    if (body?.permanent) store.messages.delete(message.id);
    // A soft-deleted message keeps its content, as the service's documentation says: the lists show
    // it (unless hideDeleted) with deletedAt and deletedBy, for a "this message was deleted" line.
    else Object.assign(message, { deletedAt: now, deletedBy: by, updatedAt: now });
    const action = actionOn(store, message, "deleted", by);
    store.emit("message_deleted", { message: action });
    return { data: action };
  },

  "list-all-thread-messages": (context) => {
    const parent = requireMessage(context.store, context.path.id!);
    const replies = [...context.store.messages.values()].filter((message) => message.parentId === parent.id);
    return slice(context, replies);
  },

  // For the app, every message; as a user, the messages of that user's conversations.
  "list-all-messages": (context) => {
    const { store, actor } = context;
    if (!actor) return slice(context, store.messages.values());
    const seen = [...store.messages.values()].filter((message) =>
      message.receiverType === "group"
        ? (store.members.get(message.receiver)?.has(actor) ?? false)
        : message.sender === actor || message.receiver === actor,
    );
    return slice(context, seen);
  },

  "user-list-user-messages": (context) => {
    const { store, actor } = context;
    const uid = requireUser(store, context.path.uid!).user.uid;
    // With onBehalfOf: the conversation of the two users; without: every message the user sent or received directly.
    const messages = [...store.messages.values()].filter(
      (message) =>
        message.receiverType === "user" &&
        (actor ? message.conversationId === conversationId("user", actor, uid) : message.sender === uid || message.receiver === uid),
    );
    return slice(context, messages);
  },

  "user-list-group-messages": (context) => {
    const { store } = context;
    const group = requireGroup(store, context.path.guid!);
    const messages = [...store.messages.values()].filter((message) => message.receiverType === "group" && message.receiver === group.guid);
    return slice(context, messages);
  },
};
