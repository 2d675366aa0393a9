import type { components } from "../../generated/schema.js";

/**
 * Any event the service posts to a webhook, as the spec types it: narrow it on `trigger` and `data`
 * has that event's shape. Field names are as sent (call and meeting events use snake_case and send
 * booleans and numbers as strings), so a payload in your logs matches the type.
 *
 * @example
 * if (event.trigger === "message_sent") console.log(event.data.message.id);
 */
export type WebhookEvent = components["schemas"]["WebhookEvent"];

/** The name of an event the spec knows, such as `"message_sent"`. */
export type WebhookTrigger = WebhookEvent["trigger"];

/**
 * The event posted for one trigger, for example `WebhookEventOf<"group_created">`. (Not `Extract`:
 * one event, the legacy connection change, has two spellings of its trigger.)
 */
export type WebhookEventOf<T extends WebhookTrigger> = WebhookEvent extends infer E
  ? E extends { trigger: infer Name }
    ? T extends Name
      ? E
      : never
    : never
  : never;

declare const unknownTrigger: unique symbol;

/**
 * The `trigger` of an event the spec does not know yet. At run time it is the name as sent, a
 * string; its type is opaque so that comparing a {@link ParsedWebhookEvent}'s `trigger` with a known
 * name narrows to that event. Read it with `String(event.trigger)`.
 */
export interface UnknownTrigger {
  readonly [unknownTrigger]: "UnknownTrigger";
  toString(): string;
}

/**
 * An event whose trigger the spec does not know: one the service added after this SDK was built.
 * It has the envelope every event has; `data` is whatever the service sent.
 */
export interface UnknownWebhookEvent {
  trigger: UnknownTrigger;
  data?: unknown;
  appId?: string;
  region?: string;
  webhook?: string;
  [field: string]: unknown;
}

/** What {@link parseWebhookEvent} returns: a known event, or an {@link UnknownWebhookEvent}. */
export type ParsedWebhookEvent = WebhookEvent | UnknownWebhookEvent;
