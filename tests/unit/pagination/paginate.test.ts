import {
  ChatConfigError,
  ChatInvalidResponseError,
  createChatClient,
  createManagementClient,
  paginate,
  NotFoundError,
} from "../../../src/index";
import { json, withServer, type Handler } from "../../harness/fault-server";

const user = (n: number) => ({ uid: `u${n}`, name: `User ${n}`, createdAt: 1_700_000_000 + n });

interface Misbehaviour {
  /** Always answers page 1, and says so. */
  ignorePage?: boolean;
  /** Answers the last page for any page past it, labelled as the page asked for. */
  clampToLastPage?: boolean;
  /** Leaves out `total_pages`. */
  omitTotalPages?: boolean;
  /** Claims this many items in `total`, whatever the list holds. */
  claimedTotal?: number;
  /** Sends `current_page` and `total_pages` as strings. */
  pagesAsStrings?: boolean;
}

function pagedServer(total: number, options: Misbehaviour = {}): Handler {
  return (req, res) => {
    const url = new URL(req.url!, "http://x");
    const perPage = Number(url.searchParams.get("perPage") ?? 100);
    const asked = Number(url.searchParams.get("page") ?? 1);
    const totalPages = Math.max(1, Math.ceil(total / perPage));
    const page = options.ignorePage ? 1 : options.clampToLastPage ? Math.min(asked, totalPages) : asked;
    const items = Array.from({ length: Math.max(0, Math.min(perPage, total - (page - 1) * perPage)) }, (_, i) =>
      user((page - 1) * perPage + i + 1),
    );
    const label = (n: number) => (options.pagesAsStrings ? String(n) : n);
    const pagination = {
      total: options.claimedTotal ?? total,
      count: items.length,
      per_page: perPage,
      current_page: label(options.clampToLastPage ? asked : page),
      ...(!options.omitTotalPages && { total_pages: label(totalPages) }),
    };
    json(res, 200, { data: items, meta: { pagination } });
  };
}

async function collect(handler: Handler, perPage?: number) {
  return withServer(handler, async (server) => {
    const chat = createChatClient({ appId: "p", apiKey: "k", baseUrl: server.url });
    const uids: string[] = [];
    let error: unknown;
    try {
      for await (const u of paginate(chat, "/users", { perPage })) uids.push(u.uid);
    } catch (e) {
      error = e;
    }
    return { uids, error, requests: server.requests.map((r) => r.url) };
  });
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

  test("a service that ignores the page number ends the list after page 1, without yielding page 1 again", async () => {
    const { uids, error, requests } = await collect(pagedServer(10, { ignorePage: true }), 2);
    expect(error).toBeUndefined();
    expect(uids).toEqual(["u1", "u2"]);
    expect(requests).toHaveLength(2);
  });

  test("a page that repeats the previous page's items ends the list without yielding them again", async () => {
    const { uids, requests } = await collect(pagedServer(3, { clampToLastPage: true, omitTotalPages: true, claimedTotal: 100 }), 2);
    expect(uids).toEqual(["u1", "u2", "u3"]);
    expect(requests).toEqual(["/users?page=1&perPage=2", "/users?page=2&perPage=2", "/users?page=3&perPage=2"]);
  });

  test("without total_pages the list ends at the first empty page when total claims more", async () => {
    const { uids, requests } = await collect(pagedServer(5, { omitTotalPages: true, claimedTotal: 100 }), 2);
    expect(uids).toEqual(["u1", "u2", "u3", "u4", "u5"]);
    expect(requests).toHaveLength(4);
  });

  test("current_page and total_pages sent as digit strings are read as numbers", async () => {
    const { uids, requests } = await collect(pagedServer(5, { pagesAsStrings: true }), 2);
    expect(uids).toEqual(["u1", "u2", "u3", "u4", "u5"]);
    expect(requests).toHaveLength(3);
  });

  test.each([
    ["a missing meta", { data: [user(1)] }, /page 1 without meta\.pagination/],
    [
      "data that is a string",
      { data: "abc", meta: { pagination: { current_page: 1, total_pages: 1 } } },
      /page 1 whose data is "abc", not an array/,
    ],
    ["a body that is an array", [user(1)], /page 1 whose body is not an object/],
    [
      "a current_page that is not a number",
      { data: [user(1)], meta: { pagination: { current_page: "first", total_pages: 1 } } },
      /page 1 whose meta\.pagination\.current_page is "first"/,
    ],
    [
      "a negative total_pages",
      { data: [user(1)], meta: { pagination: { current_page: 1, total_pages: -1 } } },
      /page 1 whose meta\.pagination\.total_pages is -1/,
    ],
  ])(
    "a page with %s throws a ChatInvalidResponseError naming the path and the field, and yields nothing of it",
    async (_what, body, detail) => {
      const { uids, error } = await collect((_req, res) => json(res, 200, body));
      expect(uids).toEqual([]);
      expect(error).toBeInstanceOf(ChatInvalidResponseError);
      expect((error as ChatInvalidResponseError).message).toMatch(/^GET \/users answered 200 with /);
      expect((error as ChatInvalidResponseError).message).toMatch(detail);
      expect((error as ChatInvalidResponseError).message).toMatch(/expected a page-numbered list/);
      expect(error).toMatchObject({ status: 200, method: "GET", path: "/users" });
    },
  );

  test.each([0, -1, 1.5, Number.NaN])("startPage %p is refused with a ChatConfigError before any request", async (startPage) => {
    await withServer(pagedServer(3), async (server) => {
      const chat = createChatClient({ appId: "p", apiKey: "k", baseUrl: server.url });
      await expect(paginate(chat, "/users", { startPage }).next()).rejects.toBeInstanceOf(ChatConfigError);
      expect(server.requests).toHaveLength(0);
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
