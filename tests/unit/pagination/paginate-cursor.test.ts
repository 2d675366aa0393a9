import { ChatConfigError, ChatInvalidResponseError, createChatClient, paginate } from "../../../src/index";
import { json, withServer, type Handler } from "../../harness/fault-server";
import { listedMessage } from "../../harness/listed-message";

const message = listedMessage;

const cursor = (affix: "append" | "prepend", m: ReturnType<typeof message>) => ({ affix, sentAt: m.sentAt, id: m.id });

interface Misbehaviour {
  /** Sends the boundary message again at the start of the next slice. */
  repeatBoundary?: boolean;
}

// A message list of `total` messages that pages like the service: `affix=append` with `id`
// returns the messages after it, `affix=prepend` those before it, `limit` at a time.
function cursorServer(total: number, options: Misbehaviour = {}): Handler {
  const all = Array.from({ length: total }, (_, i) => message(i + 1));
  return (req, res) => {
    const url = new URL(req.url!, "http://x");
    const limit = Number(url.searchParams.get("limit") ?? 3);
    const from = url.searchParams.get("id");
    const append = url.searchParams.get("affix") !== "prepend";
    let slice: typeof all;
    if (append) {
      const after = from === null ? all : all.filter((m) => Number(m.id) > Number(from) - (options.repeatBoundary ? 1 : 0));
      slice = after.slice(0, limit);
    } else {
      const before = from === null ? all : all.filter((m) => Number(m.id) < Number(from));
      slice = before.slice(Math.max(0, before.length - limit));
    }
    const first = slice[0];
    const last = slice[slice.length - 1];
    json(res, 200, {
      data: slice,
      meta: {
        ...(first && { previous: cursor("prepend", first) }),
        current: { limit, count: slice.length },
        ...(last && { next: cursor("append", last) }),
      },
    });
  };
}

const client = (url: string) => createChatClient({ appId: "p", apiKey: "k", baseUrl: url });

async function collect(handler: Handler, path: "/messages" | "/messages/{id}/reactions" = "/messages") {
  return withServer(handler, async (server) => {
    const ids: string[] = [];
    let error: unknown;
    try {
      const list =
        path === "/messages" ? paginate(client(server.url), path) : paginate(client(server.url), path, { params: { path: { id: "1" } } });
      for await (const item of list) ids.push(item.id);
    } catch (e) {
      error = e;
    }
    return { ids, error, requests: server.requests.map((r) => decodeURIComponent(r.url)) };
  });
}

