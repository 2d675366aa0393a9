// Type-level contract of the Triggers operations, on the management client. Checked by
// `tsc --noEmit` in `npm test`, never executed.
import { expectTypeOf } from "expect-type";
import { type ActionResult, type components, createManagementClient, type UnlistedTrigger, unlistedTrigger } from "../../src/index.js";

type Schemas = components["schemas"];
const mgmt = createManagementClient({ key: "k", secret: "s" });
const path = { appId: "24a1c7e9b3d05f68", webhookId: "order-events" };

export async function listTriggers() {
  const list = await mgmt.GET("/apps/{appId}/webhooks/{webhookId}/triggers", { params: { path } });
  if (list.data) expectTypeOf(list.data.data).toEqualTypeOf<Schemas["Trigger"][]>();
  // @ts-expect-error the path parameters are required
  await mgmt.GET("/apps/{appId}/webhooks/{webhookId}/triggers");
}

export async function addTriggers() {
  const added = await mgmt.POST("/apps/{appId}/webhooks/{webhookId}/triggers", {
    params: { path },
    body: { triggerIds: ["message_delivery_receipt", "message_read_receipt"] },
  });
  if (added.data) expectTypeOf(added.data.data).toEqualTypeOf<Record<string, ActionResult>>();
  await mgmt.POST("/apps/{appId}/webhooks/{webhookId}/triggers", {
    params: { path },
    body: {
      // @ts-expect-error triggerIds is a list
      triggerIds: "message_read_receipt",
    },
  });
}

// Plain assignments rather than expect-type, which cannot compare the branded string of an unlisted name.
export async function triggerNamesAreKnownOrExplicitlyUnlisted() {
  type Name = Schemas["WebhookTriggerName"];
  // The documented names are listed (so editors offer them); a name the service adds later goes through unlistedTrigger.
  const known: Name = "message_sent";
  const legacy: Name = "user_connection_status_change";
  const later: Name = unlistedTrigger("a_trigger_added_later");
  const unlisted: UnlistedTrigger = unlistedTrigger("message_forwarded");
  const asString: string = known;
  const laterAsString: string = later;
  const id: Schemas["Trigger"]["id"] = legacy;
  await mgmt.POST("/apps/{appId}/webhooks/{webhookId}/triggers", { params: { path }, body: { triggerIds: [known, later, unlisted] } });
  const requested: NonNullable<Schemas["TriggerIdsRequest"]["triggerIds"]> = [known, later];
  // @ts-expect-error a name is a string, not a number
  const notAName: Name = 42;
  // @ts-expect-error a plain string is not a trigger name: pass a new one through unlistedTrigger
  const anyString: Name = String(known);
  return [asString, laterAsString, id, requested, notAName, anyString];
}

export async function aMisspeltTriggerDoesNotCompile() {
  await mgmt.POST("/apps/{appId}/webhooks/{webhookId}/triggers", {
    params: { path },
    body: {
      triggerIds: [
        // @ts-expect-error "message_send" is not a trigger: the service fires "message_sent"
        "message_send",
      ],
    },
  });
  await mgmt.DELETE("/apps/{appId}/webhooks/{webhookId}/triggers", {
    params: { path },
    body: {
      triggerIds: [
        // @ts-expect-error "group_member_unban" is not a trigger: the service fires "group_member_unbanned"
        "group_member_unban",
      ],
    },
  });
}

export async function removeTriggers() {
  const removed = await mgmt.DELETE("/apps/{appId}/webhooks/{webhookId}/triggers", {
    params: { path, header: { "X-Webhook-Version": 2 } },
    body: { triggerIds: ["message_read_receipt"] },
  });
  if (removed.data) expectTypeOf(removed.data.data).toEqualTypeOf<ActionResult>();
  // @ts-expect-error the triggers to remove go in the body, which is required
  await mgmt.DELETE("/apps/{appId}/webhooks/{webhookId}/triggers", { params: { path } });
}
