// add-group-members answers 200 even when some UIDs fail: each UID gets its own outcome under the
// name of the list it was sent in. A caller finds the failures by reading `success` per UID.
import { createChatClient } from "../../../src/index";
import { json, withServer } from "../../harness/fault-server";

const answer = {
  data: {
    participants: {
      "cometchat-uid-5": { success: true },
      "cometchat-uid-42": { success: false, error: { code: "ERR_UID_NOT_FOUND", message: "No user with UID cometchat-uid-42 exists." } },
    },
    usersToBan: { "cometchat-uid-6": { success: true } },
  },
};

describe("add-group-members", () => {
  test("a failed UID comes back as its own error beside the UIDs that were added", async () => {
    await withServer(
      (_req, res) => json(res, 200, answer),
      async (server) => {
        const chat = createChatClient({ appId: "members", apiKey: "k-members", baseUrl: server.url });
        const { data, error } = await chat.as("cometchat-uid-4").POST("/groups/{guid}/members", {
          params: { path: { guid: "design-team" } },
          body: { participants: ["cometchat-uid-5", "cometchat-uid-42"], usersToBan: ["cometchat-uid-6"] },
        });
        expect(error).toBeUndefined();
        const failed = Object.entries(data?.data.participants ?? {}).flatMap(([uid, outcome]) =>
          outcome.success ? [] : [[uid, outcome.error.code]],
        );
        expect(failed).toEqual([["cometchat-uid-42", "ERR_UID_NOT_FOUND"]]);
        expect(data?.data.usersToBan?.["cometchat-uid-6"]?.success).toBe(true);

        const [sent] = server.requests;
        expect([sent?.method, sent?.url, sent?.headers.onbehalfof]).toEqual(["POST", "/groups/design-team/members", "cometchat-uid-4"]);
        expect(JSON.parse(sent?.body ?? "")).toEqual({
          participants: ["cometchat-uid-5", "cometchat-uid-42"],
          usersToBan: ["cometchat-uid-6"],
        });
      },
    );
  });
});
