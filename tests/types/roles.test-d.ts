// Type-level contract of the Roles operations. Checked by `tsc --noEmit`, never executed.
import { expectTypeOf } from "expect-type";
import { type ActionResult, type components, type createChatClient, paginate } from "../../src/index.js";

type Role = components["schemas"]["Role"];

declare const chat: ReturnType<typeof createChatClient>;
const role = "moderator";

export async function listRoles() {
  const roles = await chat.GET("/roles", { params: { query: { perPage: 10 } } });
  if (roles.data) expectTypeOf(roles.data.data).toEqualTypeOf<Role[]>();
  for await (const item of paginate(chat, "/roles")) expectTypeOf(item).toEqualTypeOf<Role>();

  // @ts-expect-error roles are not listed on behalf of a user
  await chat.GET("/roles", { params: { header: { onBehalfOf: "cometchat-uid-1" } } });
}

export async function createRole() {
  const created = await chat.POST("/roles", { body: { role, name: "Moderator", settings: { listUsers: "friendsOnly" } } });
  if (created.data) expectTypeOf(created.data.data).toEqualTypeOf<Role>();

  await chat.POST("/roles", {
    body: {
      role,
      name: "Moderator",
      settings: {
        // @ts-expect-error listUsers is all or friendsOnly
        listUsers: "friends",
      },
    },
  });
}

export async function getRole() {
  const found = await chat.GET("/roles/{role}", { params: { path: { role } } });
  if (found.data) expectTypeOf(found.data.data.settings).toEqualTypeOf<components["schemas"]["RoleSettings"] | undefined>();

  await chat.GET("/roles/{role}", {
    params: {
      // @ts-expect-error the role is required
      path: {},
    },
  });
}

export async function updateRole() {
  const updated = await chat.PUT("/roles/{role}", { params: { path: { role } }, body: { name: "Senior moderator", unset: ["metadata"] } });
  if (updated.data) expectTypeOf(updated.data.data).toEqualTypeOf<Role>();

  await chat.PUT("/roles/{role}", {
    params: { path: { role } },
    body: {
      // @ts-expect-error only settings, description and metadata can be unset
      unset: ["name"],
    },
  });
}

export async function deleteRole() {
  const deleted = await chat.DELETE("/roles/{role}", { params: { path: { role } } });
  if (deleted.data) expectTypeOf(deleted.data.data).toEqualTypeOf<ActionResult>();

  await chat.DELETE("/roles/{role}", {
    params: {
      path: {
        // @ts-expect-error the role is a string
        role: 1,
      },
    },
  });
}
