// paginate() on the group and role lists. list-groups answers in pages by number and adds
// `meta.cursor` (`updatedAt`, `affix`) beside `meta.pagination`; its `affix` and `updatedAt` query
// parameters narrow the list to the groups changed before or after a time, so they are filters
// sent with every page, not a cursor that replaces the page number.
import { createChatClient, paginate } from "../../../src/index";
import { withServer, type Handler } from "../../harness/fault-server";
import { pageListServer } from "../../harness/page-list-server";

const TOTAL = 5;
const PER_PAGE = 2;

/** Serves TOTAL items with `meta.cursor` at the last item of each page (groups come newest first). */
const listServer = (item: (n: number) => Record<string, unknown>) =>
  pageListServer(TOTAL, item, (last) => ({ updatedAt: 1_717_400_000 - last, affix: "prepend" }));

const group = (n: number) => ({
  guid: `group-${n}`,
  name: `Group ${n}`,
  type: "public",
  createdAt: 1_716_800_000,
  updatedAt: 1_717_400_000 - n,
});
const member = (n: number) => ({
  uid: `cometchat-uid-${n}`,
  name: `User ${n}`,
  createdAt: 1_716_800_000,
  scope: "participant",
  joinedAt: 1_717_000_000,
});
const role = (n: number) => ({ role: `role-${n}`, name: `Role ${n}`, createdAt: 1_716_800_000 });

async function run<T>(handler: Handler, iterate: (chat: ReturnType<typeof createChatClient>) => AsyncIterable<T>) {
  return withServer(handler, async (server) => {
    const chat = createChatClient({ appId: "groups", apiKey: "k-groups", baseUrl: server.url });
    const items: T[] = [];
    for await (const item of iterate(chat)) items.push(item);
    return { items, requests: server.requests };
  });
}

describe("paginate() walks the group and role lists", () => {
  test("list-groups is walked by page number; affix and updatedAt go out unchanged with every page", async () => {
    const { items, requests } = await run(listServer(group), (chat) =>
      paginate(chat, "/groups", {
        perPage: PER_PAGE,
        query: { affix: "prepend", updatedAt: 1_717_500_000, types: ["public", "password"] },
      }),
    );
    expect(items.map((g) => g.guid)).toEqual([1, 2, 3, 4, 5].map((n) => `group-${n}`));
    expect(requests.map((r) => r.url)).toEqual(
      [1, 2, 3].map((page) => `/groups?affix=prepend&updatedAt=1717500000&types=public,password&page=${page}&perPage=${PER_PAGE}`),
    );
  });

  test("list-groups on a bound client sends onBehalfOf with every page", async () => {
    const { items, requests } = await run(listServer(group), (chat) =>
      paginate(chat.as("cometchat-uid-4"), "/groups", { perPage: PER_PAGE, query: { hasJoined: true } }),
    );
    expect(items).toHaveLength(TOTAL);
    expect(requests.map((r) => r.headers.onbehalfof)).toEqual(["cometchat-uid-4", "cometchat-uid-4", "cometchat-uid-4"]);
  });

  test("list-group-members sends the GUID with every page and yields every member once, with its scope", async () => {
    const { items, requests } = await run(listServer(member), (chat) =>
      paginate(chat, "/groups/{guid}/members", {
        params: { path: { guid: "design-team" } },
        perPage: PER_PAGE,
        query: { scopes: ["participant"] },
      }),
    );
    expect(items.map((m) => [m.uid, m.scope])).toEqual([1, 2, 3, 4, 5].map((n) => [`cometchat-uid-${n}`, "participant"]));
    expect(requests.map((r) => r.url)).toEqual(
      [1, 2, 3].map((page) => `/groups/design-team/members?scopes=participant&page=${page}&perPage=${PER_PAGE}`),
    );
  });

  test("list-banned-group-users and list-roles yield every item once", async () => {
    const banned = await run(listServer(member), (chat) =>
      paginate(chat, "/groups/{guid}/bannedusers", { params: { path: { guid: "design-team" } }, perPage: PER_PAGE }),
    );
    expect(banned.items.map((u) => u.uid)).toEqual([1, 2, 3, 4, 5].map((n) => `cometchat-uid-${n}`));
    const roles = await run(listServer(role), (chat) => paginate(chat, "/roles", { perPage: PER_PAGE }));
    expect(roles.items.map((r) => r.role)).toEqual([1, 2, 3, 4, 5].map((n) => `role-${n}`));
  });
});
