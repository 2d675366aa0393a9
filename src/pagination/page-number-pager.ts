import { isRecord, type PageStep, type Pager, readList, SEEN_ITEMS, shown, unseenItems } from "./pager.js";

// Page numbers may arrive as JSON numbers or as digit strings, depending on the service version.
function readCount(value: unknown): number | undefined {
  const count = typeof value === "string" && /^\d{1,15}$/.test(value) ? Number(value) : value;
  return Number.isSafeInteger(count) && (count as number) >= 0 ? (count as number) : undefined;
}

/**
 * The pager of page-numbered lists: `?page=n` asks for a page, and the answer's
 * `meta.pagination` says which page it is (`current_page`) and how many there are: `total_pages`,
 * or, when the service leaves it out, `total` divided by `per_page`. A page with neither is
 * malformed, since nothing would say where the list ends.
 *
 * The list ends after the last page, after an empty page, and as soon as the service stops
 * making progress: when it answers a different page than the one asked for (it ignores `page`)
 * or a page with no item unseen (it repeats a page, or alternates between two). An item already
 * yielded within the last {@link SEEN_ITEMS} items is left out, so no item comes twice.
 */
export function pageNumberPager(startPage: number): Pager {
  const unseen = unseenItems();
  return {
    first: { page: startPage },
    read(body, asked, malformed): PageStep {
      const page = asked.page as number;
      const at = `page ${page}`;
      const { data, meta } = readList(body, at, malformed);
      const pagination = isRecord(meta) && meta.pagination;
      if (!isRecord(pagination)) return malformed(`${at} without meta.pagination`);
      const { current_page, total_pages, total, per_page } = pagination;
      const current = readCount(current_page);
      if (current === undefined) return malformed(`${at} whose meta.pagination.current_page is ${shown(current_page)}`);
      const count = readCount(total);
      const perPage = readCount(per_page);
      const pages =
        total_pages !== undefined ? readCount(total_pages) : count === undefined || !perPage ? undefined : Math.ceil(count / perPage);
      if (pages === undefined)
        return malformed(
          total_pages === undefined
            ? `${at} whose meta.pagination has neither total_pages nor total and per_page`
            : `${at} whose meta.pagination.total_pages is ${shown(total_pages)}`,
        );
      if (current !== page) return { items: [], next: undefined };
      const items = unseen(data);
      if (data.length && !items.length) return { items, next: undefined };
      return { items, next: data.length && current < pages ? { page: page + 1 } : undefined };
    },
  };
}
