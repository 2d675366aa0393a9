// Type-level contract of the Friends operations. Checked by `tsc --noEmit` in `npm test`, never executed.
import { expectTypeOf } from "expect-type";
import { type createChatClient, paginate, type Pagination, type User } from "../../src/index.js";

declare const chat: ReturnType<typeof createChatClient>;

const uid = "cometchat-uid-1";

export async function listAllFriends() {
  const friends = await chat.GET("/users/{uid}/friends", { params: { path: { uid }, query: { searchKey: "jo", perPage: 10 } } });
  if (friends.data) {
    expectTypeOf(friends.data.data).toEqualTypeOf<User[]>();
    expectTypeOf(friends.data.meta.pagination).toEqualTypeOf<Pagination>();
    expectTypeOf(friends.data.meta.cursor).toEqualTypeOf<{ updatedAt: number; affix: "append" | "prepend" } | undefined>();
  }

  // paginate sends the path parameters with every page and yields friends, typed as users.
  for await (const friend of paginate(chat, "/users/{uid}/friends", { params: { path: { uid } }, query: { searchKey: "jo" } })) {
    expectTypeOf(friend).toEqualTypeOf<User>();
  }
  paginate(chat, "/users/{uid}/friends", {
    params: {
      // @ts-expect-error the uid is required
      path: {},
    },
  });

  await chat.GET("/users/{uid}/friends", {
    params: {
      path: { uid },
      query: {
        // @ts-expect-error perPage is a number
        perPage: "10",
      },
    },
  });
}

export async function addFriend() {
  const added = await chat.POST("/users/{uid}/friends", { params: { path: { uid } }, body: { accepted: ["cometchat-uid-2"] } });
  if (added.data) expectTypeOf(added.data.data.accepted).toEqualTypeOf<Record<string, { success: boolean; message: string }>>();

  await chat.POST("/users/{uid}/friends", {
    params: { path: { uid } },
    body: {
      // @ts-expect-error accepted holds UIDs
      accepted: "cometchat-uid-2",
    },
  });
}

export async function removeFriend() {
  // DELETE with a body: the friends to remove.
  const removed = await chat.DELETE("/users/{uid}/friends", { params: { path: { uid } }, body: { friends: ["cometchat-uid-2"] } });
  if (removed.data) expectTypeOf(removed.data.data.success).toEqualTypeOf<boolean>();

  await chat.DELETE("/users/{uid}/friends", {
    params: { path: { uid } },
    body: {
      // @ts-expect-error friends holds UIDs
      friends: "cometchat-uid-2",
    },
  });
}
