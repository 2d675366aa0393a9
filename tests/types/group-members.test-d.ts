// Type-level contract of the Group Members operations. add-group-members answers one outcome per
// UID, success or error, which narrows on `success`. Checked by `tsc --noEmit`, never executed.
import { expectTypeOf } from "expect-type";
import { type ActionResult, type components, type createChatClient, type ErrorEnvelope, paginate } from "../../src/index.js";

type Schemas = components["schemas"];

declare const chat: ReturnType<typeof createChatClient>;
const guid = "design-team";
const uid = "cometchat-uid-1";

export async function listGroupMembers() {
  const members = await chat.GET("/groups/{guid}/members", {
    params: { path: { guid }, query: { scopes: ["admin"], status: "available" } },
  });
  if (members.data) {
    expectTypeOf(members.data.data).branded.toEqualTypeOf<Schemas["GroupMember"][]>();
    expectTypeOf(members.data.data[0]!.scope).toEqualTypeOf<"admin" | "moderator" | "participant">();
    expectTypeOf(members.data.data[0]!.uid).toEqualTypeOf<string>();
  }
  for await (const member of paginate(chat, "/groups/{guid}/members", { params: { path: { guid } } })) {
    expectTypeOf(member.joinedAt).toEqualTypeOf<number>();
  }

  await chat.GET("/groups/{guid}/members", {
    params: {
      path: { guid },
      query: {
        // @ts-expect-error scopes are admin, moderator or participant
        scopes: ["owner"],
      },
    },
  });
}

export async function addGroupMembers() {
  const added = await chat.POST("/groups/{guid}/members", {
    params: { path: { guid } },
    body: { participants: ["cometchat-uid-5", "cometchat-uid-42"], usersToBan: ["cometchat-uid-6"] },
  });
  if (added.data) {
    const outcome = added.data.data.participants?.["cometchat-uid-42"];
    expectTypeOf(outcome).branded.toEqualTypeOf<Schemas["GroupMemberResult"] | undefined>();
    if (outcome && !outcome.success) expectTypeOf(outcome.error).toEqualTypeOf<Schemas["ErrorDetail"]>();
    if (outcome?.success) {
      expectTypeOf(outcome.data).branded.toEqualTypeOf<Schemas["ActionMessage"] | undefined>();
      // @ts-expect-error a UID that was added carries no error
      outcome.error;
    }
  }
  if (added.error) expectTypeOf(added.error).toEqualTypeOf<ErrorEnvelope>();
  await chat.as("cometchat-uid-4").POST("/groups/{guid}/members", { params: { path: { guid } }, body: { admins: [uid] } });

  await chat.POST("/groups/{guid}/members", {
    params: { path: { guid } },
    body: {
      // @ts-expect-error each list holds UIDs
      admins: uid,
    },
  });
}

export async function changeGroupMemberScope() {
  const changed = await chat.PUT("/groups/{guid}/members/{uid}", { params: { path: { guid, uid } }, body: { scope: "moderator" } });
  if (changed.data) expectTypeOf(changed.data.data.scope).toEqualTypeOf<"admin" | "moderator" | "participant">();
  await chat.as("cometchat-uid-4").PUT("/groups/{guid}/members/{uid}", { params: { path: { guid, uid } }, body: { scope: "admin" } });

  await chat.PUT("/groups/{guid}/members/{uid}", {
    params: { path: { guid, uid } },
    body: {
      // @ts-expect-error the scope is admin, moderator or participant
      scope: "owner",
    },
  });
}

export async function kickGroupMember() {
  const kicked = await chat.DELETE("/groups/{guid}/members/{uid}", { params: { path: { guid, uid } } });
  if (kicked.data) expectTypeOf(kicked.data.data).toEqualTypeOf<ActionResult>();
  await chat.as("cometchat-uid-4").DELETE("/groups/{guid}/members/{uid}", { params: { path: { guid, uid } } });

  await chat.DELETE("/groups/{guid}/members/{uid}", {
    params: {
      // @ts-expect-error the uid is required
      path: { guid },
    },
  });
}