describe("paginate() over a cursor list", () => {
  test("walks forward through meta.next, sending back its sentAt and id, and stops at the empty slice", async () => {
    await withServer(cursorServer(7), async (server) => {
      const ids: string[] = [];
      for await (const m of paginate(client(server.url), "/messages", { limit: 3, query: { fromTimestamp: 1_718_400_000 } }))
        ids.push(m.id);
      expect(ids).toEqual(["1", "2", "3", "4", "5", "6", "7"]);
      expect(server.requests.map((r) => r.url)).toEqual([
        "/messages?fromTimestamp=1718400000&affix=append&limit=3",
        "/messages?fromTimestamp=1718400000&affix=append&sentAt=1718400003&id=3&limit=3",
        "/messages?fromTimestamp=1718400000&affix=append&sentAt=1718400006&id=6&limit=3",
        "/messages?fromTimestamp=1718400000&affix=append&sentAt=1718400007&id=7&limit=3",
      ]);
    });
  });

  test("walks backward through meta.previous with affix=prepend, from a given message", async () => {
    await withServer(cursorServer(7), async (server) => {
      const ids: string[] = [];
      const list = paginate(client(server.url), "/messages", { direction: "backward", limit: 2, query: { id: "6" } });
      for await (const m of list) ids.push(m.id);
      expect(ids).toEqual(["4", "5", "2", "3", "1"]);
      expect(server.requests.map((r) => r.url)).toEqual([
        "/messages?id=6&affix=prepend&limit=2",
        "/messages?id=4&affix=prepend&sentAt=1718400004&limit=2",
        "/messages?id=2&affix=prepend&sentAt=1718400002&limit=2",
        "/messages?id=1&affix=prepend&sentAt=1718400001&limit=2",
      ]);
    });
  });

  test("sends the path and header parameters with every slice", async () => {
    await withServer(cursorServer(4), async (server) => {
      const list = paginate(client(server.url), "/users/{uid}/messages", {
        params: { path: { uid: "cometchat-uid-2" }, header: { onBehalfOf: "cometchat-uid-1" } },
        limit: 2,
      });
      const ids: string[] = [];
      for await (const m of list) ids.push(m.id);
      expect(ids).toEqual(["1", "2", "3", "4"]);
      expect(server.requests).toHaveLength(3);
      for (const request of server.requests) {
        expect(request.url).toMatch(/^\/users\/cometchat-uid-2\/messages\?affix=append/);
        expect(request.headers.onbehalfof).toBe("cometchat-uid-1");
      }
    });
  });

  test("a slice that starts with the previous slice's last message yields it once", async () => {
    const { ids, error } = await collect(cursorServer(5, { repeatBoundary: true }));
    expect(error).toBeUndefined();
    expect(ids).toEqual(["1", "2", "3", "4", "5"]);
  });

  test("a cursor that stops moving ends the list without yielding the repeated slice", async () => {
    const { ids, requests } = await collect((_req, res) =>
      json(res, 200, { data: [message(1), message(2)], meta: { current: { limit: 2, count: 2 }, next: cursor("append", message(2)) } }),
    );
    expect(ids).toEqual(["1", "2"]);
    expect(requests).toEqual(["/messages?affix=append", "/messages?affix=append&sentAt=1718400002&id=2"]);
  });

  test("a cursor that goes back to one already sent ends the list, even when the items differ", async () => {
    const { ids, requests } = await collect((req, res, hit) => {
      const n = hit * 10;
      // Alternates between two cursors: the third request would repeat the second.
      const next = hit % 2 === 1 ? { affix: "append", id: "100" } : { affix: "append", id: "200" };
      json(res, 200, { data: [message(n)], meta: { current: { limit: 1, count: 1 }, next }, url: req.url });
    });
    expect(ids).toEqual(["10", "20", "30"]);
    expect(requests).toHaveLength(3);
  });

  test("a slice without meta.next ends the list", async () => {
    const { ids, requests } = await collect((_req, res) =>
      json(res, 200, { data: [message(1)], meta: { current: { limit: 10, count: 1 } } }),
    );
    expect(ids).toEqual(["1"]);
    expect(requests).toHaveLength(1);
  });

  test("reaction lists follow a cursor of id only, and a numeric id goes back as its digits", async () => {
    const reaction = (n: number) => ({ id: String(n), messageId: "1", reaction: "👍", uid: `u${n}`, reactedAt: 1_718_400_000 + n });
    const { ids, requests } = await collect((_req, res, hit) => {
      if (hit === 1)
        json(res, 200, { data: [reaction(1), reaction(2)], meta: { current: { limit: 2, count: 2 }, next: { affix: "append", id: 2 } } });
      else json(res, 200, { data: [], meta: { current: { limit: 2, count: 0 } } });
    }, "/messages/{id}/reactions");
    expect(ids).toEqual(["1", "2"]);
    expect(requests).toEqual(["/messages/1/reactions?affix=append", "/messages/1/reactions?affix=append&id=2"]);
  });

  test.each([
    ["a missing meta", { data: [message(1)] }, /slice 1 whose meta is missing, not an object/],
    ["data that is an object", { data: {}, meta: { current: {} } }, /slice 1 whose data is \{\}, not an array/],
    ["a body that is an array", [message(1)], /slice 1 whose body is not an object/],
    ["a cursor that is a string", { data: [message(1)], meta: { next: "abc" } }, /slice 1 whose meta\.next is "abc", not an object/],
    ["an unknown affix", { data: [message(1)], meta: { next: { affix: "after", id: "1" } } }, /slice 1 whose meta\.next\.affix is "after"/],
    ["a sentAt that is text", { data: [message(1)], meta: { next: { affix: "append", sentAt: "soon" } } }, /meta\.next\.sentAt is "soon"/],
    [
      "a cursor with neither sentAt nor id",
      { data: [message(1)], meta: { next: { affix: "append" } } },
      /meta\.next has neither sentAt nor id/,
    ],
  ])("a slice with %s throws a ChatInvalidResponseError naming the path and the field", async (_what, body, detail) => {
    const { ids, error } = await collect((_req, res) => json(res, 200, body));
    expect(ids).toEqual([]);
    expect(error).toBeInstanceOf(ChatInvalidResponseError);
    expect((error as ChatInvalidResponseError).message).toMatch(/^GET \/messages answered 200 with /);
    expect((error as ChatInvalidResponseError).message).toMatch(detail);
    expect((error as ChatInvalidResponseError).message).toMatch(/expected a cursor list/);
    expect(error).toMatchObject({ status: 200, method: "GET", path: "/messages" });
  });

  test.each(["append", "up", 1])("direction %p is refused with a ChatConfigError before any request", async (direction) => {
    await withServer(cursorServer(3), async (server) => {
      const list = paginate(client(server.url), "/messages", { direction: direction as "forward" });
      await expect(list.next()).rejects.toBeInstanceOf(ChatConfigError);
      expect(server.requests).toHaveLength(0);
    });
  });

  test("stopping early sends no further request", async () => {
    await withServer(cursorServer(50), async (server) => {
      for await (const m of paginate(client(server.url), "/messages", { limit: 10 })) if (m.id === "3") break;
      expect(server.requests).toHaveLength(1);
    });
  });
});
