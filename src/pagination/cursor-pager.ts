import { isRecord, type PageQuery, type PageStep, type Pager, readList, SEEN_ITEMS, shown, unseenItems } from "./pager.js";

/**
 * Which way a cursor list is walked: `forward` asks for `affix=append` and follows `meta.next`
 * (towards later items), `backward` asks for `affix=prepend` and follows `meta.previous`.
 */
export type CursorDirection = "forward" | "backward";

/** Turns the cursor of an answer into the query of the adjacent slice, or calls `malformed`. */
export type CursorReader = (cursor: unknown, at: string, malformed: (detail: string) => never) => PageQuery;

/**
 * The pager of cursor lists (messages, thread replies, reactions, notification logs): the answer's
 * `meta.next` (or `meta.previous`) holds what to send back for the adjacent slice; `read` says how.
 *
 * The list ends at an empty slice, at a slice without the cursor, and as soon as the service
 * stops making progress: when it sends back a cursor it was already given, or a slice with no
 * item unseen. An item already yielded within the last {@link SEEN_ITEMS} items (a service that
 * includes the boundary item again, or alternates between two slices) is left out, and so is an
 * item repeated within one slice, so no item comes twice.
 */
export function cursorPager(direction: CursorDirection, read: CursorReader = readCursor): Pager {
  const field = direction === "forward" ? "next" : "previous";
  const sent = new Set<string>();
  const unseen = unseenItems();
  let slice = 0;
  return {
    first: { affix: direction === "forward" ? "append" : "prepend" },
    read(body, asked, malformed): PageStep {
      const at = `slice ${++slice}`;
      sent.add(JSON.stringify(asked));
      const { data, meta } = readList(body, at, malformed);
      if (!isRecord(meta)) return malformed(`${at} whose meta is ${shown(meta)}, not an object`);
      const items = unseen(data);
      const cursor = meta[field];
      if (cursor === undefined || cursor === null || !data.length || !items.length) return { items, next: undefined };
      const next = read(cursor, `${at} whose meta.${field}`, malformed);
      const moved = !sent.has(JSON.stringify(next));
      return { items, next: moved ? next : undefined };
    },
  };
}

// The fields are replaced as a whole (an absent one as undefined, which is not sent), so a
// `sentAt` given to start from does not stick to a cursor that carries only an `id`.
function readCursor(cursor: unknown, at: string, malformed: (detail: string) => never, idName = "id"): PageQuery {
  if (!isRecord(cursor)) return malformed(`${at} is ${shown(cursor)}, not an object`);
  const { affix, sentAt, [idName]: id } = cursor;
  if (affix !== "append" && affix !== "prepend") return malformed(`${at}.affix is ${shown(affix)}`);
  if (sentAt !== undefined && !(Number.isSafeInteger(sentAt) && (sentAt as number) >= 0))
    return malformed(`${at}.sentAt is ${shown(sentAt)}`);
  // The service has sent the id as a number in some lists; it goes back as the same digits.
  if (id !== undefined && typeof id !== "string" && !Number.isSafeInteger(id)) return malformed(`${at}.${idName} is ${shown(id)}`);
  if (sentAt === undefined && id === undefined) return malformed(`${at} has neither sentAt nor ${idName}`);
  return { affix, sentAt, id: id === undefined ? undefined : String(id) };
}

/** Notification logs name the boundary `messageId` in their cursor but take it back as the `logId` query parameter. */
export const readLogCursor: CursorReader = (cursor, at, malformed) => {
  const { affix, id } = readCursor(cursor, at, malformed, "messageId");
  return { affix, logId: id };
};
