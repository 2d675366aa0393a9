import type { SdkClient } from "../client/client-types.js";
import type { CursorDirection } from "./cursor-pager.js";
import type { ChatPaths } from "../client/paths.js";
import type { RequestOptions } from "../transport/request-options.js";

interface PageShape {
  data: unknown[];
  meta: { pagination: { current_page: number; total_pages: number } };
}

type SuccessBody<Op> = Op extends { responses: { 200: { content: { "application/json": infer B } } } } ? B : never;

/** Paths whose GET returns a page-numbered list (`data[]` plus `meta.pagination`). */
export type PagedPath<Paths> = {
  [P in keyof Paths]: Paths[P] extends { get: infer Op } ? (SuccessBody<Op> extends PageShape ? P : never) : never;
}[keyof Paths];

/** Paths whose GET returns a cursor list (`data[]` plus a `meta` that declares `current` or `next`). */
export type CursorPath<Paths> = {
  [P in keyof Paths]: Paths[P] extends { get: infer Op }
    ? SuccessBody<Op> extends { data: unknown[]; meta: infer Meta }
      ? [Extract<keyof Meta, "current" | "next">] extends [never]
        ? never
        : P
      : never
    : never;
}[keyof Paths];

/** The item type of a list, page-numbered or cursor. */
export type PagedItem<Paths, P extends keyof Paths> = Paths[P] extends { get: infer Op }
  ? SuccessBody<Op> extends { data: Array<infer Item> }
    ? Item
    : never
  : never;

type Query<Paths, P extends keyof Paths> = Paths[P] extends { get: { parameters: { query?: infer Q } } } ? Q : never;

/** The path and header parameters of a list's GET (everything but its query). */
export type ListParams<Paths, P extends keyof Paths> = Paths[P] extends { get: { parameters: infer X } }
  ? Omit<X, "query" | "cookie">
  : never;

/** Options of {@link paginate}. */
export interface PaginateOptions<Q, X = {}> extends RequestOptions {
  /**
   * Path and header parameters, sent unchanged with every page: the user whose list it is, or
   * `onBehalfOf` for a client that is not bound to a user.
   * @default {}
   * @example { path: { uid: "cometchat-uid-1" } }
   */
  params?: X;
  /**
   * Query parameters other than the page number.
   * @default {}
   * @example { status: "available" }
   */
  query?: Omit<NonNullable<Q>, "page" | "perPage">;
  /**
   * How many items to fetch per request.
   * @default the service's default (100 for users)
   * @example 500
   */
  perPage?: number;
  /**
   * Page to start at, counting from 1.
   * @default 1
   * @example 3
   */
  startPage?: number;
  /**
   * Aborts the iteration, including a request in flight.
   * @default undefined (runs to the last page)
   * @example AbortSignal.timeout(60_000)
   */
  signal?: AbortSignal;
}

/** Options of {@link paginate} for a cursor list (messages, thread replies, reactions). */
export interface CursorPaginateOptions<Q, X = {}> extends RequestOptions {
  /**
   * Path and header parameters, sent unchanged with every slice: the user or group whose
   * messages they are, or `onBehalfOf` for a client that is not bound to a user.
   * @default {}
   * @example { path: { uid: "cometchat-uid-1" }, header: { onBehalfOf: "cometchat-uid-2" } }
   */
  params?: X;
  /**
   * Query parameters: filters, and where to start (`fromTimestamp`, or the `id` or `sentAt` of
   * a message). The cursor the service returns replaces `id` and `sentAt` after the first slice.
   * @default {}
   * @example { fromTimestamp: 1718400000, categories: ["message"] }
   */
  query?: Omit<NonNullable<Q>, "affix" | "limit">;
  /**
   * How many items to fetch per request.
   * @default the service's default
   * @example 100
   */
  limit?: number;
  /**
   * Which way to walk: `forward` sends `affix=append` and follows `meta.next` to later items;
   * `backward` sends `affix=prepend` and follows `meta.previous` to earlier ones.
   * @default "forward"
   * @example "backward"
   */
  direction?: CursorDirection;
  /**
   * Aborts the iteration, including a request in flight.
   * @default undefined (runs to the end of the list)
   * @example AbortSignal.timeout(60_000)
   */
  signal?: AbortSignal;
}

/** The options {@link paginate} takes for path `P`: cursor options for a cursor list, page options otherwise. */
export type ListOptions<Paths, P extends keyof Paths> =
  P extends CursorPath<Paths>
    ? CursorPaginateOptions<Query<Paths, P>, ListParams<Paths, P>>
    : PaginateOptions<Query<Paths, P>, ListParams<Paths, P>>;

/**
 * Iterates over every item of a list, fetching one page at a time. Both kinds of list the
 * service has are walked, and the options are typed for the path:
 *
 * - A page-numbered list (`meta.pagination`) ends after the last page (`current_page` reaches
 *   `total_pages`, or `total` / `per_page` when `total_pages` is left out), after an empty page,
 *   and as soon as the service stops making progress: when it answers another page than the one
 *   asked for, or a page with no item not yielded yet.
 * - A cursor list (messages, thread replies, reactions, notification logs) follows `meta.next`, or
 *   `meta.previous` with `direction: "backward"`; notification logs send its `messageId` back as
 *   `logId`. It ends at an empty slice, at a slice without that cursor,
 *   and when the cursor stops moving (the service sends back one it was given) or a slice
 *   brings nothing new.
 *
 * It never yields an item twice within the last 10,000 items (a bounded window, so memory stays
 * bounded), and never sends another request after the end. An error status
 * throws a {@link ChatApiError}; a page without the list's shape (no `meta.pagination`, `data`
 * not an array, a cursor without `affix`) throws a {@link ChatInvalidResponseError} naming the
 * path, the page and the field.
 *
 * @example
 * for await (const user of paginate(chat, "/users", { perPage: 500, query: { status: "available" } })) {
 *   console.log(user.uid);
 * }
 * for await (const message of paginate(chat, "/groups/{guid}/messages", {
 *   params: { path: { guid: "design-team" } },
 *   query: { fromTimestamp: 1718400000 },
 *   limit: 100,
 * })) {
 *   console.log(message.id);
 * }
 */
export async function* paginate<Paths extends Record<string, any>, P extends (PagedPath<Paths> | CursorPath<Paths>) & string>(
  client: SdkClient<Paths>,
  path: P,
  options: ListOptions<Paths, P> = {} as ListOptions<Paths, P>,
): AsyncGenerator<PagedItem<Paths, P>, void, undefined> {
  // The walk is a module of its own, loaded on the first page: a bundler splits it off, so an app
  // that never pages does not carry it.
  const { walkPages } = await import("./walk-pages.js");
  yield* walkPages(client as SdkClient<ChatPaths>, path, options) as AsyncGenerator<PagedItem<Paths, P>, void, undefined>;
}
