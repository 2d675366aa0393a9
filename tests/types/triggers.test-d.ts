// Type-level contract of the Triggers operations, on the management client. Checked by
// `tsc --noEmit` in `npm test`, never executed.
import { expectTypeOf } from "expect-type";
import { type ActionResult, type components, createManagementClient } from "../../src/index.js";

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

// Plain assignments rather than expect-type, which cannot compare the `string & {}` of an open name list.
export async function triggerNamesAreKnownButOpen() {
  type Name = Schemas["WebhookTriggerName"];
  // The documented names are listed (so editors offer them), and a name the service adds later still passes.
  const known: Name = "message_sent";
  const legacy: Name = "user_connection_status_change";
  const later: Name = "a_trigger_added_later";
  const asString: string = known;
  const id: Schemas["Trigger"]["id"] = legacy;
  await mgmt.POST("/apps/{appId}/webhooks/{webhookId}/triggers", { params: { path }, body: { triggerIds: [known, later] } });
  const requested: NonNullable<Schemas["TriggerIdsRequest"]["triggerIds"]> = [known, later];
  // @ts-expect-error a name is a string, not a number
  const notAName: Name = 42;
  return [asString, id, requested, notAName];
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
