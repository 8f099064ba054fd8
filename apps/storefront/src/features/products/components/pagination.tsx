import { Link } from 'react-router-dom';
import { pageItems } from './page-items';
import './pagination.css';

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
