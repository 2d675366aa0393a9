import { isRecord, type PageStep, type Pager, readList, shown } from "./pager.js";

// Page numbers may arrive as JSON numbers or as digit strings, depending on the service version.
function readCount(value: unknown): number | undefined {
  const count = typeof value === "string" && /^\d{1,15}$/.test(value) ? Number(value) : value;
  return Number.isSafeInteger(count) && (count as number) >= 0 ? (count as number) : undefined;
}

/**
 * The pager of page-numbered lists: `?page=n` asks for a page, and the answer's
 * `meta.pagination` says which page it is (`current_page`) and how many there are (`total_pages`).
 *
 * The list ends after the last page, after an empty page, and as soon as the service stops
 * making progress: when it answers a different page than the one asked for (it ignores `page`)
 * or repeats the previous page's items. Such a page is not yielded, so no item comes twice.
 */
export function pageNumberPager(startPage: number): Pager {
  let previous: string | undefined;
  return {
    first: { page: startPage },
    read(body, asked, malformed): PageStep {
      const page = asked.page as number;
      const at = `page ${page}`;
      const { data, meta } = readList(body, at, malformed);
      const pagination = isRecord(meta) && meta.pagination;
      if (!isRecord(pagination)) return malformed(`${at} without meta.pagination`);
      const { current_page, total_pages } = pagination;
      const current = readCount(current_page);
      if (current === undefined) return malformed(`${at} whose meta.pagination.current_page is ${shown(current_page)}`);
      const total = total_pages === undefined ? Number.POSITIVE_INFINITY : readCount(total_pages);
      if (total === undefined) return malformed(`${at} whose meta.pagination.total_pages is ${shown(total_pages)}`);
      const signature = data.length ? JSON.stringify(data) : undefined;
      if (current !== page || (signature && signature === previous)) return { items: [], next: undefined };
      previous = signature;
      return { items: data, next: data.length && current < total ? { page: page + 1 } : undefined };
    },
  };
}
