import { json, type Handler } from "./fault-server";

/**
 * Serves `total` items of a page-numbered list, `perPage` of them a page (100 when the query names
 * none), with `meta.pagination` and, when `cursorAt` is given, a `meta.cursor` made from the
 * number of the page's last item, as the user and group lists send beside their page numbers.
 */
export function pageListServer(
  total: number,
  item: (n: number) => Record<string, unknown>,
  cursorAt?: (last: number) => Record<string, unknown>,
): Handler {
  return (req, res) => {
    const url = new URL(req.url!, "http://x");
    const perPage = Number(url.searchParams.get("perPage") ?? 100);
    const page = Number(url.searchParams.get("page") ?? 1);
    const first = (page - 1) * perPage + 1;
    const data = Array.from({ length: Math.max(0, Math.min(perPage, total - first + 1)) }, (_, i) => item(first + i));
    const pagination = { total, count: data.length, per_page: perPage, current_page: page, total_pages: Math.ceil(total / perPage) };
    json(res, 200, { data, meta: cursorAt ? { pagination, cursor: cursorAt(first + data.length - 1) } : { pagination } });
  };
}
