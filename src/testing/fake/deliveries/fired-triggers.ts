// Internal: the webhook triggers the fake fires. The model reports each of these changes
// (`store.emit` takes only these names); the rest of the spec's triggers belong to parts of the
// service the fake does not run (calls, campaigns, moderation, the SDK's own connection), and a
// webhook cannot have them attached.
import type { WebhookTrigger } from "../../../webhooks/webhook-event";

/** The triggers the fake fires, in the order the README lists them. */
export const FIRED_TRIGGERS = [
  "message_sent",
  "message_edited",
  "message_deleted",
  "message_delivery_receipt",
  "message_read_receipt",
  "message_reaction_added",
  "message_reaction_removed",
  "user_mentioned",
  "group_created",
  "group_updated",
  "group_owner_transferred",
  "group_deleted",
  "group_member_added",
  "group_member_scope_changed",
  "group_member_kicked",
  "group_member_banned",
  "group_member_unbanned",
  "user_blocked",
  "user_unblocked",
] as const satisfies readonly WebhookTrigger[];

/** A trigger the fake fires. */
export type FiredTrigger = (typeof FIRED_TRIGGERS)[number];

const FIRED: ReadonlySet<string> = new Set(FIRED_TRIGGERS);

/** Whether the fake fires `trigger`. */
export const isFiredTrigger = (trigger: string): trigger is FiredTrigger => FIRED.has(trigger);
