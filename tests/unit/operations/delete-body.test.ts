// DELETE requests that carry a JSON body: deactivating users, deleting a user for good,
// removing friends and unblocking users all name their targets in the body, not the URL.
import { createChatClient, unwrap } from "../../../src/index";
import { json, withServer, type Handler, unavailableOnce } from "../../harness/fault-server";

const ok: Handler = (_q, res) => json(res, 200, { data: { success: true, message: "done" } });
const client = (baseUrl: string) => createChatClient({ appId: "del", apiKey: "k-del", baseUrl });

describe("a DELETE with a body", () => {
  test.each([
    ["deactivate-users", "/users", {}, "/users", { uidsToDeactivate: ["cometchat-uid-2", "cometchat-uid-3"] }],
    ["delete-user", "/users/{uid}", { uid: "cometchat-uid-7" }, "/users/cometchat-uid-7", { permanent: true }],
    [
      "remove-friend",
      "/users/{uid}/friends",
      { uid: "cometchat-uid-1" },
      "/users/cometchat-uid-1/friends",
      { friends: ["cometchat-uid-2"] },
    ],
    [
      "unblock-users",
      "/users/{uid}/blockedusers",
      { uid: "cometchat-uid-1" },
      "/users/cometchat-uid-1/blockedusers",
      { blockedUids: ["cometchat-uid-4"] },
    ],
  ] as const)("%s sends its body as JSON to %s", async (_operation, template, path, url, body) => {
    await withServer(ok, async (server) => {
      // One call shape for four operations; each is type-checked in tests/types.
      const chat = client(server.url) as unknown as { DELETE: (p: string, init: unknown) => Promise<{ response: Response }> };
      const { response } = await chat.DELETE(template, { params: { path }, body });
      expect(response.status).toBe(200);
      expect(server.requests).toHaveLength(1);
      const [sent] = server.requests;
      expect(sent!.method).toBe("DELETE");
      expect(sent!.url).toBe(url);
      expect(sent!.headers["content-type"]).toMatch(/^application\/json/);
      expect(JSON.parse(sent!.body)).toEqual(body);
    });
  });

  test("delete-user without a body sends none", async () => {
    await withServer(ok, async (server) => {
      await unwrap(client(server.url).DELETE("/users/{uid}", { params: { path: { uid: "cometchat-uid-7" } } }));
      expect(server.requests[0]!.body).toBe("");
    });
  });

  test("a DELETE answered 503 is retried, re-sending the same body byte for byte", async () => {
    await withServer(
      unavailableOnce((_q, res) => json(res, 200, { data: { deactivatedUids: ["cometchat-uid-2", "cometchat-uid-3"] } })),
      async (server) => {
        const body = { uidsToDeactivate: ["cometchat-uid-2", "cometchat-uid-3"] };
        const { data } = await unwrap(client(server.url).DELETE("/users", { body }));
        expect(data.deactivatedUids).toEqual(["cometchat-uid-2", "cometchat-uid-3"]);
        expect(server.requests.map((r) => r.method)).toEqual(["DELETE", "DELETE"]);
        expect(server.requests[0]!.body).toBe(JSON.stringify(body));
        expect(server.requests[1]!.body).toBe(server.requests[0]!.body);
        expect(server.requests[1]!.headers["content-length"]).toBe(server.requests[0]!.headers["content-length"]);
      },
    );
  });

  test("a DELETE whose connection drops before an answer is retried with the same body", async () => {
    const droppedOnce: Handler = (req, res, hit) => {
      if (hit === 1) req.socket.destroy();
      else json(res, 200, { data: { success: true, message: "Deleted the friend relations successfully." } });
    };
    await withServer(droppedOnce, async (server) => {
      const body = { friends: ["cometchat-uid-2", "cometchat-uid-😀"] };
      await unwrap(
        client(server.url).DELETE("/users/{uid}/friends", { params: { path: { uid: "cometchat-uid-1" } }, body, maxRetries: 1 }),
      );
      expect(server.requests).toHaveLength(2);
      expect(server.requests[1]!.body).toBe(server.requests[0]!.body);
      expect(JSON.parse(server.requests[1]!.body)).toEqual(body);
    });
  });
});
