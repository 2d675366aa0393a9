import { ChatInvalidResponseError, createChatClient, paginate } from "../../../src/index";
import { json, withServer, type Handler } from "../../harness/fault-server";
import { listedMessage } from "../../harness/listed-message";

const message = listedMessage;
const user = (n: number) => ({ uid: `u${n}`, name: `User ${n}`, createdAt: 1_700_000_000 + n });

/** A cursor list that answers the k-th request with `slices[k]` (the last one again after the end), each with a fresh cursor. */
function scriptedSlices(slices: number[][]): Handler {
  return (_req, res, hit) => {
    const ids = slices[Math.min(hit - 1, slices.length - 1)]!;
    json(res, 200, {
      data: ids.map(message),
      meta: { current: { limit: 3, count: ids.length }, next: { affix: "append", sentAt: 1_718_400_000 + 1000 * hit, id: `c${hit}` } },
    });
  };
}

/** A page-numbered list that answers page n with `pages[(n - 1) % pages.length]`, claiming `totalPages` pages. */
function scriptedPages(pages: number[][], pagination: Record<string, unknown>): Handler {
  return (req, res) => {
    const page = Number(new URL(req.url!, "http://x").searchParams.get("page"));
    const uids = pages[(page - 1) % pages.length]!;
    json(res, 200, { data: uids.map(user), meta: { pagination: { count: uids.length, current_page: page, ...pagination } } });
  };
}

async function walk<T>(handler: Handler, list: (chat: ReturnType<typeof createChatClient>) => AsyncIterable<T>, key: (item: T) => string) {
  return withServer(handler, async (server) => {
    const chat = createChatClient({ appId: "p", apiKey: "k", baseUrl: server.url });
    const keys: string[] = [];
    let error: unknown;
    try {
      for await (const item of list(chat)) keys.push(key(item));
    } catch (e) {
      error = e;
    }
    return { keys, error, requests: server.requests.length };
  });
}

const messages = (handler: Handler) =>
  walk(
    handler,
    (chat) => paginate(chat, "/messages"),
    (m) => m.id,
  );
const users = (handler: Handler) =>
  walk(
    handler,
    (chat) => paginate(chat, "/users", { perPage: 2 }),
    (u) => u.uid,
  );

describe("a cursor walk never yields an item twice, and ends when a slice brings nothing new", () => {
  test("slices alternating X, Y, X, Y with fresh cursors end after X and Y", async () => {
    const { keys, requests } = await messages(
      scriptedSlices([
        [1, 2],
        [3, 4],
        [1, 2],
        [3, 4],
        [1, 2],
        [3, 4],
      ]),
    );
    expect(keys).toEqual(["1", "2", "3", "4"]);
    expect(requests).toBe(3);
  });

  test("an item repeated from two slices back is not yielded again", async () => {
    const { keys } = await messages(scriptedSlices([[1, 2], [3, 4], [1, 5], []]));
    expect(keys).toEqual(["1", "2", "3", "4", "5"]);
  });

  test("the same id twice within one slice is yielded once", async () => {
    const { keys } = await messages(scriptedSlices([[1, 1, 2], [3, 3], []]));
    expect(keys).toEqual(["1", "2", "3"]);
  });
});

describe("a page-numbered walk", () => {
  test("pages alternating X, Y, X, Y end after X and Y, though total_pages says more", async () => {
    const { keys, requests } = await users(
      scriptedPages(
        [
          [1, 2],
          [3, 4],
        ],
        { per_page: 2, total: 200, total_pages: 100 },
      ),
    );
    expect(keys).toEqual(["u1", "u2", "u3", "u4"]);
    expect(requests).toBe(3);
  });

  test("without total_pages, total and per_page say where the list ends", async () => {
    const { keys, requests } = await users(scriptedPages([[1, 2], [3, 4], [5]], { per_page: 2, total: 5 }));
    expect(keys).toEqual(["u1", "u2", "u3", "u4", "u5"]);
    expect(requests).toBe(3);
  });

  test("full pages of new items forever, with neither total_pages nor total and per_page, throw at once", async () => {
    let next = 0;
    const endless: Handler = (req, res) => {
      const page = Number(new URL(req.url!, "http://x").searchParams.get("page"));
      json(res, 200, { data: [user(++next), user(++next)], meta: { pagination: { count: 2, current_page: page } } });
    };
    const { keys, error, requests } = await users(endless);
    expect(error).toBeInstanceOf(ChatInvalidResponseError);
    expect((error as Error).message).toMatch(/page 1 whose meta\.pagination has neither total_pages nor total and per_page/);
    expect([keys, requests]).toEqual([[], 1]);
  });
});
