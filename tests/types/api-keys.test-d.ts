// Type-level contract of the API Keys operations. Checked by `tsc --noEmit` in `npm test`, never executed.
import { expectTypeOf } from "expect-type";
import type { ApiKey, createChatClient, operations, Pagination } from "../../src/index.js";

declare const chat: ReturnType<typeof createChatClient>;

const key = "0f40b2c254f33d429b1fca5e0eb1cef72c594ddc";

export async function listApiKeys() {
  type Query = NonNullable<operations["list-apikeys"]["parameters"]["query"]>;
  expectTypeOf<Query["scope"]>().toEqualTypeOf<"fullAccess" | "authOnly" | undefined>();

  const keys = await chat.GET("/apikeys", { params: { query: { scope: "authOnly", searchKey: "Login" } } });
  if (keys.data) {
    expectTypeOf(keys.data.data).toEqualTypeOf<ApiKey[]>();
    expectTypeOf(keys.data.data[0]!.scope).toEqualTypeOf<"fullAccess" | "authOnly">();
    expectTypeOf(keys.data.meta.pagination).toEqualTypeOf<Pagination>();
  }

  await chat.GET("/apikeys", {
    params: {
      query: {
        // @ts-expect-error the scopes are fullAccess and authOnly
        scope: "readOnly",
      },
    },
  });
}

export async function createApiKey() {
  const created = await chat.POST("/apikeys", { body: { name: "Login key", scope: "authOnly" } });
  if (created.data) expectTypeOf(created.data.data).toEqualTypeOf<ApiKey>();

  await chat.POST("/apikeys", {
    // @ts-expect-error the scope is required: a key's power is chosen, never defaulted
    body: { name: "Login key" },
  });
}

export async function getApiKey() {
  const found = await chat.GET("/apikeys/{apiKey}", { params: { path: { apiKey: key } } });
  if (found.data) expectTypeOf(found.data.data).toEqualTypeOf<ApiKey>();

  await chat.GET("/apikeys/{apiKey}", {
    params: {
      // @ts-expect-error the key is required
      path: {},
    },
  });
}

export async function updateApiKey() {
  const updated = await chat.PUT("/apikeys/{apiKey}", { params: { path: { apiKey: key } }, body: { scope: "fullAccess" } });
  if (updated.data) expectTypeOf(updated.data.data).toEqualTypeOf<ApiKey>();

  await chat.PUT("/apikeys/{apiKey}", {
    params: { path: { apiKey: key } },
    body: {
      // @ts-expect-error name is a string
      name: 42,
    },
  });
}

export async function deleteApiKey() {
  const deleted = await chat.DELETE("/apikeys/{apiKey}", { params: { path: { apiKey: key } } });
  if (deleted.data) expectTypeOf(deleted.data.data).toEqualTypeOf<{ success: boolean; message: string }>();

  await chat.DELETE("/apikeys/{apiKey}", {
    params: {
      // @ts-expect-error the key is required
      path: {},
    },
  });
}
