// Two unusual requests of the role operations: allow-features is a DELETE whose body names the
// features, and a permission ID in a path holds a dot (`listUsers.mode`), which must reach the
// service as one path segment, unchanged.
import { createChatClient } from "../../../src/index";
import { json, withServer, type Handler } from "../../harness/fault-server";

const ok: Handler = (_q, res) => json(res, 200, { data: { success: true, message: "done" } });
const client = (baseUrl: string) => createChatClient({ appId: "roles", apiKey: "k-roles", baseUrl });

describe("role features and permissions on the wire", () => {
  test("allow-features sends the features to allow as the JSON body of a DELETE", async () => {
    await withServer(ok, async (server) => {
      const { response } = await client(server.url).DELETE("/roles/{role}/restrictedfeatures", {
        params: { path: { role: "moderator" } },
        body: { featuresToAllow: ["u.listUsers", "u.deleteGroup"] },
      });
      expect(response.status).toBe(200);
      const [sent] = server.requests;
      expect([sent?.method, sent?.url]).toEqual(["DELETE", "/roles/moderator/restrictedfeatures"]);
      expect(sent?.headers["content-type"]).toMatch(/^application\/json/);
      expect(JSON.parse(sent?.body ?? "")).toEqual({ featuresToAllow: ["u.listUsers", "u.deleteGroup"] });
    });
  });

  test("a dotted permission ID is sent as one path segment, in role and scope paths", async () => {
    await withServer(
      (_q, res) => json(res, 200, { data: { permissions: {} } }),
      async (server) => {
        const chat = client(server.url);
        await chat.DELETE("/roles/{role}/permissions/{permission}", {
          params: { path: { role: "moderator", permission: "listUsers.mode" } },
        });
        await chat.DELETE("/groups/{guid}/scopes/{scope}/permissions/{permission}", {
          params: { path: { guid: "design-team", scope: "participant", permission: "initiateCall.allowedType" } },
        });
        expect(server.requests.map((r) => r.url)).toEqual([
          "/roles/moderator/permissions/listUsers.mode",
          "/groups/design-team/scopes/participant/permissions/initiateCall.allowedType",
        ]);
      },
    );
  });
});
