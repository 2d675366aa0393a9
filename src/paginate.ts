import type { SdkClient } from "./client-types.js";
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

/** Options of {@link paginate}. */
export interface PaginateOptions<Q> extends RequestOptions {
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
   * Page to start at.
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

/**
 * Iterates over every item of a page-numbered list, fetching one page at a time and stopping
 * after the last page. Errors are thrown as {@link ChatApiError}s.
 *
 * @example
 * for await (const user of paginate(chat, "/users", { perPage: 500, query: { status: "available" } })) {
 *   console.log(user.uid);
 * }
 */
export async function* paginate<Paths extends Record<string, any>, P extends PagedPath<Paths> & string>(
  client: SdkClient<Paths>,
  path: P,
  options: PaginateOptions<Query<Paths, P>> = {},
): AsyncGenerator<PagedItem<Paths, P>, void, undefined> {
  const { query, perPage, startPage = 1, ...requestOptions } = options;
  for (let page = startPage; ; page++) {
    const params = { query: { ...query, page, ...(perPage !== undefined && { perPage }) } };
    const body = (await unwrap((client.GET as Function)(path, { params, ...requestOptions }))) as PageShape;
    for (const item of body.data) yield item as PagedItem<Paths, P>;
    const { current_page, total_pages } = body.meta.pagination;
    // `current_page` is checked too, so a service that ignores `page` cannot loop us forever.
    if (body.data.length === 0 || current_page >= total_pages || current_page !== page) return;
  }
}
