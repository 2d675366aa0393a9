// Receipts and mutes that travel in the body of a DELETE: marking a conversation unread names
// the message in the body and the reader in onBehalfOf; unmuting names the conversations in the
// body and the user in the `uid` query parameter.
import { createChatClient, unwrap } from "../../../src/index";
import { type Handler, json, withServer, unavailableOnce } from "../../harness/fault-server";

const ok: Handler = (_q, res) => json(res, 200, { data: { success: true, message: "done" } });
const client = (baseUrl: string) => createChatClient({ appId: "rcpt", apiKey: "k-rcpt", baseUrl });

describe("marking a conversation unread", () => {
  test("as(uid) sends the reader in onBehalfOf and the message id as a JSON number in the DELETE body", async () => {
    await withServer(ok, async (server) => {
      const reader = client(server.url).as("cometchat-uid-1");
      await unwrap(
        reader.DELETE("/users/{uid}/conversation/read", { params: { path: { uid: "cometchat-uid-2" } }, body: { messageId: 1843 } }),
      );
      await unwrap(
        reader.DELETE("/groups/{guid}/conversation/read", { params: { path: { guid: "design-team" } }, body: { messageId: 1850 } }),
      );

      expect(server.requests.map((r) => `${r.method} ${r.url} ${r.headers.onbehalfof} ${r.body}`)).toEqual([
        'DELETE /users/cometchat-uid-2/conversation/read cometchat-uid-1 {"messageId":1843}',
        'DELETE /groups/design-team/conversation/read cometchat-uid-1 {"messageId":1850}',
      ]);
    });
  });

  test("a 503 is retried with the same body and the same onBehalfOf", async () => {
    await withServer(unavailableOnce(ok), async (server) => {
      await unwrap(
        client(server.url).DELETE("/groups/{guid}/conversation/read", {
          params: { path: { guid: "design-team" }, header: { onBehalfOf: "cometchat-uid-1" } },
          body: { messageId: 1850 },
        }),
      );
      expect(server.requests).toHaveLength(2);
      expect(server.requests[1]!.body).toBe('{"messageId":1850}');
      expect(server.requests[1]!.body).toBe(server.requests[0]!.body);
      expect(server.requests.map((r) => r.headers.onbehalfof)).toEqual(["cometchat-uid-1", "cometchat-uid-1"]);
    });
  });
});

test("unmuting sends the conversations in the DELETE body and the user in the uid query parameter", async () => {
  const unmuted: Handler = (_q, res) => json(res, 200, { data: { success: true } });
  await withServer(unmuted, async (server) => {
    const body = { conversations: [{ id: "design-team", type: "group" as const }] };
    const { data } = await unwrap(
      client(server.url).DELETE("/notifications/v1/preferences/mute", { params: { query: { uid: "cometchat-uid-1" } }, body }),
    );
    expect(data.success).toBe(true);
    const [sent] = server.requests;
    expect(`${sent!.method} ${sent!.url}`).toBe("DELETE /notifications/v1/preferences/mute?uid=cometchat-uid-1");
    expect(sent!.headers["content-type"]).toMatch(/^application\/json/);
    expect(JSON.parse(sent!.body)).toEqual(body);
  });
});
