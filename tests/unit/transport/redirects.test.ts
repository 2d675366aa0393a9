import { createChatClient } from "../../../src/index";
import { json, withServer } from "../../harness/fault-server";

describe("redirects never carry the key to another origin", () => {
  test("a redirect to another origin is not followed", async () => {
    await withServer(
      (_q, res) => json(res, 200, { data: [], meta: {} }),
      (elsewhere) =>
        // Same host, other port: a different origin, as a hostile Location would be.
        withServer(
          (_q, res) => {
            res.writeHead(302, { location: `${elsewhere.url}/steal` });
            res.end();
          },
          async (origin) => {
            const { response, error } = await createChatClient({ appId: "r", apiKey: "k-secret-redirect", baseUrl: origin.url }).GET(
              "/users",
            );
            expect(response.status).toBe(302);
            expect(error).toBeDefined();
            expect(elsewhere.requests).toHaveLength(0);
          },
        ),
    );
  });

  test("a same-origin redirect is followed with the key", async () => {
    await withServer(
      (req, res) => {
        if (req.url === "/users") {
          res.writeHead(307, { location: "/users-moved" });
          return res.end();
        }
        json(res, 200, { data: [], meta: {} });
      },
      async (server) => {
        const { response } = await createChatClient({ appId: "r", apiKey: "k-same", baseUrl: server.url }).GET("/users");
        expect(response.status).toBe(200);
        expect(server.requests.map((r) => [r.url, r.headers.apikey])).toEqual([
          ["/users", "k-same"],
          ["/users-moved", "k-same"],
        ]);
      },
    );
  });
});
