import type { SdkClient } from "../client/client-types.js";
import type { ChatPaths } from "../client/paths.js";
import { ChatConfigError } from "../errors/chat-config-error.js";
import { ChatInvalidResponseError } from "../errors/chat-invalid-response-error.js";
import { type FetchResult, unwrap } from "../errors/unwrap.js";
import { type CursorReader, cursorPager, readLogCursor } from "./cursor-pager.js";
import { pageNumberPager } from "./page-number-pager.js";
import type { CursorPaginateOptions, CursorPath, PaginateOptions } from "./paginate.js";
import type { Pager } from "./pager.js";

// What `paginate` runs, in a module of its own that it imports on the first page.

// The request of the first page differs by style (`page=1` or `affix=append`), so the style is
// known before any answer arrives: from this list of the spec's cursor lists. The `satisfies`
// below fails to compile, naming the path, when the spec gains a cursor list that is not listed
// here; being a type check, it leaves no code in the bundle.
const CURSOR_LISTS = [
  "/messages",
  "/users/{uid}/messages",
  "/groups/{guid}/messages",
  "/messages/{id}/thread",
  "/messages/{id}/reactions",
  "/messages/{id}/reactions/{reaction}",
  "/moderation/flagged-messages",
  "/moderation/reviewed-messages",
  "/notifications/v1/logs",
  "/moderation/blocked-messages",
  "/moderation/reasons",
  "/moderation/rules",
  "/moderation/rules/{ruleId}/revisions",
  "/moderation/keywords",
] as const satisfies readonly CursorPath<ChatPaths>[];
type Unlisted = Exclude<CursorPath<ChatPaths>, (typeof CURSOR_LISTS)[number]>;
true satisfies [Unlisted] extends [never] ? true : Unlisted;
const cursorLists: ReadonlySet<string> = new Set(CURSOR_LISTS);
// Lists whose cursor is not `sentAt` and `id`.
const cursorReaders: Readonly<Record<string, CursorReader>> = { "/notifications/v1/logs": readLogCursor };

const PAGE_NUMBERED = "a page-numbered list (data[] and meta.pagination)";
const CURSOR = "a cursor list (data[], meta.next or meta.previous)";

function pagerFor(path: string, options: Record<string, unknown>): { pager: Pager; size: Record<string, unknown>; expected: string } {
  if (cursorLists.has(path)) {
    const { direction = "forward", limit } = options;
    if (direction !== "forward" && direction !== "backward") {
      throw new ChatConfigError(`paginate: direction must be "forward" or "backward", got ${JSON.stringify(direction)}.`);
    }
    return { pager: cursorPager(direction, cursorReaders[path]), size: limit === undefined ? {} : { limit }, expected: CURSOR };
  }
  const { startPage = 1, perPage } = options;
  if (!Number.isSafeInteger(startPage) || (startPage as number) < 1) {
    throw new ChatConfigError(`paginate: startPage must be an integer from 1, got ${JSON.stringify(startPage)}.`);
  }
  return { pager: pageNumberPager(startPage as number), size: perPage === undefined ? {} : { perPage }, expected: PAGE_NUMBERED };
}

/** Walks the list at `path` page after page, as {@link paginate} documents, yielding its items. */
export async function* walkPages(client: SdkClient<ChatPaths>, path: string, options: object): AsyncGenerator<unknown, void, undefined> {
  // The paging options go to the pager; the rest are the request options of every page.
  const {
    params: fixed,
    query,
    perPage,
    startPage,
    limit,
    direction,
    ...requestOptions
  } = options as PaginateOptions<unknown, {}> & CursorPaginateOptions<unknown, {}>;
  const { pager, size, expected } = pagerFor(path, options as Record<string, unknown>);
  for (let asked = pager.first; ; ) {
    const params = { ...fixed, query: { ...query, ...asked, ...size } };
    const call = (client.GET as Function)(path, { params, ...requestOptions }) as Promise<FetchResult>;
    const body = await unwrap(call);
    const { status } = (await call).response;
    const malformed = (detail: string): never => {
      throw new ChatInvalidResponseError(status, detail, { method: "GET", path }, { expected });
    };
    const { items, next } = pager.read(body, asked, malformed);
    for (const item of items) yield item;
    if (next === undefined) return;
    asked = next;
  }
}
