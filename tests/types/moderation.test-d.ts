// Type-level contract of the moderation operations. Checked by `tsc --noEmit` in
// `npm test`, never executed.
import { expectTypeOf } from "expect-type";
import { type components, type createChatClient, formDataBody } from "../../src/index.js";

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

export async function listModerationBlockedMessages() {
  const list = await chat.GET("/moderation/blocked-messages", { params: { query: { limit: 50 } } });
  if (list.data) expectTypeOf(list.data.data[0]!.ruleId).toEqualTypeOf<string | undefined>();
  await chat.GET("/moderation/blocked-messages", {
    params: {
      query: {
        // @ts-expect-error limit is a number
        limit: "50",
      },
    },
  });
}

export async function listReasons() {
  const list = await chat.GET("/moderation/reasons");
  if (list.data) {
    expectTypeOf(list.data.data).toEqualTypeOf<Schemas["ModerationReason"][]>();
    expectTypeOf(list.data.data[0]!.createdAt).toEqualTypeOf<number | string | undefined>();
  }
  await chat.GET("/moderation/reasons", {
    params: {
      // @ts-expect-error the list takes no onBehalfOf
      header: { onBehalfOf: "u1" },
    },
  });
}

export async function createReason() {
  const created = await chat.POST("/moderation/reasons", { body: { id: "spam", name: "Spam" } });
  if (created.data) expectTypeOf(created.data.data).toEqualTypeOf<Schemas["ModerationReason"]>();
  // @ts-expect-error a new reason needs a name
  await chat.POST("/moderation/reasons", { body: { id: "spam" } });
}

export async function getReasonDetails() {
  const found = await chat.GET("/moderation/reasons/{id}", { params: { path: { id: "spam" } } });
  if (found.data) expectTypeOf(found.data.data.default).toEqualTypeOf<boolean | undefined>();
  await chat.GET("/moderation/reasons/{id}", {
    params: {
      // @ts-expect-error the reason ID is required
      path: {},
    },
  });
}

export async function updateReasonDetails() {
  const updated = await chat.PUT("/moderation/reasons/{id}", { params: { path: { id: "spam" } }, body: { name: "Spam" } });
  if (updated.data) expectTypeOf(updated.data.data.name).toEqualTypeOf<string>();
  await chat.PUT("/moderation/reasons/{id}", {
    params: { path: { id: "spam" } },
    body: {
      // @ts-expect-error a name is text
      name: 1,
    },
  });
}

export async function deleteReason() {
  const deleted = await chat.DELETE("/moderation/reasons/{id}", { params: { path: { id: "spam" } } });
  // The service answers this deletion without a data envelope.
  if (deleted.data) expectTypeOf(deleted.data).toEqualTypeOf<Schemas["ActionResult"]>();
  await chat.DELETE("/moderation/reasons/{id}", {
    params: {
      // @ts-expect-error the reason ID is required
      path: {},
    },
  });
}

const rule: Schemas["ModerationRuleRequest"] = {
  id: "no-violence",
  name: "No violence",
  enabled: true,
  action: ["blockMessage"],
  conditions: [{ id: 1, entity: "message", operand: "image", operator: "contains", category: "word", value: "violence_greaterThan_30" }],
};

export async function listRules() {
  const list = await chat.GET("/moderation/rules", { params: { query: { limit: 10 } } });
  if (list.data) expectTypeOf(list.data.data).branded.toEqualTypeOf<Schemas["ModerationRule"][]>();
  await chat.GET("/moderation/rules", {
    params: {
      query: {
        // @ts-expect-error limit is a number, not the string the vendor's file declares
        limit: "10",
      },
    },
  });
}

export async function createRule() {
  const created = await chat.POST("/moderation/rules", { body: rule });
  if (created.data) expectTypeOf(created.data.data.conditions).branded.toEqualTypeOf<Schemas["ModerationCondition"][] | undefined>();
  await chat.POST("/moderation/rules", {
    body: {
      // @ts-expect-error actions are a list
      action: "blockMessage",
    },
  });
}

export async function getRule() {
  const found = await chat.GET("/moderation/rules/{ruleId}", { params: { path: { ruleId: "no-violence" } } });
  if (found.data) expectTypeOf(found.data.data).branded.toEqualTypeOf<Schemas["ModerationRule"]>();
  await chat.GET("/moderation/rules/{ruleId}", {
    params: {
      // @ts-expect-error the parameter is ruleId
      path: { id: "no-violence" },
    },
  });
}

