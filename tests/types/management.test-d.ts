// Type-level contract of the Management operations, on the management client. Checked by
// `tsc --noEmit` in `npm test`, never executed.
import { expectTypeOf } from "expect-type";
import {
  type ActionResult,
  type App,
  type components,
  type createChatClient,
  createManagementClient,
  type Pagination,
  type operations,
} from "../../src/index.js";

type Schemas = components["schemas"];

declare const chat: ReturnType<typeof createChatClient>;
const mgmt = createManagementClient({ key: "k", secret: "s" });

export async function listApps() {
  type Query = NonNullable<operations["list-apps"]["parameters"]["query"]>;
  expectTypeOf<Query>().toEqualTypeOf<{ searchKey?: string; perPage?: number; page?: number }>();

  const apps = await mgmt.GET("/apps", { params: { query: { searchKey: "support", perPage: 25, page: 1 } } });
  if (apps.data) {
    expectTypeOf(apps.data.data).toEqualTypeOf<App[]>();
    expectTypeOf(apps.data.meta.pagination).toEqualTypeOf<Pagination>();
  }
  if (apps.data?.data[0]?.apiKeys)
    expectTypeOf(apps.data.data[0].apiKeys).toEqualTypeOf<
      Record<string, { apiKey?: string; name?: string; scope?: "fullAccess" | "authOnly"; createdBy?: string }>
    >();

  await mgmt.GET("/apps", {
    params: {
      query: {
        // @ts-expect-error page is a number
        page: "2",
      },
    },
  });
  // @ts-expect-error list-apps is a Management API operation, not on the chat client
  await chat.GET("/apps");
}

export async function createApp() {
  // The vendor's documented request body.
  const created = await mgmt.POST("/apps", { body: { name: "Test app", version: "3", region: "us" } });
  if (created.data) expectTypeOf(created.data.data).toEqualTypeOf<App>();
  await mgmt.POST("/apps", { body: { name: "Empty app", region: "eu", skipSampleData: true } });
  await mgmt.POST("/apps", {
    body: {
      name: "Test app",
      // @ts-expect-error region is one of us, eu, in
      region: "ap",
    },
  });
  // @ts-expect-error key and secret are the client's credentials, not parameters
  await mgmt.POST("/apps", { params: { header: { key: "k" } }, body: { name: "Test app", region: "us" } });
}

export async function deleteApp() {
  const deleted = await mgmt.DELETE("/apps/{appId}", { params: { path: { appId: "24a1c7e9b3d05f68" } } });
  if (deleted.data) expectTypeOf(deleted.data.data.scheduledToDeleteAt).toEqualTypeOf<number | undefined>();
  // @ts-expect-error the appId is required
  await mgmt.DELETE("/apps/{appId}", { params: { path: {} } });
}

export async function fetchMultiTenantUsage() {
  const usage = await mgmt.POST("/apps/{appId}/usage", {
    params: { path: { appId: "24a1c7e9b3d05f68" } },
    body: { usePreviousBillingCycle: true },
  });
  if (usage.data) expectTypeOf(usage.data.data).toEqualTypeOf<ActionResult>();
  await mgmt.POST("/apps/{appId}/usage", {
    params: { path: { appId: "24a1c7e9b3d05f68" } },
    body: {
      // @ts-expect-error usePreviousBillingCycle is a boolean
      usePreviousBillingCycle: "yes",
    },
  });
}

export async function listCollaborators() {
  const team = await mgmt.GET("/apps/{appId}/collaborators", { params: { path: { appId: "24a1c7e9b3d05f68" } } });
  if (team.data) expectTypeOf(team.data.data).toEqualTypeOf<Schemas["Collaborator"][]>();
  // @ts-expect-error the appId is required
  await mgmt.GET("/apps/{appId}/collaborators");
}

export async function addCollaborator() {
  const changed = await mgmt.POST("/apps/{appId}/collaborators", {
    params: { path: { appId: "24a1c7e9b3d05f68" } },
    body: { admins: ["lena.fischer@example.org"], collaboratorsToRemove: ["former.member@example.org"] },
  });
  const admins = changed.data?.data.admins;
  // A role with no change comes back as an empty list, so the map is told apart first.
  if (admins && !Array.isArray(admins)) expectTypeOf(admins["lena.fischer@example.org"]!.success).toEqualTypeOf<boolean>();
  await mgmt.POST("/apps/{appId}/collaborators", {
    params: { path: { appId: "24a1c7e9b3d05f68" } },
    body: {
      // @ts-expect-error admins is a list of email addresses
      admins: "lena.fischer@example.org",
    },
  });
}

export async function listSettings() {
  const settings = await mgmt.GET("/apps/{appId}/settings", { params: { path: { appId: "24a1c7e9b3d05f68" } } });
  if (settings.data) {
    expectTypeOf(settings.data.data["core.conversations.updateOnReplies"]).toEqualTypeOf<boolean | undefined>();
    expectTypeOf(settings.data.data["core.notifications.push.advanced.included"]).toEqualTypeOf<boolean | string[] | undefined>();
  }
}

export async function mapSettings() {
  const mapped = await mgmt.POST("/apps/{appId}/settings", {
    params: { path: { appId: "24a1c7e9b3d05f68" } },
    body: { settings: { "core.conversations.updateOnReplies": false } },
  });
  if (mapped.data) expectTypeOf(mapped.data.data).toEqualTypeOf<Record<string, ActionResult>>();
  await mgmt.POST("/apps/{appId}/settings", {
    params: { path: { appId: "24a1c7e9b3d05f68" } },
    body: {
      settings: {
        // @ts-expect-error a setting is switched on or off
        "core.conversations.updateOnReplies": "off",
      },
    },
  });
}

export async function unmapSettings() {
  const reset = await mgmt.DELETE("/apps/{appId}/settings", { params: { path: { appId: "24a1c7e9b3d05f68" } } });
  if (reset.data) expectTypeOf(reset.data.data).toEqualTypeOf<ActionResult>();
  // @ts-expect-error the appId is required
  await mgmt.DELETE("/apps/{appId}/settings", { params: {} });
}

export async function addTenant() {
  const tenant = await mgmt.POST("/tenants", {
    body: { name: "Lena Fischer", email: "lena.fischer@example.org", password: "pw", appName: "Support Desk", appRegion: "eu" },
  });
  if (tenant.data) {
    expectTypeOf(tenant.data.data).toEqualTypeOf<Schemas["Tenant"]>();
    expectTypeOf(tenant.data.data.app.appId).toEqualTypeOf<string>();
  }
  await mgmt.POST("/tenants", {
    // @ts-expect-error appName and appRegion are required
    body: { name: "Lena Fischer", email: "lena.fischer@example.org", password: "pw" },
  });
  // @ts-expect-error add-tenant is a Management API operation, not on the chat client
  await chat.POST("/tenants", { body: {} });
}
