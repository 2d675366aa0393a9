import { recordingFetch } from "../harness/recording-fetch";

// The client reads deprecations from the generated table of deprecated operations. This spec
// has none yet, so this test swaps in a table that deprecates list-users and checks the client
// warns through it.
jest.mock("../../generated/deprecated-operations", () => ({
  deprecatedOperations: [
    {
      operationId: "list-users",
      method: "GET",
      path: "/users",
      deprecated: true,
      replacedBy: "search-users",
    },
  ],
}));

import { createChatClient } from "../../src/index";

test("a client call to a deprecated operation warns once through the logger", async () => {
  const warnings: string[] = [];
  const logger = { debug() {}, info() {}, error() {}, warn: (m: string) => warnings.push(m) };
  const rec = recordingFetch(200, { data: [], meta: {} });
  const chat = createChatClient({ appId: "d", apiKey: "k", fetch: rec.fetch, logger });
  await chat.GET("/users");
  await chat.GET("/users");
  expect(warnings).toEqual(["chat-rest-sdk: list-users (GET /users) is deprecated; use search-users instead."]);
  expect(rec.requests).toHaveLength(2);
});
