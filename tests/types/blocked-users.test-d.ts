// Type-level contract of the Blocked Users operations. Checked by `tsc --noEmit` in `npm test`, never executed.
import { expectTypeOf } from "expect-type";
import { type createChatClient, paginate, type Pagination, type User } from "../../src/index.js";

declare const chat: ReturnType<typeof createChatClient>;

const uid = "cometchat-uid-1";
type Outcomes = Record<string, { success: boolean; message: string }>;

export async function listBlockedUsers() {
  const blocked = await chat.GET("/users/{uid}/blockedusers", { params: { path: { uid }, query: { page: 2 } } });
  if (blocked.data) {
    expectTypeOf(blocked.data.data).toEqualTypeOf<User[]>();
    expectTypeOf(blocked.data.data[0]!.blockedByMeAt).toEqualTypeOf<number | undefined>();
    expectTypeOf(blocked.data.meta.pagination).toEqualTypeOf<Pagination>();
  }
  for await (const user of paginate(chat, "/users/{uid}/blockedusers", { params: { path: { uid } } })) {
    expectTypeOf(user).toEqualTypeOf<User>();
  }

  await chat.GET("/users/{uid}/blockedusers", {
    params: {
      // @ts-expect-error the uid is required
      path: {},
    },
  });
}

export async function blockUsers() {
  const result = await chat.POST("/users/{uid}/blockedusers", { params: { path: { uid } }, body: { blockedUids: ["cometchat-uid-4"] } });
  if (result.data) expectTypeOf(result.data.data).toEqualTypeOf<Outcomes>();

  await chat.POST("/users/{uid}/blockedusers", {
    params: { path: { uid } },
    // @ts-expect-error blockedUids is required
    body: {},
  });
}

export async function unblockUsers() {
  // DELETE with a body: the users to unblock.
  const result = await chat.DELETE("/users/{uid}/blockedusers", { params: { path: { uid } }, body: { blockedUids: ["cometchat-uid-4"] } });
  if (result.data) expectTypeOf(result.data.data).toEqualTypeOf<Outcomes>();

  // @ts-expect-error the body is required
  await chat.DELETE("/users/{uid}/blockedusers", { params: { path: { uid } } });
}
