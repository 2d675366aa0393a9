// Internal: the two list shapes of the service. Page-numbered lists (users, groups, members,
// tokens) carry `meta.pagination`; message lists are cursor lists, sliced around a position and
// carrying the cursors of the adjacent slices in `meta.next` and `meta.previous`.

export interface PageQuery {
  perPage?: number;
  page?: number;
}

/** One page of `items`, with the spec's `meta.pagination` (snake_case, as the service sends it). */
export function pageOf<T>(items: T[], query: PageQuery): { data: T[]; meta: { pagination: Record<string, number> } } {
  const perPage = query.perPage ?? 100;
  const page = query.page ?? 1;
  const data = items.slice((page - 1) * perPage, page * perPage);
  return {
    data,
    meta: {
      pagination: {
        total: items.length,
        count: data.length,
        per_page: perPage,
        current_page: page,
        total_pages: Math.ceil(items.length / perPage),
      },
    },
  };
}

export interface CursorQuery {
  affix?: "append" | "prepend";
  sentAt?: number;
  id?: string;
  limit?: number;
}

interface Positioned {
  id: string;
  sentAt: number;
}

type Key = [number, number];
const keyOf = (item: Positioned): Key => [item.sentAt, Number(item.id)];
/** Where `item` is from the position `[sentAt, id]`: below 0 before it, above 0 after it. */
const from = (item: Positioned, [sentAt, id]: Key) => item.sentAt - sentAt || Number(item.id) - id;

/** Sorts in the order of a cursor list: by `sentAt`, then by id (ids grow as messages are sent). */
export function inListOrder<T extends Positioned>(items: T[]): T[] {
  // Field by field, with no key built per comparison: every request for a list sorts it.
  return items.sort((a, b) => a.sentAt - b.sentAt || Number(a.id) - Number(b.id));
}

/**
 * The slice of `items` (in list order) that `query` asks for: after the position for `append`
 * (from the start when there is none), before it for `prepend` (the latest items when there is
 * none), at most `limit` of them, oldest first. The position is the item named by `id`, or the
 * time `sentAt`; a cursor is sent only when there are items beyond it.
 */
export function sliceOf<T extends Positioned>(items: T[], query: CursorQuery) {
  const limit = query.limit ?? 100;
  const append = query.affix !== "prepend";
  let position: Key | undefined;
  if (query.id !== undefined) {
    const named = items.find((item) => item.id === query.id);
    const id = Number(query.id);
    if (named) position = keyOf(named);
    else if (Number.isFinite(id)) position = [query.sentAt ?? (append ? -Infinity : Infinity), id];
  } else if (query.sentAt !== undefined) {
    // A time alone includes the items sent in that second.
    position = [query.sentAt, append ? -Infinity : Infinity];
  }
  const at = position;
  const side = !at ? items : items.filter(append ? (item) => from(item, at) > 0 : (item) => from(item, at) < 0);
  const data = append ? side.slice(0, limit) : side.slice(Math.max(0, side.length - limit));
  const first = data[0];
  const last = data[data.length - 1];
  const meta: Record<string, unknown> = { current: { limit, count: data.length } };
  if (first && from(items[0]!, keyOf(first)) < 0) meta.previous = { affix: "prepend", sentAt: first.sentAt, id: first.id };
  if (last && from(items[items.length - 1]!, keyOf(last)) > 0) meta.next = { affix: "append", sentAt: last.sentAt, id: last.id };
  return { data, meta };
}
