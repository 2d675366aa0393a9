// Type-level contract of the Webhooks operations, on the management client. Checked by
// `tsc --noEmit` in `npm test`, never executed.
import { expectTypeOf } from "expect-type";
import { type ActionResult, type components, createManagementClient, type Pagination } from "../../src/index.js";

type Schemas = components["schemas"];
const mgmt = createManagementClient({ key: "k", secret: "s" });
const app = { appId: "24a1c7e9b3d05f68" };

export async function listWebhooks() {
  const list = await mgmt.GET("/apps/{appId}/webhooks", {
    params: { path: app, header: { "X-Webhook-Version": 2 }, query: { perPage: 100, searchKey: "order" } },
  });
  if (list.data) {
    expectTypeOf(list.data.data).toEqualTypeOf<Schemas["Webhook"][]>();
    expectTypeOf(list.data.meta.pagination).toEqualTypeOf<Pagination>();
  }
  await mgmt.GET("/apps/{appId}/webhooks", {
    params: {
      path: app,
      header: {
        // @ts-expect-error the webhook version is a number
        "X-Webhook-Version": "2",
      },
    },
  });
}

export async function createWebhook() {
  const created = await mgmt.POST("/apps/{appId}/webhooks", {
    params: { path: app },
    body: { id: "order-events", name: "Order events", webhookURL: "https://hooks.example.org/chat", retryOnFailure: true },
  });
  if (created.data) expectTypeOf(created.data.data).toEqualTypeOf<Schemas["Webhook"]>();
  await mgmt.POST("/apps/{appId}/webhooks", {
    params: { path: app },
    // @ts-expect-error id, name and webhookURL are required
    body: { name: "Order events" },
  });
}

export async function getWebhook() {
  const path = { ...app, webhookId: "order-events" };
  const found = await mgmt.GET("/apps/{appId}/webhooks/{webhookId}", { params: { path } });
  if (found.data) expectTypeOf(found.data.data.webhookURL).toEqualTypeOf<string>();
  await mgmt.GET("/apps/{appId}/webhooks/{webhookId}", {
    params: {
      // @ts-expect-error the webhookId is required
      path: app,
    },
  });
}

export async function updateWebhook() {
  const path = { ...app, webhookId: "order-events" };
  const updated = await mgmt.PUT("/apps/{appId}/webhooks/{webhookId}", { params: { path }, body: { enabled: false } });
  if (updated.data) expectTypeOf(updated.data.data).toEqualTypeOf<Schemas["Webhook"]>();
  await mgmt.PUT("/apps/{appId}/webhooks/{webhookId}", {
    params: { path },
    body: {
      // @ts-expect-error enabled is a boolean
      enabled: "no",
    },
  });
}

export async function deleteWebhook() {
  const path = { ...app, webhookId: "order-events" };
  const deleted = await mgmt.DELETE("/apps/{appId}/webhooks/{webhookId}", { params: { path, header: { "X-Webhook-Version": 2 } } });
  if (deleted.data) expectTypeOf(deleted.data.data).toEqualTypeOf<ActionResult>();
  // @ts-expect-error the path parameters are required
  await mgmt.DELETE("/apps/{appId}/webhooks/{webhookId}", { params: {} });
}