export async function updateRule() {
  const updated = await chat.PUT("/moderation/rules/{ruleId}", { params: { path: { ruleId: "no-violence" } }, body: { enabled: false } });
  if (updated.data) expectTypeOf(updated.data.data.enabled).toEqualTypeOf<boolean | undefined>();
  await chat.PUT("/moderation/rules/{ruleId}", {
    params: { path: { ruleId: "no-violence" } },
    body: {
      // @ts-expect-error enabled is a boolean
      enabled: "false",
    },
  });
}

export async function deleteRule() {
  const deleted = await chat.DELETE("/moderation/rules/{ruleId}", { params: { path: { ruleId: "no-violence" } } });
  if (deleted.data) expectTypeOf(deleted.data.data).toEqualTypeOf<Schemas["ActionResult"]>();
  await chat.DELETE("/moderation/rules/{ruleId}", {
    params: {
      // @ts-expect-error the rule ID is required
      path: {},
    },
  });
}

export async function listRuleRevisions() {
  const list = await chat.GET("/moderation/rules/{ruleId}/revisions", { params: { path: { ruleId: "no-violence" } } });
  if (list.data) expectTypeOf(list.data.data[0]!.revisionId).toEqualTypeOf<string | undefined>();
  await chat.GET("/moderation/rules/{ruleId}/revisions", {
    params: {
      // @ts-expect-error the rule ID is required
      path: {},
    },
  });
}

export async function listRuleKeywords() {
  const list = await chat.GET("/moderation/keywords");
  if (list.data) expectTypeOf(list.data.data).branded.toEqualTypeOf<Schemas["KeywordList"][]>();
  await chat.GET("/moderation/keywords", {
    params: {
      // @ts-expect-error the list takes no onBehalfOf
      header: { onBehalfOf: "u1" },
    },
  });
}

export async function createRuleKeyword() {
  const file = new File(["darn\n"], "banned.csv", { type: "text/csv" });
  const created = await chat.POST("/moderation/keywords", { body: { id: "banned", category: "word", file }, bodySerializer: formDataBody });
  if (created.data) expectTypeOf(created.data.data.category).toEqualTypeOf<"word" | "pattern" | "sentence-similarity" | undefined>();
  expectTypeOf<Schemas["KeywordListRequest"]["file"]>().toEqualTypeOf<Blob | undefined>();
  await chat.POST("/moderation/keywords", {
    body: {
      // @ts-expect-error a file is a Blob or File, not its text
      file: "darn\n",
    },
    bodySerializer: formDataBody,
  });
}

export async function getRuleKeyword() {
  const found = await chat.GET("/moderation/keywords/{keywordId}", { params: { path: { keywordId: "banned" } } });
  if (found.data) expectTypeOf(found.data.data.searchTerms).toEqualTypeOf<string[] | undefined>();
  await chat.GET("/moderation/keywords/{keywordId}", {
    params: {
      // @ts-expect-error the parameter is keywordId
      path: { id: "banned" },
    },
  });
}

export async function updateRuleKeyword() {
  const updated = await chat.PUT("/moderation/keywords/{keywordId}", {
    params: { path: { keywordId: "banned" } },
    body: { searchTerms: "darn,heck" },
    bodySerializer: formDataBody,
  });
  if (updated.data) expectTypeOf(updated.data.data).branded.toEqualTypeOf<Schemas["KeywordList"]>();
  await chat.PUT("/moderation/keywords/{keywordId}", {
    params: { path: { keywordId: "banned" } },
    body: {
      // @ts-expect-error the category is one of word, pattern and sentence-similarity
      category: "phrase",
    },
    bodySerializer: formDataBody,
  });
}

export async function deleteRuleKeyword() {
  const deleted = await chat.DELETE("/moderation/keywords/{keywordId}", { params: { path: { keywordId: "banned" } } });
  if (deleted.data) expectTypeOf(deleted.data.data.success).toEqualTypeOf<boolean>();
  await chat.DELETE("/moderation/keywords/{keywordId}", {
    params: {
      // @ts-expect-error the keyword list ID is required
      path: {},
    },
  });
}
