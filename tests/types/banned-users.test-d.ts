// Type-level contract of the Banned Users operations. Checked by `tsc --noEmit`, never executed.
import { expectTypeOf } from "expect-type";
import { type ActionResult, type createChatClient, paginate, type User } from "../../src/index.js";

declare const chat: ReturnType<typeof createChatClient>;
const guid = "design-team";
const uid = "cometchat-uid-1";

export async function listBannedGroupUsers() {
  const banned = await chat.GET("/groups/{guid}/bannedusers", { params: { path: { guid }, query: { perPage: 10 } } });
  if (banned.data) expectTypeOf(banned.data.data).toEqualTypeOf<User[]>();
  for await (const user of paginate(chat, "/groups/{guid}/bannedusers", { params: { path: { guid } } })) {
    expectTypeOf(user).toEqualTypeOf<User>();
  }

  await chat.GET("/groups/{guid}/bannedusers", {
    params: {
      path: { guid },
      query: {
        // @ts-expect-error perPage is a number
        perPage: "10",
      },
    },
  });
}

export async function banGroupUser() {
  const ban = await chat.POST("/groups/{guid}/bannedusers/{uid}", { params: { path: { guid, uid } } });
  if (ban.data) expectTypeOf(ban.data.data).toEqualTypeOf<ActionResult>();
  await chat.as("cometchat-uid-4").POST("/groups/{guid}/bannedusers/{uid}", { params: { path: { guid, uid } } });

  await chat.POST("/groups/{guid}/bannedusers/{uid}", {
    params: {
      // @ts-expect-error the uid is required
      path: { guid },
    },
  });
}

export async function unbanGroupUser() {
  const unban = await chat.DELETE("/groups/{guid}/bannedusers/{uid}", { params: { path: { guid, uid } } });
  if (unban.data) expectTypeOf(unban.data.data).toEqualTypeOf<ActionResult>();
  await chat.as("cometchat-uid-4").DELETE("/groups/{guid}/bannedusers/{uid}", { params: { path: { guid, uid } } });

  await chat.DELETE("/groups/{guid}/bannedusers/{uid}", {
    params: {
      // @ts-expect-error the guid is required
      path: { uid },
    },
  });
}
