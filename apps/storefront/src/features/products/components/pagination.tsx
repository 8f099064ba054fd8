import { Link } from 'react-router-dom';
import './pagination.css';

/** Page links shown around the current page (spec section 9). */
const PAGE_LINKS = 5;

type Item = { kind: 'page'; page: number } | { kind: 'break'; key: string };

/** Up to 5 pages around the current one, plus the first and last with a break mark where pages are skipped. */
export function pageItems(current: number, pages: number): Item[] {
  const half = Math.floor(PAGE_LINKS / 2);
  let start = Math.max(1, current - half);
  const end = Math.min(pages, start + PAGE_LINKS - 1);
  start = Math.max(1, end - PAGE_LINKS + 1);
  const items: Item[] = [];
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

interface PaginationProps {
  page: number;
  pages: number;
  /** The link of a page number. */
  hrefOf: (page: number) => string;
}

/** Previous, page links with break marks, next; all real links, so the page lives in the URL. */
export function Pagination({ page, pages, hrefOf }: PaginationProps) {
  if (pages <= 1) return null;
  return (
    <nav className="pagination" aria-label="Pages">
      <ul className="pagination__list">
        <li>
          {page > 1 ? (
            <Link className="pagination__link" to={hrefOf(page - 1)} rel="prev">
              Previous
            </Link>
          ) : (
            <span className="pagination__link is-disabled" aria-disabled="true">
              Previous
            </span>
          )}
        </li>
        {pageItems(page, pages).map((item) =>
          item.kind === 'break' ? (
            <li key={item.key} className="pagination__break" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={item.page}>
              <Link
                className={`pagination__link${item.page === page ? ' is-current' : ''}`}
                to={hrefOf(item.page)}
                aria-current={item.page === page ? 'page' : undefined}
                aria-label={`Page ${item.page}`}
              >
                {item.page}
              </Link>
            </li>
          ),
        )}
        <li>
          {page < pages ? (
            <Link className="pagination__link" to={hrefOf(page + 1)} rel="next">
              Next
            </Link>
          ) : (
            <span className="pagination__link is-disabled" aria-disabled="true">
              Next
            </span>
          )}
        </li>
      </ul>
    </nav>
  );
}
