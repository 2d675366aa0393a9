// Type-level contract of the moderation review operations. Checked by `tsc --noEmit` in
// `npm test`, never executed.
import { expectTypeOf } from "expect-type";
import type { components, createChatClient } from "../../src/index.js";

type Schemas = components["schemas"];
declare const chat: ReturnType<typeof createChatClient>;

export async function listFlaggedMessages() {
  const list = await chat.GET("/moderation/flagged-messages", { params: { query: { limit: 20 } } });
  if (list.data) {
    expectTypeOf(list.data.data).branded.toEqualTypeOf<Schemas["FlaggedMessage"][]>();
    expectTypeOf(list.data.data[0]!.flaggedBy[0]!.reasonId).toEqualTypeOf<string>();
  }
  await chat.GET("/moderation/flagged-messages", {
    params: {
      query: {
        // @ts-expect-error limit is a number
        limit: "20",
      },
    },
  });
}

export async function blockreviewFlaggedMessage() {
  const reviewed = await chat.PATCH("/moderation/flagged-messages/{id}", {
    params: { path: { id: "1842" } },
    body: { status: "disapproved" },
  });
  if (reviewed.data) expectTypeOf(reviewed.data.data).toEqualTypeOf<Schemas["ActionResult"]>();
  await chat.PATCH("/moderation/flagged-messages/{id}", {
    params: { path: { id: "1842" } },
    body: {
      // @ts-expect-error a flagged message is approved or disapproved
      status: "rejected",
    },
  });
}

export async function listReviewedMessages() {
  const list = await chat.GET("/moderation/reviewed-messages");
  if (list.data) expectTypeOf(list.data.data[0]!.message).branded.toEqualTypeOf<Schemas["Message"] | undefined>();
  await chat.GET("/moderation/reviewed-messages", {
    params: {
      // @ts-expect-error the list takes no onBehalfOf
      header: { onBehalfOf: "u1" },
    },
  });
}

export async function reviewBlockedMessage() {
  const reviewed = await chat.PATCH("/moderation/blocked-messages/{id}", {
    params: { path: { id: "1880" } },
    body: { status: "approved", reviewed: true },
  });
  if (reviewed.data) expectTypeOf(reviewed.data.data.success).toEqualTypeOf<boolean>();
  await chat.PATCH("/moderation/blocked-messages/{id}", {
    params: { path: { id: "1880" } },
    body: {
      // @ts-expect-error a blocked message is approved or rejected
      status: "disapproved",
    },
  });
}
