// Type-level contract of the RBAC operations: permission maps with their documented keys typed,
// open to keys the service adds. Checked by `tsc --noEmit`, never executed.
import { expectTypeOf } from "expect-type";
import type { ActionResult, components, createChatClient } from "../../src/index.js";

type Schemas = components["schemas"];
type Value = string | string[];

declare const chat: ReturnType<typeof createChatClient>;
const role = "moderator";
const guid = "design-team";

export async function listRolePermissions() {
  const listed = await chat.GET("/roles/{role}/permissions", { params: { path: { role } } });
  if (listed.data) {
    expectTypeOf(listed.data.data).toEqualTypeOf<Schemas["Permission"][]>();
    expectTypeOf(listed.data.data[0]!.defaultValue).toEqualTypeOf<Value | undefined>();
    expectTypeOf(listed.data.data[0]!.dataType).toEqualTypeOf<"string" | "stringArray">();
  }

  await chat.GET("/roles/{role}/permissions", {
    params: {
      // @ts-expect-error the role is required
      path: {},
    },
  });
}

export async function setRolePermissions() {
  const set = await chat.PUT("/roles/{role}/permissions", {
    params: { path: { role } },
    body: { permissions: { createGroup: "allow", "createGroup.allowedGroupTypes": ["public"], "listUsers.mode": "friends", newKey: "x" } },
  });
  if (set.data) {
    const { permissions } = set.data.data;
    expectTypeOf(permissions.createGroup).toMatchTypeOf<"allow" | "deny" | undefined>();
    expectTypeOf(permissions["sendMessage.allowedMessageTypes"]).toMatchTypeOf<
      ("text" | "image" | "audio" | "video" | "file")[] | undefined
    >();
    expectTypeOf(set.data.data.createGroup).toMatchTypeOf<ActionResult | Schemas["RolePermissions"] | undefined>();
  }

  await chat.PUT("/roles/{role}/permissions", {
    params: { path: { role } },
    body: {
      permissions: {
        // @ts-expect-error createGroup is allow or deny
        createGroup: "yes",
      },
    },
  });
  await chat.PUT("/roles/{role}/permissions", {
    params: { path: { role } },
    body: {
      permissions: {
        // @ts-expect-error the group types are public, password or private
        "createGroup.allowedGroupTypes": ["secret"],
      },
    },
  });
}

export async function unsetRolePermissions() {
  const unset = await chat.DELETE("/roles/{role}/permissions/{permission}", { params: { path: { role, permission: "listUsers.mode" } } });
  if (unset.data) expectTypeOf(unset.data.data.permissions).toMatchTypeOf<Schemas["RolePermissions"]>();

  await chat.DELETE("/roles/{role}/permissions/{permission}", {
    params: {
      // @ts-expect-error the permission is required
      path: { role },
    },
  });
}

export async function listScopePermissions() {
  const listed = await chat.GET("/groups/{guid}/scopes/{scope}/permissions", { params: { path: { guid, scope: "participant" } } });
  if (listed.data) expectTypeOf(listed.data.data).toEqualTypeOf<Schemas["Permission"][]>();

  await chat.GET("/groups/{guid}/scopes/{scope}/permissions", {
    params: {
      path: {
        guid,
        // @ts-expect-error the scope is admin, moderator or participant
        scope: "owner",
      },
    },
  });
}

export async function setScopePermissions() {
  const set = await chat.PUT("/groups/{guid}/scopes/{scope}/permissions", {
    params: { path: { guid, scope: "participant" } },
    body: { permissions: { initiateCall: "deny", "initiateCall.allowedType": ["audio"] } },
  });
  if (set.data) expectTypeOf(set.data.data.permissions.sendMessage).toMatchTypeOf<"allow" | "deny" | undefined>();

  await chat.PUT("/groups/{guid}/scopes/{scope}/permissions", {
    params: { path: { guid, scope: "participant" } },
    body: {
      permissions: {
        // @ts-expect-error sendMessage is allow or deny
        sendMessage: true,
      },
    },
  });
}

export async function unsetScopePermissions() {
  const unset = await chat.DELETE("/groups/{guid}/scopes/{scope}/permissions/{permission}", {
    params: { path: { guid, scope: "admin", permission: "sendMessage" } },
  });
  if (unset.data) expectTypeOf(unset.data.data.permissions).toMatchTypeOf<Schemas["ScopePermissions"]>();

  await chat.DELETE("/groups/{guid}/scopes/{scope}/permissions/{permission}", {
    params: {
      // @ts-expect-error the permission is required
      path: { guid, scope: "admin" },
    },
  });
}
