import { webhookEventKeyFields } from "../../generated/webhook-events.js";
import { MAX_WEBHOOK_DEPTH } from "./nesting-depth.js";
import type { ParsedWebhookEvent } from "./webhook-event.js";
import { WebhookPayloadError } from "./webhook-payload-error.js";

/** Key fields of an event the spec does not know: the same delivery twice has the same envelope and data. */
const unknownEventFields = ["webhook", "trigger", "data"] as const;
/**
 * The field that comes first in every key. The service's documentation names the key fields within
 * one app; ids repeat across apps, and one receiver may serve several.
 */
const appField = "appId";

/**
 * The idempotency key of an event: the same for every delivery of one event, and different for two
 * events wherever the payload tells them apart. The service sends no event ID and retries failed
 * deliveries; `createWebhookHandler({ dedupe })` keeps these keys so that each event is handled once.
 *
 * The key starts with the event's `appId`, then the fields the service's documentation names for
 * that event (for `message_sent`: `webhook`, `trigger`, `data.message.id`), which the spec lists
 * under each event's `x-idempotency-key`. Where the documentation names none, the fields that
 * identify the event are used; for an event without a documented payload, and for an unknown one,
 * that is the whole of `data`. The result is the JSON array of those fields' values (objects with
 * sorted keys, a missing field as `null`), e.g. `["app-1","wh-1","message_sent","1"]`. The app is
 * part of every key because webhook ids and message ids repeat across apps: one receiver and one
 * dedupe store shared by two apps (staging and production, one app per tenant) would otherwise take
 * the second app's event for a repeat of the first's.
 *
 * Two events cannot be told apart when their payloads are equal in every key field. Who acted and
 * the members (with their scopes) are key fields, and the only time in group payloads counts whole
 * seconds; so for the group member events, the same change by the same user to the same members of
 * one group within one second (for `group_member_joined`/`_left`, the same members twice within one
 * second), and for `user_blocked`/`user_unblocked`, which carry no time, the same user blocking
 * (or unblocking) the same users again. A dedupe store keeps a handled key only for its `keepMs`
 * (by default 2 minutes, just past the service's last retry), so only such events that close
 * together are taken for one. The README lists every such case.
 *
 * @throws {WebhookPayloadError} when a key field nests more than 128 levels deep, which no event
 * from `parseWebhookEvent` does.
 * @example
 * import { parseWebhookEvent, webhookEventKey } from "chat-rest-sdk/webhooks";
 *
 * // Your own record of handled events, e.g. a unique column of the table the handler writes to.
 * declare function insertOnce(table: string, key: string, row: object): Promise<boolean>;
 * const event = parseWebhookEvent('{"trigger":"message_sent","appId":"app-1","webhook":"wh-1","data":{"message":{"id":"1"}}}');
 * if (await insertOnce("chat_events", webhookEventKey(event), event)) console.log("new event");
 */
export function webhookEventKey(event: ParsedWebhookEvent): string {
  const trigger = String(event.trigger);
  const fields: readonly string[] = Object.hasOwn(webhookEventKeyFields, trigger)
    ? webhookEventKeyFields[trigger as keyof typeof webhookEventKeyFields]
    : unknownEventFields;
  return `[${[appField, ...fields].map((path) => canonicalJson(valueAt(event, path), path.split(".").length + 1)).join(",")}]`;
}

function valueAt(root: unknown, path: string): unknown {
  let value = root;
  for (const name of path.split(".")) {
    if (typeof value !== "object" || value === null || !Object.hasOwn(value, name)) return undefined;
    value = (value as Record<string, unknown>)[name];
  }
  return value;
}

/**
 * JSON with the keys of every object sorted, so that two equal payloads give one key whatever their
 * key order. `depth` is the level of `value` in the event; the recursion stops at the depth that
 * parseWebhookEvent allows, so a value built by hand cannot exhaust the stack.
 */
function canonicalJson(value: unknown, depth: number): string {
  if (typeof value === "object" && value !== null && depth > MAX_WEBHOOK_DEPTH) {
    throw new WebhookPayloadError(
      `A webhook event must nest arrays and objects at most ${MAX_WEBHOOK_DEPTH} levels deep; this one nests deeper.`,
    );
  }
  if (Array.isArray(value)) return `[${value.map((item) => canonicalJson(item, depth + 1)).join(",")}]`;
  if (typeof value === "object" && value !== null) {
    const entries = Object.keys(value)
      .sort()
      .filter((key) => (value as Record<string, unknown>)[key] !== undefined)
      .map((key) => `${JSON.stringify(key)}:${canonicalJson((value as Record<string, unknown>)[key], depth + 1)}`);
    return `{${entries.join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}
