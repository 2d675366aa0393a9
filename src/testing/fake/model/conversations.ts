// Internal: conversations, derived from the stored messages: one per pair of users and one per
// group, seen by each user with their own unread count, receipts, reset point and tags.
import type { Group, User } from "../../../types";
import type { ConversationMarks } from "../state/domain-store";
import { FakeError, uidNotFound } from "../pipeline/fake-error";
import { type FakeStore, nowSeconds, type StoredMessage } from "../state/fake-store";
import { groupView, requireGroup } from "./groups";
import type { Handler, HandlerContext } from "./handler";
import { conversationId, countsAsUnread } from "./messages";
import { inListOrder, pageOf } from "./paging";
import { requireUser, userView } from "./users";
import { cloneValue } from "../state/clone";

/** A conversation as the service sends it, seen by one user (or by the app, with no unread count). */
export interface ConversationView {
  conversationId: string;
  conversationType: "user" | "group";
  unreadMessageCount?: string;
  tags?: string[];
  lastMessage?: StoredMessage;
  conversationWith: User | Group;
  createdAt: number;
  updatedAt: number;
}

const conversationNotFound = (id: string) =>
  new FakeError(404, "ERR_CONVERSATION_NOT_FOUND", `No conversation with ID ${id} exists for the user.`);

/**
 * The messages of each conversation `uid` takes part in (every conversation, for the app), oldest
 * first. Deleted messages and those before the user's reset point are left out, as the service
 * leaves them out of the user's conversations.
 */
function messagesByConversation(store: FakeStore, uid: string | undefined): Map<string, StoredMessage[]> {
  const byConversation = new Map<string, StoredMessage[]>();
  for (const message of store.messages.values()) {
    if (message.deletedAt !== undefined || message.parentId !== undefined) continue;
    if (uid !== undefined) {
      const takesPart =
        message.receiverType === "group"
          ? store.members.get(message.receiver)?.has(uid)
          : message.sender === uid || message.receiver === uid;
      if (!takesPart) continue;
      const resetAt = store.domain.marks.get(uid)?.get(message.conversationId)?.resetAt;
      if (resetAt !== undefined && Number(message.id) <= resetAt) continue;
    }
    let list = byConversation.get(message.conversationId);
    if (!list) byConversation.set(message.conversationId, (list = []));
    list.push(message);
  }
  for (const list of byConversation.values()) inListOrder(list);
  return byConversation;
}

/**
 * Messages from others after the user's read mark. Action messages (a member added, kicked, a
 * message edited) move the conversation up but are not unread: the service counts what was sent.
 */
function unreadCount(messages: StoredMessage[], uid: string, marks: ConversationMarks | undefined): number {
  const readUpTo = marks?.readUpTo ?? 0;
  return messages.filter((message) => countsAsUnread(message, uid) && Number(message.id) > readUpTo).length;
}

/** The other side of a conversation: the group, or the other user of a pair (the receiver, for the app). */
function otherSide(store: FakeStore, id: string, messages: StoredMessage[], uid: string | undefined): User | Group | undefined {
  if (id.startsWith("group_")) {
    const group = store.groups.get(id.slice("group_".length));
    return group && groupView(store, group, uid);
  }
  const [a, b] = id.split("_user_");
  const other = uid === undefined ? messages[messages.length - 1]?.receiver : a === uid ? b : a;
  const stored = other === undefined ? undefined : store.liveUser(other);
  return stored && { ...userView(stored, false), conversationId: id };
}

