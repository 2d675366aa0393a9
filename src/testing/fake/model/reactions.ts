// Internal: reactions to messages: one per user and reaction, listed with cursors, and counted on
// the message itself (`data.reactions`) as the service shows them.
import type { StoredReaction } from "../state/domain-store";
import { FakeError, messageNotFound } from "../pipeline/fake-error";
import { type FakeStore, nowSeconds, type StoredMessage } from "../state/fake-store";
import type { Handler, HandlerContext } from "./handler";
import { requireUser, userView } from "./users";
import { cloneValue } from "../state/clone";

function liveMessage(store: FakeStore, id: string): StoredMessage {
  const message = store.messages.get(id);
  if (!message || message.deletedAt !== undefined) throw messageNotFound(id);
  return message;
}

/** Rewrites the counts on the message: one entry per distinct reaction, in the order they first came. */
function recount(store: FakeStore, message: StoredMessage): void {
  const counts = new Map<string, number>();
  for (const reaction of store.domain.reactions.get(message.id) ?? [])
    counts.set(reaction.reaction, (counts.get(reaction.reaction) ?? 0) + 1);
  if (counts.size) message.data.reactions = [...counts].map(([reaction, count]) => ({ reaction, count }));
  else delete message.data.reactions;
}

/** The message as the reacting user sees it: `reactedByMe` on their reactions. */
function messageFor(store: FakeStore, message: StoredMessage, uid: string) {
  const view = cloneValue(message);
  const mine = new Set((store.domain.reactions.get(message.id) ?? []).filter((r) => r.uid === uid).map((r) => r.reaction));
  const counts = view.data.reactions as { reaction: string; count: number; reactedByMe?: boolean }[] | undefined;
  for (const count of counts ?? []) if (mine.has(count.reaction)) count.reactedByMe = true;
  return view;
}

function reactionView(store: FakeStore, reaction: StoredReaction) {
  const user = store.liveUser(reaction.uid);
  return { ...reaction, ...(user ? { reactedBy: userView(user, false) } : {}) };
}

/** A cursor list of reactions, ordered by id (reactions are numbered as they come). */
function reactionSlice(store: FakeStore, reactions: StoredReaction[], query: HandlerContext["query"]) {
  const limit = (query.limit as number | undefined) ?? 100;
  const prepend = query.affix === "prepend";
  const at = query.id === undefined ? undefined : Number(query.id);
  const after = at === undefined ? reactions : reactions.filter((r) => Number(r.id) > at);
  const before = at === undefined ? reactions : reactions.filter((r) => Number(r.id) < at);
  const data = prepend ? before.slice(Math.max(0, before.length - limit)) : after.slice(0, limit);
  const meta: Record<string, unknown> = { current: { limit, count: data.length } };
  const first = data[0];
  const last = data[data.length - 1];
  if (first && reactions[0] !== first) meta.previous = { affix: "prepend", id: first.id };
  if (last && reactions[reactions.length - 1] !== last) meta.next = { affix: "append", id: last.id };
  return { data: data.map((reaction) => reactionView(store, reaction)), meta };
}

export const reactionHandlers: Record<string, Handler> = {
  "add-message-reactions": ({ store, path, actor }) => {
    const message = liveMessage(store, path.id!);
    const uid = requireUser(store, actor as string).user.uid;
    let reactions = store.domain.reactions.get(message.id);
    if (!reactions) store.domain.reactions.set(message.id, (reactions = []));
    const reaction = path.reaction!;
    if (reactions.some((r) => r.uid === uid && r.reaction === reaction))
      throw new FakeError(
        400,
        "ERR_REACTION_ALREADY_EXISTS",
        `The user ${uid} already reacted with ${reaction} to the message ${message.id}.`,
      );
    store.claim();
    const stored: StoredReaction = { id: store.domain.nextId(), messageId: message.id, reaction, uid, reactedAt: nowSeconds(store) };
    reactions.push(stored);
    recount(store, message);
    store.emit("message_reaction_added", { reaction: reactionView(store, stored), message: messageFor(store, message, uid) });
    return { data: messageFor(store, message, uid) };
  },

  "remove-message-reactions": ({ store, path, actor }) => {
    const message = liveMessage(store, path.id!);
    const uid = requireUser(store, actor as string).user.uid;
    const reactions = store.domain.reactions.get(message.id) ?? [];
    const index = reactions.findIndex((r) => r.uid === uid && r.reaction === path.reaction);
    if (index < 0)
      throw new FakeError(404, "ERR_REACTION_NOT_FOUND", `The user ${uid} has no reaction ${path.reaction} on the message ${message.id}.`);
    const [removed] = reactions.splice(index, 1);
    if (!reactions.length) store.domain.reactions.delete(message.id);
    recount(store, message);
    store.emit("message_reaction_removed", { reaction: reactionView(store, removed!), message: messageFor(store, message, uid) });
    return { data: messageFor(store, message, uid) };
  },

  "list-all-reactions": ({ store, path, query }) => {
    const message = liveMessage(store, path.id!);
    return reactionSlice(store, store.domain.reactions.get(message.id) ?? [], query);
  },

  "get-message-reactions": ({ store, path, query }) => {
    const message = liveMessage(store, path.id!);
    const reactions = (store.domain.reactions.get(message.id) ?? []).filter((r) => r.reaction === path.reaction);
    return reactionSlice(store, reactions, query);
  },
};
