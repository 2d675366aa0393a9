// Unregistering push tokens: both operations are DELETEs whose JSON body names the session, and an
// FCM token, which holds a `:`, travels in the path of delete-token.
import { createChatClient, unwrap } from "../../../src/index";
import { json, withServer, type Handler, unavailableOnce } from "../../harness/fault-server";

const authToken = "cometchat-uid-3_171014103393cf7e3c67cc44465440d4efac8de";
const fcmToken = "dLztQGbuPA91bG3:APA91bE8HPMm-xQa5RT4/RaPXi";
const listed: Handler = (_q, res) => json(res, 200, { data: { pushTokens: [] } });
const client = (baseUrl: string) => createChatClient({ appId: "push", apiKey: "k-push", baseUrl });

describe("unregistering push tokens", () => {
  test("delete-token sends the token percent-encoded as one path segment and the session in the JSON body", async () => {
    await withServer(listed, async (server) => {
      const { data } = await unwrap(
        client(server.url).DELETE("/notifications/push/v1/tokens/{pushToken}", {
          params: { path: { pushToken: fcmToken } },
          body: { authToken },
        }),
      );
      expect(data.pushTokens).toEqual([]);
      const [sent] = server.requests;
      expect(sent!.method).toBe("DELETE");
      expect(sent!.url).toBe(`/notifications/push/v1/tokens/${encodeURIComponent(fcmToken)}`);
      expect(sent!.headers["content-type"]).toMatch(/^application\/json/);
      expect(JSON.parse(sent!.body)).toEqual({ authToken });
    });
  });

  test("unregister-tokens sends all=true in the query and the session in the body", async () => {
    await withServer(listed, async (server) => {
      await unwrap(client(server.url).DELETE("/notifications/push/v1/tokens", { params: { query: { all: true } }, body: { authToken } }));
      expect(server.requests[0]!.url).toBe("/notifications/push/v1/tokens?all=true");
      expect(JSON.parse(server.requests[0]!.body)).toEqual({ authToken });
    });
  });

  test("unregister-tokens answered 503 is retried with the same body", async () => {
    await withServer(unavailableOnce(listed), async (server) => {
      await unwrap(client(server.url).DELETE("/notifications/push/v1/tokens", { body: { authToken } }));
      expect(server.requests.map((r) => r.method)).toEqual(["DELETE", "DELETE"]);
      expect(server.requests[1]!.body).toBe(JSON.stringify({ authToken }));
      expect(server.requests[1]!.body).toBe(server.requests[0]!.body);
    });
  });
});
