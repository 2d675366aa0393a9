// Internal: messages to users and groups, edits, deletions, threads and the three cursor lists.
import { badField, FakeError, messageNotFound } from "./fake-error";
import { APP_SENDER, type FakeStore, nowSeconds, type StoredMessage } from "./fake-store";
import type { Handler, HandlerContext } from "./handler";
import { inListOrder, sliceOf, type CursorQuery } from "./paging";
import { pick } from "./pick";
import { groupView, requireGroup } from "./groups";
import { entityOf, requireUser, userView } from "./users";

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
    // The service answers 401 to a sender outside the group.
    if (sender !== APP_SENDER && !store.members.get(group.guid)?.has(sender))
      throw new FakeError(401, "ERR_GROUP_NOT_JOINED", `The user ${sender} is not a member of the group ${group.guid}.`);
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
  const sentAt = seed.sentAt ?? nowSeconds();
  const data = { ...(seed.data ?? {}), ...(seed.text !== undefined ? { text: seed.text } : {}) };
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

function requireMessage(store: FakeStore, id: string): StoredMessage {
  const message = store.messages.get(id);
  if (!message) throw messageNotFound(id);
  return message;
}

const view = (message: StoredMessage) => structuredClone(message);

/** The action message the service answers an edit or a deletion with, naming who did what to which message. */
function actionOn(store: FakeStore, message: StoredMessage, action: "edited" | "deleted", by: string) {
  const party = (uid: string) => {
    const stored = store.liveUser(uid);
    return { entity: stored ? userView(stored, false) : { uid }, entityType: "user" };
  };
  const now = nowSeconds();
  const group = message.receiverType === "group" ? store.groups.get(message.receiver) : undefined;
  const { receipts: _receipts, ...on } = view(message);
  return {
    id: store.nextMessageId(),
    conversationId: message.conversationId,
    sender: by,
    receiverType: message.receiverType,
    receiver: message.receiver,
    category: "action",
    type: "message",
    data: {
      action,
      entities: {
        by: party(by),
        for: group ? { entity: groupView(store, group), entityType: "group" } : party(message.receiver),
        on: { entity: on, entityType: "message" },
      },
    },
    sentAt: now,
    updatedAt: now,
  };
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

/** Sends, then tells the webhooks. */
function sent(store: FakeStore, message: StoredMessage) {
  store.emit("message_sent", sentEvent(store, message));
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
  const list = [...messages].filter((message) => {
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

function send(context: HandlerContext, sender: string | undefined, extra: Partial<FakeMessageSeed> = {}) {
  return sendMessage(context.store, { ...(pick(context.body, MESSAGE_FIELDS) as unknown as FakeMessageSeed), ...extra, sender });
}

export const messageHandlers: Record<string, Handler> = {
  "send-message": (context) => sent(context.store, send(context, context.actor)),

  "send-bot-message": (context) => sent(context.store, send(context, requireUser(context.store, context.path.uid!).user.uid)),

  "send-thread-message": (context) => {
    const parent = requireMessage(context.store, context.path.id!);
    const { body } = context;
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
    const by = actor ?? APP_SENDER;
    const now = nowSeconds();
    if (body?.data) message.data = { ...message.data, ...pick(body.data, ["text", "metadata"]) };
    if (body?.tags) message.tags = body.tags;
    Object.assign(message, { editedAt: now, editedBy: by, updatedAt: now });
    const action = actionOn(store, message, "edited", by);
    store.emit("message_edited", { message: action });
    return { data: action };
  },

  "delete-message": ({ store, path, body, actor }) => {
    const message = requireMessage(store, path.id!);
    const by = actor ?? APP_SENDER;
    const now = nowSeconds();
    if (body?.permanent) {
      store.messages.delete(message.id);
    } else {
      if (message.deletedAt !== undefined) throw messageNotFound(message.id);
      Object.assign(message, { deletedAt: now, deletedBy: by, updatedAt: now });
    }
    const action = actionOn(store, message, "deleted", by);
    store.emit("message_deleted", { message: action });
    return { data: action };
  },

  "list-all-thread-messages": (context) => {
    const parent = requireMessage(context.store, context.path.id!);
    const replies = [...context.store.messages.values()].filter((message) => message.parentId === parent.id);
    return slice(context, replies);
  },

  "list-all-messages": (context) => slice(context, context.store.messages.values()),

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
    const { store, actor } = context;
    const group = requireGroup(store, context.path.guid!);
    if (actor && !store.members.get(group.guid)?.has(actor))
      throw new FakeError(401, "ERR_GROUP_NOT_JOINED", `The user ${actor} is not a member of the group ${group.guid}.`);
    const messages = [...store.messages.values()].filter((message) => message.receiverType === "group" && message.receiver === group.guid);
    return slice(context, messages);
  },
};
