// Internal: the action messages the service writes to record an event (an edit, a deletion, a
// change of a group's members). They are stored with the messages, so the lists show them.
import { type FakeStore, nowSeconds, type StoredMessage } from "../state/fake-store";
import { entityOf, userView } from "./users";

/** A party of an action message: a user as reads show them, or the app (`app_system`). */
export function userParty(store: FakeStore, uid: string) {
  const stored = store.liveUser(uid);
  return { entity: stored ? userView(stored, false) : entityOf(store, uid), entityType: "user" };
}

/** The fields of an action message that say what happened; the rest is set by {@link storeAction}. */
export interface ActionSeed {
  receiverType: "user" | "group";
  receiver: string;
  conversationId: string;
  /** Who acted: a UID, or the app. */
  by: string;
  type: "message" | "groupMember";
  action: string;
  /** The parties besides `by`, each `{ entity, entityType }`. */
  entities: Record<string, unknown>;
  extras?: Record<string, unknown>;
}

/**
 * Stores the action message the service writes to record an event (an edit, a deletion, a change of
 * a group's members): it is listed with the conversation's messages, as the service lists it.
 */
export function storeAction(store: FakeStore, seed: ActionSeed): StoredMessage {
  store.claim();
  const now = nowSeconds(store);
  const action: StoredMessage = {
    id: store.nextMessageId(),
    conversationId: seed.conversationId,
    sender: seed.by,
    receiverType: seed.receiverType,
    receiver: seed.receiver,
    category: "action",
    type: seed.type,
    data: {
      action: seed.action,
      entities: { by: userParty(store, seed.by), ...seed.entities } as StoredMessage["data"]["entities"],
      ...(seed.extras ? { extras: seed.extras } : {}),
    },
    sentAt: now,
    updatedAt: now,
  };
  store.messages.set(action.id, action);
  return action;
}