export function conversationView(
  store: FakeStore,
  id: string,
  messages: StoredMessage[],
  uid: string | undefined,
  withTags = true,
): ConversationView | undefined {
  const conversationWith = otherSide(store, id, messages, uid);
  if (!conversationWith) return undefined;
  const marks = uid === undefined ? undefined : store.domain.marks.get(uid)?.get(id);
  const first = messages[0];
  const last = messages[messages.length - 1];
  const createdAt = first?.sentAt ?? (conversationWith as Group).createdAt ?? nowSeconds(store);
  const view: ConversationView = {
    conversationId: id,
    conversationType: id.startsWith("group_") ? "group" : "user",
    ...(uid === undefined ? {} : { unreadMessageCount: String(unreadCount(messages, uid, marks)) }),
    ...(withTags && marks?.tags ? { tags: [...marks.tags] } : {}),
    ...(last ? { lastMessage: cloneValue(last) } : {}),
    conversationWith,
    createdAt,
    updatedAt: Math.max(last?.sentAt ?? createdAt, marks?.updatedAt ?? 0),
  };
  return view;
}

/** The conversation of `uid` with the user `other`; 404 when they have exchanged no message. */
function userConversation(store: FakeStore, uid: string, other: string): { id: string; messages: StoredMessage[] } {
  const otherUid = requireUser(store, other).user.uid;
  const id = conversationId("user", uid, otherUid);
  const messages = messagesByConversation(store, uid).get(id);
  if (!messages) throw conversationNotFound(id);
  return { id, messages };
}

/** The group conversation of a member; it exists from the moment the user joins. */
function groupConversation(store: FakeStore, uid: string, guid: string): { id: string; messages: StoredMessage[] } {
  const group = requireGroup(store, guid);
  const id = conversationId("group", uid, group.guid);
  return { id, messages: messagesByConversation(store, uid).get(id) ?? [] };
}

function viewOrNotFound(store: FakeStore, id: string, messages: StoredMessage[], uid: string) {
  const view = conversationView(store, id, messages, uid);
  if (!view) throw conversationNotFound(id);
  return { data: view };
}

const done = (message: string) => ({ data: { success: true, message } });

type Receipt = "delivered" | "read";

/** A mark names a message of its own conversation that exists: 404 `ERR_MESSAGE_ID_NOT_FOUND` otherwise, and nothing moves. */
function requireMarkable(store: FakeStore, id: string, messageId: number | undefined): void {
  if (messageId === undefined) return;
  if (store.messages.get(String(messageId))?.conversationId !== id)
    throw new FakeError(404, "ERR_MESSAGE_ID_NOT_FOUND", `No message with ID ${messageId} exists in the conversation ${id}.`);
}

/**
 * Moves the reader's mark up to `messageId` (the latest message by default), never back; a read
 * is also a delivery. The service reports the receipt of the latest message marked.
 */
function markReceipt(store: FakeStore, reader: string, id: string, messages: StoredMessage[], kind: Receipt, messageId?: number) {
  requireMarkable(store, id, messageId);
  const fromOthers = messages.filter(
    (message) => message.sender !== reader && (messageId === undefined || Number(message.id) <= messageId),
  );
  const upTo = messageId ?? Number(messages[messages.length - 1]?.id ?? 0);
  const marks = store.domain.marks.get(reader)?.get(id);
  if (!marks) store.claim();
  const next = store.domain.marksOf(reader, id);
  const before = kind === "read" ? (next.readUpTo ?? 0) : (next.deliveredUpTo ?? 0);
  next.deliveredUpTo = Math.max(next.deliveredUpTo ?? 0, upTo);
  if (kind === "read") next.readUpTo = Math.max(next.readUpTo ?? 0, upTo);
  const latest = fromOthers.filter((message) => Number(message.id) > before).pop();
  if (!latest) return;
  // Shaped as the current receipt webhooks send it (the spec's MessageReceiptEventData).
  store.emit(kind === "read" ? "message_read_receipt" : "message_delivery_receipt", {
    receiver: latest.receiver,
    receiverType: latest.receiverType,
    type: "receipts",
    sender: reader,
    messageSender: latest.sender,
    body: { action: kind, messageId: latest.id, timestamp: nowSeconds(store) },
  });
}

