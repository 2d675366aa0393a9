// Every operation of the spec carries its rate-limit class, and the table the governor and the
// fake read is derived from it.
import { operations } from "../../generated/manifest";
import { coreOperations, perUserOperations } from "../../generated/rate-limit-classes";

test("every operation has a rate-limit class, core or standard", () => {
  expect(operations.length).toBeGreaterThan(280);
  const missing = operations.filter((op) => !["core", "standard"].includes((op as { rateLimitClass?: string }).rateLimitClass ?? ""));
  expect(missing.map((op) => op.operationId)).toEqual([]);
});

test("the core operations are those that log a user in, create or delete users, create groups and add or remove members", () => {
  const core = operations.filter((op) => op.rateLimitClass === "core").map((op) => op.operationId);
  expect(core.sort()).toEqual(
    ["add-group-members", "create-authtoken", "create-group", "create-user", "deactivate-users", "delete-user", "kick-group-member"].sort(),
  );
  expect([...coreOperations].sort()).toEqual(
    operations
      .filter((op) => op.rateLimitClass === "core")
      .map((op) => `${op.method} ${op.path}`)
      .sort(),
  );
});

test("sent messages and mark-as-unread calls are limited per user, by onBehalfOf or by the bot that sends", () => {
  expect(perUserOperations).toEqual({
    "POST /messages": { rule: "sendMessage", user: "onBehalfOf" },
    "POST /messages/{id}/thread": { rule: "sendMessage", user: "onBehalfOf" },
    "POST /bots/{uid}/messages": { rule: "sendMessage", user: "uid" },
    "DELETE /users/{uid}/conversation/read": { rule: "markUnread", user: "onBehalfOf" },
    "DELETE /groups/{guid}/conversation/read": { rule: "markUnread", user: "onBehalfOf" },
  });
});
