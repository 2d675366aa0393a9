// paginate() on every page-numbered list of users, auth tokens, friends, blocked users and API
// keys, each served in the meta shape the service sends for it: user lists add `meta.cursor`
// beside `meta.pagination`, the others carry `meta.pagination` alone. Lists under a user take
// the UID as a path parameter, which paginate() sends with every page.
import { createChatClient, paginate } from "../../../src/index";
import { withServer, type Handler } from "../../harness/fault-server";
import { pageListServer } from "../../harness/page-list-server";

const TOTAL = 5;
const PER_PAGE = 2;

/** Serves TOTAL items in the meta shape of one list: user lists add `meta.cursor` beside the page numbers. */
const listServer = (item: (n: number) => Record<string, unknown>, withCursor: boolean) =>
  pageListServer(TOTAL, item, withCursor ? (last) => ({ updatedAt: 1_717_400_000 + last, affix: "prepend" }) : undefined);

const user = (n: number) => ({ uid: `cometchat-uid-${n}`, name: `User ${n}`, createdAt: 1_716_800_000, updatedAt: 1_717_400_000 + n });
const blocked = (n: number) => ({ ...user(n), blockedByMe: true, blockedByMeAt: 1_717_500_000, blockedAt: 1_717_500_000 });
const token = (n: number) => ({ uid: "cometchat-uid-1", authToken: `cometchat-uid-1_token${n}`, createdAt: 1_718_445_600 + n });
const apiKey = (n: number) => ({
  apiKey: String(n).repeat(40).slice(0, 40),
  name: `Key ${n}`,
  scope: "authOnly",
  createdAt: 1_629_869_272,
});

const pages = (path: string, query = "") => [1, 2, 3].map((page) => `${path}?${query}page=${page}&perPage=${PER_PAGE}`);

async function run<T>(handler: Handler, iterate: (chat: ReturnType<typeof createChatClient>) => AsyncIterable<T>) {
  return withServer(handler, async (server) => {
    const chat = createChatClient({ appId: "lists", apiKey: "k-lists", baseUrl: server.url });
    const items: T[] = [];
    for await (const item of iterate(chat)) items.push(item);
    return { items, urls: server.requests.map((r) => r.url) };
  });
}

describe("paginate() walks every list of users, auth tokens, friends, blocked users and API keys", () => {
  test("list-users, whose meta adds a cursor, yields every user once", async () => {
    const { items, urls } = await run(listServer(user, true), (chat) =>
      paginate(chat, "/users", { perPage: PER_PAGE, query: { withDeactivated: true } }),
    );
    expect(items.map((u) => u.uid)).toEqual([1, 2, 3, 4, 5].map((n) => `cometchat-uid-${n}`));
    expect(urls).toEqual(pages("/users", "withDeactivated=true&"));
  });

  test("list-all-friends sends the UID with every page and yields every friend once", async () => {
    const { items, urls } = await run(listServer(user, true), (chat) =>
      paginate(chat, "/users/{uid}/friends", {
        params: { path: { uid: "cometchat-uid-1" } },
        perPage: PER_PAGE,
        query: { searchKey: "user" },
      }),
    );
    expect(items.map((u) => u.uid)).toEqual([1, 2, 3, 4, 5].map((n) => `cometchat-uid-${n}`));
    expect(urls).toEqual(pages("/users/cometchat-uid-1/friends", "searchKey=user&"));
  });

  test("list-blocked-users sends the UID with every page and yields every blocked user once", async () => {
    const { items, urls } = await run(listServer(blocked, true), (chat) =>
      paginate(chat, "/users/{uid}/blockedusers", { params: { path: { uid: "cometchat-uid-1" } }, perPage: PER_PAGE }),
    );
    expect(items.map((u) => [u.uid, u.blockedByMe])).toEqual([1, 2, 3, 4, 5].map((n) => [`cometchat-uid-${n}`, true]));
    expect(urls).toEqual(pages("/users/cometchat-uid-1/blockedusers"));
  });

  test("list-authtokens, whose meta holds only pagination, sends the UID with every page and yields every token once", async () => {
    const { items, urls } = await run(listServer(token, false), (chat) =>
      paginate(chat, "/users/{uid}/auth_tokens", { params: { path: { uid: "cometchat-uid-1" } }, perPage: PER_PAGE }),
    );
    expect(items.map((t) => t.authToken)).toEqual([1, 2, 3, 4, 5].map((n) => `cometchat-uid-1_token${n}`));
    expect(urls).toEqual(pages("/users/cometchat-uid-1/auth_tokens"));
  });

  test("list-apikeys, whose meta holds only pagination, yields every key once", async () => {
    const { items, urls } = await run(listServer(apiKey, false), (chat) =>
      paginate(chat, "/apikeys", { perPage: PER_PAGE, query: { scope: "authOnly" } }),
    );
    expect(items.map((k) => k.name)).toEqual([1, 2, 3, 4, 5].map((n) => `Key ${n}`));
    expect(urls).toEqual(pages("/apikeys", "scope=authOnly&"));
  });

  test("a list that fits one page, as API keys usually do, takes one request", async () => {
    const { items, urls } = await run(listServer(apiKey, false), (chat) => paginate(chat, "/apikeys"));
    expect(items).toHaveLength(TOTAL);
    expect(urls).toEqual(["/apikeys?page=1"]);
  });
});
