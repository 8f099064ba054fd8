/** Page links shown around the current page (spec section 9). */
const PAGE_LINKS = 5;

export type PageItem = { kind: 'page'; page: number } | { kind: 'break'; key: string };

/** Up to 5 pages around the current one, plus the first and last with a break mark where pages are skipped. */
export function pageItems(current: number, pages: number): PageItem[] {
  const half = Math.floor(PAGE_LINKS / 2);
  let start = Math.max(1, current - half);
  const end = Math.min(pages, start + PAGE_LINKS - 1);
  start = Math.max(1, end - PAGE_LINKS + 1);
  const items: PageItem[] = [];
  if (start > 1) {
    items.push({ kind: 'page', page: 1 });
    if (start > 2) items.push({ kind: 'break', key: 'start' });
  }
  for (let page = start; page <= end; page += 1) items.push({ kind: 'page', page });
  if (end < pages) {
    if (end < pages - 1) items.push({ kind: 'break', key: 'end' });
    items.push({ kind: 'page', page: pages });
  }
  return items;
}
