// Type-level contract of the Triggers operations, on the management client. Checked by
// `tsc --noEmit` in `npm test`, never executed.
import { expectTypeOf } from "expect-type";
import { type ActionResult, type components, createManagementClient } from "../../src/index.js";

type Schemas = components["schemas"];
const mgmt = createManagementClient({ key: "k", secret: "s" });
const path = { appId: "24a1c7e9b3d05f68", webhookId: "order-events" };

export async function listTriggers() {
  const list = await mgmt.GET("/apps/{appId}/webhooks/{webhookId}/triggers", { params: { path } });
  // Both ways rather than toEqualTypeOf: expect-type cannot compare the `string & {}` of an open name list.
  if (list.data) expectTypeOf(list.data.data).toExtend<Schemas["Trigger"][]>();
  if (list.data) expectTypeOf<Schemas["Trigger"][]>().toExtend<typeof list.data.data>();
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

export function triggerNamesAreKnownButOpen() {
  type Name = Schemas["WebhookTriggerName"];
  // The documented names are listed (so editors offer them), and a name the service adds later still passes.
  expectTypeOf<"message_sent">().toExtend<Name>();
  expectTypeOf<"user_connection_status_change">().toExtend<Name>();
  expectTypeOf<"a_trigger_added_later">().toExtend<Name>();
  expectTypeOf<Name>().toExtend<string>();
  expectTypeOf<Schemas["Trigger"]["id"]>().toEqualTypeOf<Name>();
  // @ts-expect-error a name is a string, not a number
  const notAName: Name = 42;
  return notAName;
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
