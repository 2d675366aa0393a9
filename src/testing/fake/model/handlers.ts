// Internal: the operations the fake keeps state for. Each part of the model exports one table of
// handlers keyed by operationId, and its keys are the operations it models; every other operation
// of the spec answers from the spec's examples. The fake's tests and the README's list of the
// operations answered from examples (written by `npm run generate`) are derived from these tables.
import { appHandlers } from "./apps";
import { conversationHandlers } from "./conversations";
import { groupHandlers } from "./groups";
import type { Handler } from "./handler";
import { messageHandlers } from "./messages";
import { moderationHandlers } from "./moderation";
import { notificationHandlers } from "./notifications";
import { reactionHandlers } from "./reactions";
import { roleHandlers } from "./roles";
import { userHandlers } from "./users";
import { webhookHandlers } from "./webhooks";

/** The handler tables, by the part of the model that declares them. */
export const HANDLER_TABLES: Readonly<Record<string, Readonly<Record<string, Handler>>>> = {
  users: userHandlers,
  groups: groupHandlers,
  messages: messageHandlers,
  conversations: conversationHandlers,
  reactions: reactionHandlers,
  moderation: moderationHandlers,
  roles: roleHandlers,
  notifications: notificationHandlers,
  apps: appHandlers,
  webhooks: webhookHandlers,
};

/** Every modeled operation's handler, by operationId. */
export const HANDLERS: Readonly<Record<string, Handler>> = Object.assign({}, ...Object.values(HANDLER_TABLES));

/** The operationIds the fake keeps state for. */
export const MODELED_OPERATIONS: readonly string[] = Object.keys(HANDLERS);
