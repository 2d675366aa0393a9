import type { SdkClient } from "./client-types.js";
import { ChatConfigError } from "./errors/chat-config-error.js";
import { ChatInvalidResponseError } from "./errors/chat-invalid-response-error.js";
import { pageNumberPager } from "./page-number-pager.js";
import type { FetchResult } from "./unwrap.js";
import type { Pager } from "./pager.js";
import type { RequestOptions } from "./request-options.js";
import { unwrap } from "./unwrap.js";

interface PageShape {
  data: unknown[];
  meta: { pagination: { current_page: number; total_pages: number } };
}

type SuccessBody<Op> = Op extends { responses: { 200: { content: { "application/json": infer B } } } } ? B : never;

/** Paths whose GET returns a page-numbered list (`data[]` plus `meta.pagination`). */
export type PagedPath<Paths> = {
  [P in keyof Paths]: Paths[P] extends { get: infer Op } ? (SuccessBody<Op> extends PageShape ? P : never) : never;
}[keyof Paths];

/** The item type of a page-numbered list. */
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

const PAGE_NUMBERED = "a page-numbered list (data[] and meta.pagination)";

/**
 * Iterates over every item of a page-numbered list, fetching one page at a time.
 *
 * It ends after the last page (`current_page` reaches `total_pages`), after an empty page, and
 * as soon as the service stops making progress: when it answers another page than the one
 * asked for, or the same items as the page before. It never yields an item from such a page,
 * and never sends another request after it. An error status throws a {@link ChatApiError}; a
 * page without the list's shape (no `meta.pagination`, `data` not an array) throws a
 * {@link ChatInvalidResponseError} naming the path, the page and the field.
 *
 * @example
 * for await (const user of paginate(chat, "/users", { perPage: 500, query: { status: "available" } })) {
 *   console.log(user.uid);
 * }
 */
export async function* paginate<Paths extends Record<string, any>, P extends PagedPath<Paths> & string>(
  client: SdkClient<Paths>,
  path: P,
  options: PaginateOptions<Query<Paths, P>, ListParams<Paths, P>> = {},
): AsyncGenerator<PagedItem<Paths, P>, void, undefined> {
  const { params: fixed, query, perPage, startPage = 1, ...requestOptions } = options;
  if (!Number.isSafeInteger(startPage) || startPage < 1) {
    throw new ChatConfigError(`paginate: startPage must be an integer from 1, got ${JSON.stringify(startPage)}.`);
  }
  const pager: Pager = pageNumberPager(startPage);
  for (let asked = pager.first; ; ) {
    const params = { ...fixed, query: { ...query, ...asked, ...(perPage !== undefined && { perPage }) } };
    const call = (client.GET as Function)(path, { params, ...requestOptions }) as Promise<FetchResult>;
    const body = await unwrap(call);
    const { status } = (await call).response;
    const malformed = (detail: string): never => {
      throw new ChatInvalidResponseError(status, detail, { method: "GET", path }, { expected: PAGE_NUMBERED });
    };
    const { items, next } = pager.read(body, asked, malformed);
    for (const item of items) yield item as PagedItem<Paths, P>;
    if (next === undefined) return;
    asked = next;
  }
}
