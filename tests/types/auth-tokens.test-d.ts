// Type-level contract of the Auth Tokens operations. Checked by `tsc --noEmit` in `npm test`, never executed.
import { expectTypeOf } from "expect-type";
import type { AuthToken, createChatClient, operations } from "../../src/index.js";

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
