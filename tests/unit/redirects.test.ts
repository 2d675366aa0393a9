import { createChatClient } from "../../src/index";
import { json, startFaultServer } from "../harness/fault-server";

describe("redirects never carry the key to another origin", () => {
  test("a redirect to another origin is not followed", async () => {
    const elsewhere = await startFaultServer((_q, res) => json(res, 200, { data: [], meta: {} }));
    // Same host, other port: a different origin, as a hostile Location would be.
    const origin = await startFaultServer((_q, res) => {
      res.writeHead(302, { location: `${elsewhere.url}/steal` });
      res.end();
    });
    try {
      const { response, error } = await createChatClient({ appId: "r", apiKey: "k-secret-redirect", baseUrl: origin.url }).GET("/users");
      expect(response.status).toBe(302);
      expect(error).toBeDefined();
      expect(elsewhere.requests).toHaveLength(0);
    } finally {
      await Promise.all([origin.close(), elsewhere.close()]);
    }
  });

  test("a same-origin redirect is followed with the key", async () => {
    const server = await startFaultServer((req, res) => {
      if (req.url === "/users") {
        res.writeHead(307, { location: "/users-moved" });
        return res.end();
      }
      json(res, 200, { data: [], meta: {} });
    });
    try {
      const { response } = await createChatClient({ appId: "r", apiKey: "k-same", baseUrl: server.url }).GET("/users");
      expect(response.status).toBe(200);
      expect(server.requests.map((r) => [r.url, r.headers.apikey])).toEqual([
        ["/users", "k-same"],
        ["/users-moved", "k-same"],
      ]);
    } finally {
      await server.close();
    }
  });
});
