import { webhookEventNames } from "../../generated/webhook-events.js";
import type { WebhookTrigger } from "./webhook-event.js";

/** Whether the spec knows this trigger name. */
export function isKnownTrigger(trigger: string): trigger is WebhookTrigger {
  return Object.hasOwn(webhookEventNames, trigger);
}

/** The event a known trigger name stands for: its own name, or the main one of a second spelling. */
export function eventNameOf(trigger: WebhookTrigger): WebhookTrigger {
  return webhookEventNames[trigger];
}
