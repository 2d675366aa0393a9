import { readFileSync } from "node:fs";
import { join } from "node:path";
import { deprecatedOperations } from "../../../generated/deprecated-operations";
import { createChatClient } from "../../../src/index";
import { recordingFetch } from "../../harness/recording-fetch";

// No table is swapped in here: the client warns from the table `npm run generate` wrote from the
// real spec, which deprecates the conversation operations addressed by conversation ID.
const spec = JSON.parse(readFileSync(join(__dirname, "../../../generated/openapi.json"), "utf8")) as {
  paths: Record<string, Record<string, { operationId: string; deprecated?: boolean; "x-replaced-by"?: string }>>;
};

test("the generated table holds every operation the spec deprecates, with the replacement it names", () => {
  const inSpec = Object.entries(spec.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([, op]) => op.deprecated)
      .map(([method, op]) => ({ operationId: op.operationId, method: method.toUpperCase(), path, replacedBy: op["x-replaced-by"] })),
  );
  expect(inSpec.map((op) => op.operationId).sort()).toEqual(["delete-conversation", "get-conversation"]);
  expect(deprecatedOperations).toEqual(expect.arrayContaining(inSpec.map((op) => ({ ...op, deprecated: true }))));
  expect(deprecatedOperations).toHaveLength(inSpec.length);
});

test("calling a deprecated conversation operation warns once per operation, naming its replacements", async () => {
  const warnings: string[] = [];
  const logger = { debug() {}, info() {}, error() {}, warn: (m: string) => warnings.push(m) };
  const rec = recordingFetch(200, { data: {} });
  const chat = createChatClient({ appId: "d", apiKey: "k", fetch: rec.fetch, logger });
  const byId = { params: { path: { conversationId: "group_design-team" }, header: { onBehalfOf: "cometchat-uid-1" } } };

  await chat.GET("/conversations/{conversationId}", byId);
  await chat.GET("/conversations/{conversationId}", byId);
  await chat.as("cometchat-uid-1").DELETE("/conversations/{conversationId}", { params: { path: { conversationId: "group_design-team" } } });
  await chat.DELETE("/conversations/{conversationId}", byId);
  // The replacements are current operations: no warning.
  await chat.GET("/users/{uid}/conversation", { params: { path: { uid: "cometchat-uid-2" }, header: { onBehalfOf: "cometchat-uid-1" } } });
  await chat.GET("/groups/{guid}/conversation", { params: { path: { guid: "design-team" }, header: { onBehalfOf: "cometchat-uid-1" } } });

  expect(warnings).toEqual([
    "chat-rest-sdk: get-conversation (GET /conversations/{conversationId}) is deprecated; " +
      "use get-user-conversations or get-group-conversations instead.",
    "chat-rest-sdk: delete-conversation (DELETE /conversations/{conversationId}) is deprecated; " +
      "use reset-user-conversation or reset-group-conversation instead.",
  ]);
  // Warned, never refused: every call went out.
  expect(rec.requests.map((r) => `${r.method} ${new URL(r.url).pathname}`)).toEqual([
    "GET /v3/conversations/group_design-team",
    "GET /v3/conversations/group_design-team",
    "DELETE /v3/conversations/group_design-team",
    "DELETE /v3/conversations/group_design-team",
    "GET /v3/users/cometchat-uid-2/conversation",
    "GET /v3/groups/design-team/conversation",
  ]);
});
