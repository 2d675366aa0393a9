// Type-level contract of the Auth Tokens operations. Checked by `tsc --noEmit` in `npm test`, never executed.
import { expectTypeOf } from "expect-type";
import type { AuthToken, createChatClient, operations, Pagination } from "../../src/index.js";

declare const chat: ReturnType<typeof createChatClient>;

export async function createAuthToken() {
  type Op = operations["create-authtoken"];
  expectTypeOf<Op["parameters"]["path"]>().toEqualTypeOf<{ uid: string }>();
  expectTypeOf<NonNullable<Op["requestBody"]>["content"]["application/json"]>().toEqualTypeOf<{ force?: boolean }>();

  // The body is optional.
  const token = await chat.POST("/users/{uid}/auth_tokens", { params: { path: { uid: "u1" } } });
  if (token.data) expectTypeOf(token.data.data).toEqualTypeOf<AuthToken>();
  await chat.as("u1").POST("/users/{uid}/auth_tokens", { params: { path: { uid: "u1" } }, body: { force: true } });

  await chat.POST("/users/{uid}/auth_tokens", {
    params: { path: { uid: "u1" } },
    body: {
      // @ts-expect-error force is a boolean
      force: "yes",
    },
  });
  await chat.POST("/users/{uid}/auth_tokens", {
    params: {
      // @ts-expect-error the uid is required
      path: {},
    },
  });
}

type Path = { uid: string; authToken: string };
const token: Path = { uid: "cometchat-uid-1", authToken: "cometchat-uid-1_171844561237f1c0ad98e4b2d6a5c9e0f3b7d21a" };

export async function listAuthTokens() {
  const tokens = await chat.GET("/users/{uid}/auth_tokens", { params: { path: { uid: "u1" }, query: { perPage: 10, page: 2 } } });
  if (tokens.data) {
    expectTypeOf(tokens.data.data).toEqualTypeOf<AuthToken[]>();
    expectTypeOf(tokens.data.data[0]!.platform).toEqualTypeOf<string | undefined>();
    expectTypeOf(tokens.data.meta.pagination).toEqualTypeOf<Pagination>();
  }

  await chat.GET("/users/{uid}/auth_tokens", {
    params: {
      path: { uid: "u1" },
      query: {
        // @ts-expect-error page is a number
        page: "2",
      },
    },
  });
}

export async function flushAuthTokens() {
  const flushed = await chat.DELETE("/users/{uid}/auth_tokens", { params: { path: { uid: "u1" } } });
  if (flushed.data) expectTypeOf(flushed.data.data.success).toEqualTypeOf<boolean>();

  await chat.DELETE("/users/{uid}/auth_tokens", {
    params: {
      // @ts-expect-error the uid is required
      path: {},
    },
  });
}

export async function getAuthToken() {
  const found = await chat.GET("/users/{uid}/auth_tokens/{authToken}", { params: { path: token } });
  if (found.data) expectTypeOf(found.data.data).toEqualTypeOf<AuthToken>();

  await chat.GET("/users/{uid}/auth_tokens/{authToken}", {
    params: {
      // @ts-expect-error the token is required
      path: { uid: "u1" },
    },
  });
}

export async function updateAuthToken() {
  const updated = await chat.PUT("/users/{uid}/auth_tokens/{authToken}", {
    params: { path: token },
    body: { platform: "android", userAgent: "ChatDemo/4.2.1", appInfo: { version: "4.2.1" } },
  });
  if (updated.data) expectTypeOf(updated.data.data).toEqualTypeOf<AuthToken>();

  // @ts-expect-error the body is required
  await chat.PUT("/users/{uid}/auth_tokens/{authToken}", { params: { path: token } });
  await chat.PUT("/users/{uid}/auth_tokens/{authToken}", {
    params: { path: token },
    body: {
      // @ts-expect-error appInfo is an object
      appInfo: "4.2.1",
    },
  });
}

export async function deleteAuthToken() {
  const deleted = await chat.DELETE("/users/{uid}/auth_tokens/{authToken}", { params: { path: token } });
  if (deleted.data) expectTypeOf(deleted.data.data.message).toEqualTypeOf<string>();

  await chat.DELETE("/users/{uid}/auth_tokens/{authToken}", {
    params: { path: token },
    // @ts-expect-error delete-authtoken takes no body
    body: { force: true },
  });
}