/** Makes the messages after `messageId` (all of them, by default) unread again. */
function markUnread(store: FakeStore, reader: string, id: string, messageId?: number) {
  requireMarkable(store, id, messageId);
  if (!store.domain.marks.get(reader)?.has(id)) store.claim();
  const marks = store.domain.marksOf(reader, id);
  marks.readUpTo = messageId ?? marks.resetAt ?? 0;
}

/** Hides every message so far from the user: their side of the conversation starts again. */
function resetFor(store: FakeStore, reader: string, id: string, messages: StoredMessage[]) {
  if (!store.domain.marks.get(reader)?.has(id)) store.claim();
  const marks = store.domain.marksOf(reader, id);
  const last = Number(messages[messages.length - 1]?.id ?? 0);
  marks.resetAt = Math.max(marks.resetAt ?? 0, last);
  marks.readUpTo = Math.max(marks.readUpTo ?? 0, last);
  delete marks.tags;
}

function actorOf(context: HandlerContext): string {
  // The spec requires onBehalfOf on these operations, so the request checks have refused a request without it.
  return context.actor as string;
}

/** The user's side of the conversation with the request's `tags`, when it has any: they replace the ones before. */
function tagged(context: HandlerContext, uid: string, id: string, messages: StoredMessage[]) {
  if (Array.isArray(context.body?.tags)) {
    if (!context.store.domain.marks.get(uid)?.has(id)) context.store.claim();
    Object.assign(context.store.domain.marksOf(uid, id), { tags: [...context.body.tags], updatedAt: nowSeconds(context.store) });
  }
  return viewOrNotFound(context.store, id, messages, uid);
}

const messageIdOf = (context: HandlerContext) => context.body?.messageId as number | undefined;

function listConversations(context: HandlerContext) {
  const { store, actor, query } = context;
  const withTags = query.withTags === true || query.tags !== undefined;
  const withEntityTags = query.withUserAndGroupTags === true || query.userTags !== undefined || query.groupTags !== undefined;
  const needle = query.searchKey === undefined ? undefined : String(query.searchKey).toLowerCase();
  const tags = query.tags as string[] | undefined;
  const userTags = query.userTags as string[] | undefined;
  const groupTags = query.groupTags as string[] | undefined;
  const views: ConversationView[] = [];
  for (const [id, messages] of messagesByConversation(store, actor)) {
    const view = conversationView(store, id, messages, actor, true);
    if (!view) continue;
    if (query.conversationType !== undefined && view.conversationType !== query.conversationType) continue;
    if (query.unread === true && view.unreadMessageCount === "0") continue;
    if (tags?.length && !tags.some((tag) => view.tags?.includes(tag))) continue;
    const entityTags = (view.conversationWith as { tags?: string[] }).tags ?? [];
    const wanted = view.conversationType === "user" ? userTags : groupTags;
    if (wanted?.length && !wanted.some((tag) => entityTags.includes(tag))) continue;
    if (
      needle !== undefined &&
      !String(view.conversationWith.name ?? "")
        .toLowerCase()
        .includes(needle)
    )
      continue;
    if (!withTags) delete view.tags;
    if (!withEntityTags) delete (view.conversationWith as { tags?: string[] }).tags;
    views.push(view);
  }
  // The latest conversation first, as the service lists them.
  views.sort((a, b) => b.updatedAt - a.updatedAt || b.conversationId.localeCompare(a.conversationId));
  return pageOf(views, { perPage: query.perPage as number | undefined, page: query.page as number | undefined });
}

