import { createChatClient, createManagementClient, paginate, NotFoundError } from "../../src/index";
import { json, withServer, type Handler } from "../harness/fault-server";

const user = (n: number) => ({ uid: `u${n}`, name: `User ${n}`, createdAt: 1_700_000_000 + n });

function pagedServer(total: number, options: { ignorePage?: boolean } = {}): Handler {
  return (req, res) => {
    const url = new URL(req.url!, "http://x");
    const perPage = Number(url.searchParams.get("perPage") ?? 100);
    const page = options.ignorePage ? 1 : Number(url.searchParams.get("page") ?? 1);
    const totalPages = Math.max(1, Math.ceil(total / perPage));
    const items = Array.from({ length: Math.max(0, Math.min(perPage, total - (page - 1) * perPage)) }, (_, i) =>
      user((page - 1) * perPage + i + 1),
    );
    json(res, 200, {
      data: items,
      meta: { pagination: { total, count: items.length, per_page: perPage, current_page: page, total_pages: totalPages } },
    });
  };
}

describe("paginate()", () => {
  test("yields every item across pages and stops after the last page", async () => {
    await withServer(pagedServer(7), async (server) => {
      const chat = createChatClient({ appId: "p", apiKey: "k", baseUrl: server.url });
      const uids: string[] = [];
      for await (const u of paginate(chat, "/users", { perPage: 3, query: { status: "available" } })) uids.push(u.uid);
      expect(uids).toEqual(["u1", "u2", "u3", "u4", "u5", "u6", "u7"]);
      expect(server.requests.map((r) => r.url)).toEqual([
        "/users?status=available&page=1&perPage=3",
        "/users?status=available&page=2&perPage=3",
        "/users?status=available&page=3&perPage=3",
      ]);
    });
  });

  test("an empty list makes one request and yields nothing", async () => {
    await withServer(pagedServer(0), async (server) => {
      const chat = createChatClient({ appId: "p", apiKey: "k", baseUrl: server.url });
      const items = [];
      for await (const u of paginate(chat, "/users")) items.push(u);
      expect(items).toEqual([]);
      expect(server.requests).toHaveLength(1);
    });
  });

  test("a service that ignores the page number cannot make it loop forever", async () => {
    await withServer(pagedServer(10, { ignorePage: true }), async (server) => {
      const chat = createChatClient({ appId: "p", apiKey: "k", baseUrl: server.url });
      const items = [];
      for await (const u of paginate(chat, "/users", { perPage: 2 })) items.push(u);
      expect(items).toHaveLength(4);
      expect(server.requests).toHaveLength(2);
    });
  });

  test("stopping early sends no further request", async () => {
    await withServer(pagedServer(50), async (server) => {
      const chat = createChatClient({ appId: "p", apiKey: "k", baseUrl: server.url });
      for await (const u of paginate(chat, "/users", { perPage: 10 })) if (u.uid === "u3") break;
      expect(server.requests).toHaveLength(1);
    });
  });

  test("an error status is thrown as a typed error", async () => {
    await withServer(
      (_q, res) => json(res, 404, { error: { code: "ERR_NOT_FOUND", message: "gone" } }),
      async (server) => {
        const chat = createChatClient({ appId: "p", apiKey: "k", baseUrl: server.url });
        await expect(paginate(chat, "/users").next()).rejects.toBeInstanceOf(NotFoundError);
      },
    );
  });

  test("other page-numbered lists work the same way, e.g. management apps", async () => {
    await withServer(
      (req, res) => {
        const page = Number(new URL(req.url!, "http://x").searchParams.get("page"));
        json(res, 200, {
          data: [{ id: `app${page}`, name: "A", region: "us", createdAt: 1 }],
          meta: { pagination: { total: 2, count: 1, per_page: 1, current_page: page, total_pages: 2 } },
        });
      },
      async (server) => {
        const mgmt = createManagementClient({ key: "k", secret: "s", baseUrl: server.url });
        const ids: string[] = [];
        for await (const app of paginate(mgmt, "/apps", { perPage: 1 })) ids.push(app.id);
        expect(ids).toEqual(["app1", "app2"]);
      },
    );
  });
});
