// Type-level contract of the Management operations, on the management client. Checked by
// `tsc --noEmit` in `npm test`, never executed.
import { expectTypeOf } from "expect-type";
import { type App, type createChatClient, createManagementClient, type Pagination, type operations } from "../../src/index.js";

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