export const conversationHandlers: Record<string, Handler> = {
  "list-all-conversations": listConversations,

  // Deprecated by the service, kept working: the conversation by its id.
  "get-conversation": ({ store, path, actor }) => {
    const uid = actor as string;
    const messages = messagesByConversation(store, uid).get(path.conversationId!);
    if (!messages) throw conversationNotFound(path.conversationId!);
    return viewOrNotFound(store, path.conversationId!, messages, uid);
  },

  // Deprecated by the service, kept working: resets the conversation for the user.
  "delete-conversation": ({ store, path, actor }) => {
    const uid = actor as string;
    const messages = messagesByConversation(store, uid).get(path.conversationId!);
    if (!messages) throw conversationNotFound(path.conversationId!);
    resetFor(store, uid, path.conversationId!, messages);
    return done(`The conversation ${path.conversationId} has been deleted successfully.`);
  },

  "get-user-conversations": (context) => {
    const uid = actorOf(context);
    const { id, messages } = userConversation(context.store, uid, context.path.uid!);
    return viewOrNotFound(context.store, id, messages, uid);
  },

  "update-user-conversation": (context) => {
    const uid = actorOf(context);
    const { id, messages } = userConversation(context.store, uid, context.path.uid!);
    return tagged(context, uid, id, messages);
  },

  "reset-user-conversation": (context) => {
    const uid = actorOf(context);
    const other = String(context.body?.conversationWith ?? context.path.uid);
    if (!context.store.liveUser(other)) throw uidNotFound(other);
    const { id, messages } = userConversation(context.store, uid, other);
    resetFor(context.store, uid, id, messages);
    return done(`The conversation ${id} has been deleted successfully for UID ${uid}.`);
  },

  "mark-conversation-as-delivered": (context) => {
    const uid = actorOf(context);
    const { id, messages } = userConversation(context.store, uid, context.path.uid!);
    markReceipt(context.store, uid, id, messages, "delivered", messageIdOf(context));
    return done("All the messages from the user are marked as delivered for the requesting user.");
  },

  "mark-conversation-as-read": (context) => {
    const uid = actorOf(context);
    const { id, messages } = userConversation(context.store, uid, context.path.uid!);
    markReceipt(context.store, uid, id, messages, "read", messageIdOf(context));
    return done("All the messages from the user are marked as read for the requesting user.");
  },

  "mark-conversation-as-unread": (context) => {
    const uid = actorOf(context);
    const { id } = userConversation(context.store, uid, context.path.uid!);
    const messageId = messageIdOf(context);
    markUnread(context.store, uid, id, messageId);
    return done(
      messageId === undefined
        ? `Every message is marked as unread for the user ${uid}.`
        : `The messages after the message id ${messageId} are marked as unread for the user ${uid}.`,
    );
  },

  "get-group-conversations": (context) => {
    const uid = actorOf(context);
    const { id, messages } = groupConversation(context.store, uid, context.path.guid!);
    return viewOrNotFound(context.store, id, messages, uid);
  },

  "update-group-conversation": (context) => {
    const uid = actorOf(context);
    const { id, messages } = groupConversation(context.store, uid, context.path.guid!);
    return tagged(context, uid, id, messages);
  },

  "reset-group-conversation": (context) => {
    const uid = actorOf(context);
    const { id, messages } = groupConversation(context.store, uid, context.path.guid!);
    resetFor(context.store, uid, id, messages);
    return done(`The conversation ${id} has been deleted successfully for UID ${uid}.`);
  },

  "mark-group-conversation-as-delivered": (context) => {
    const uid = actorOf(context);
    const { id, messages } = groupConversation(context.store, uid, context.path.guid!);
    markReceipt(context.store, uid, id, messages, "delivered", messageIdOf(context));
    return done("All the messages in the group are marked as delivered for the requesting user.");
  },

  "mark-group-conversation-as-read": (context) => {
    const uid = actorOf(context);
    const { id, messages } = groupConversation(context.store, uid, context.path.guid!);
    markReceipt(context.store, uid, id, messages, "read", messageIdOf(context));
    return done("All the messages in the group are marked as read for the requesting user.");
  },

  "mark-group-conversation-as-unread": (context) => {
    const uid = actorOf(context);
    const { id } = groupConversation(context.store, uid, context.path.guid!);
    const messageId = messageIdOf(context);
    markUnread(context.store, uid, id, messageId);
    return done(
      messageId === undefined
        ? `Every message in the group is marked as unread for the user ${uid}.`
        : `The messages after the message id ${messageId} are marked as unread for the user ${uid}.`,
    );
  },
};
