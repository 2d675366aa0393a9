// Type-level contract of the Groups operations, on the unbound client and the `as(uid)` client
// (onBehalfOf is optional on all of them). Checked by `tsc --noEmit` in `npm test`, never executed.
import { expectTypeOf } from "expect-type";
import { type ActionResult, type components, type createChatClient, paginate, type Pagination } from "../../src/index.js";

type Schemas = components["schemas"];
type Group = Schemas["Group"];

declare const chat: ReturnType<typeof createChatClient>;
const guid = "design-team";

export async function listGroups() {
  const groups = await chat.GET("/groups", {
    params: { query: { types: ["public", "password"], affix: "append", updatedAt: 1717400000 } },
  });
  if (groups.data) {
    expectTypeOf(groups.data.data).toEqualTypeOf<Group[]>();
    expectTypeOf(groups.data.meta.pagination).toEqualTypeOf<Pagination>();
    expectTypeOf(groups.data.meta.cursor).toEqualTypeOf<{ updatedAt: number; affix: "append" | "prepend" } | undefined>();
    expectTypeOf(groups.data.data[0]!.type).toEqualTypeOf<"public" | "password" | "private">();
    expectTypeOf(groups.data.data[0]!.scope).toEqualTypeOf<"admin" | "moderator" | "participant" | undefined>();
  }

  const joined = await chat.as("cometchat-uid-4").GET("/groups", { params: { query: { hasJoined: true } } });
  if (joined.data) expectTypeOf(joined.data.data).toEqualTypeOf<Group[]>();

  // paginate walks it by page number; the cursor parameters stay filters.
  for await (const group of paginate(chat.as("cometchat-uid-4"), "/groups", { query: { hasJoined: true, affix: "prepend" } })) {
    expectTypeOf(group).toEqualTypeOf<Group>();
  }
  // @ts-expect-error the page number is paginate's to send
  paginate(chat, "/groups", { query: { page: 2 } });

  await chat.GET("/groups", {
    params: {
      query: {
        // @ts-expect-error a group type is public, password or private
        type: "protected",
      },
    },
  });
}

export async function createGroup() {
  // Only guid and name are required; type defaults to public.
  const created = await chat.POST("/groups", { body: { guid, name: "Design team", members: { participants: ["cometchat-uid-5"] } } });
  if (created.data) {
    expectTypeOf(created.data.data.guid).toEqualTypeOf<string>();
    expectTypeOf(created.data.data.members).branded.toEqualTypeOf<Schemas["AddGroupMembersResult"] | undefined>();
  }
  await chat.as("cometchat-uid-4").POST("/groups", { body: { guid, name: "Design team", type: "private" } });

  await chat.POST("/groups", {
    // @ts-expect-error name is required
    body: { guid },
  });
}

export async function getGroup() {
  const group = await chat.GET("/groups/{guid}", { params: { path: { guid } } });
  if (group.data) expectTypeOf(group.data.data).toEqualTypeOf<Group>();
  const joined = await chat.as("cometchat-uid-4").GET("/groups/{guid}", { params: { path: { guid } } });
  if (joined.data) expectTypeOf(joined.data.data.hasJoined).toEqualTypeOf<boolean | undefined>();

  await chat.GET("/groups/{guid}", {
    params: {
      // @ts-expect-error the guid is required
      path: {},
    },
  });
}

export async function updateGroup() {
  const updated = await chat.PUT("/groups/{guid}", { params: { path: { guid } }, body: { name: "Design guild", unset: ["icon"] } });
  if (updated.data) expectTypeOf(updated.data.data).toEqualTypeOf<Group>();
  await chat.as("cometchat-uid-4").PUT("/groups/{guid}", { params: { path: { guid } }, body: { tags: ["design"] } });

  await chat.PUT("/groups/{guid}", {
    params: { path: { guid } },
    body: {
      // @ts-expect-error only icon, description and metadata can be unset
      unset: ["name"],
    },
  });
}

export async function deleteGroup() {
  const deleted = await chat.DELETE("/groups/{guid}", { params: { path: { guid } } });
  if (deleted.data) expectTypeOf(deleted.data.data).toEqualTypeOf<ActionResult>();
  await chat.as("cometchat-uid-4").DELETE("/groups/{guid}", { params: { path: { guid } } });

  await chat.DELETE("/groups/{guid}", {
    params: {
      path: { guid },
      header: {
        // @ts-expect-error onBehalfOf is a UID string
        onBehalfOf: 4,
      },
    },
  });
}
