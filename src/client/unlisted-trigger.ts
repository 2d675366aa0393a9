import type { components } from "../../generated/schema.js";

/**
 * A trigger name the spec does not list, branded by {@link unlistedTrigger}: the only way a name
 * outside the known ones reaches `triggerIds`, so a misspelt name does not compile.
 */
export type UnlistedTrigger = Extract<components["schemas"]["WebhookTriggerName"], { readonly unlistedName: true }>;

/**
 * Marks a trigger name the service added after this SDK's spec, so that `triggerIds` takes it.
 * The known names need no helper (`"message_sent"`); a misspelt one does not compile, and the
 * service answers a name it does not know with 400 `ERR_TRIGGER_NOT_FOUND`.
 *
 * @example
 * declare const management: import("chat-rest-sdk").ManagementClient;
 * await management.POST("/apps/{appId}/webhooks/{webhookId}/triggers", {
 *   params: { path: { appId: "2a1b3c4d5e6f7a8b", webhookId: "orders" } },
 *   body: { triggerIds: ["message_sent", unlistedTrigger("message_forwarded")] },
 * });
 */
export function unlistedTrigger(name: string): UnlistedTrigger {
  return name as UnlistedTrigger;
}
