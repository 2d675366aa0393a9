/** Query parameters of one page request. */
export type PageQuery = Record<string, unknown>;

/** What a {@link Pager} makes of one page. */
export interface PageStep {
  /** The items to hand to the caller; empty for a page that must not be yielded. */
  items: readonly unknown[];
  /** The query of the next page, or `undefined` when the list has ended. */
  next: PageQuery | undefined;
}

/**
 * How one style of list moves from page to page: by page number (`meta.pagination`), or by a
 * cursor the service returns. `paginate` sends the requests; a pager only reads their answers.
 */
export interface Pager {
  /** The query parameters that ask for the first page. */
  readonly first: PageQuery;
  /**
   * Reads the body answered to `asked`. Calls `malformed` with a description (naming the field,
   * e.g. `meta.pagination.current_page`) when the body does not have the list's shape.
   */
  read(body: unknown, asked: PageQuery, malformed: (detail: string) => never): PageStep;
}

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** A value as a message shows it: JSON, cut at 40 characters, or `missing`. */
export const shown = (value: unknown) => (value === undefined ? "missing" : JSON.stringify(value)?.slice(0, 40));

/** The `data` and `meta` of a list's page, both styles alike; `at` names the page for the message, e.g. `page 2`. */
export function readList(body: unknown, at: string, malformed: (detail: string) => never): { data: unknown[]; meta: unknown } {
  if (!isRecord(body)) return malformed(`${at} whose body is not an object`);
  const { data, meta } = body;
  return Array.isArray(data) ? { data, meta } : malformed(`${at} whose data is ${shown(data)}, not an array`);
}

/**
 * How many of the most recent item keys a walk remembers to leave out repeats: a list that sends
 * an item again within this many items of its first showing does not yield it twice, and memory
 * stays bounded however long the walk.
 */
export const SEEN_ITEMS = 10_000;

// Messages, reactions and logs carry an `id`; anything else is compared whole.
const keyOf = (item: unknown) => {
  const id = isRecord(item) ? item.id : undefined;
  return typeof id === "string" || typeof id === "number" ? `id:${id}` : JSON.stringify(item);
};

/**
 * The items of `data` not seen in the last {@link SEEN_ITEMS} items of the walk (repeats within
 * `data` included), remembering them. A page or slice that leaves nothing here made no progress.
 */
export function unseenItems(): (data: readonly unknown[]) => unknown[] {
  const seen = new Set<string>();
  return (data) =>
    data.filter((item) => {
      const key = keyOf(item);
      if (seen.has(key)) return false;
      seen.add(key);
      // A Set iterates in insertion order, so its first key is the oldest.
      if (seen.size > SEEN_ITEMS) seen.delete(seen.values().next().value!);
      return true;
    });
}
