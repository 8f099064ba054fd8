import { Link } from 'react-router-dom';
import './pager.css';

interface PagerProps {
  page: number;
  pages: number;
  hrefOf: (page: number) => string;
  /** The navigation's name, e.g. 'Pages of products'. */
  label?: string;
}

/** Previous / next links and where we are; shown only when there is more than one page. */
export function Pager({ page, pages, hrefOf, label = 'Pages' }: PagerProps) {
  if (pages <= 1 && page <= 1) return null;
  const last = Math.max(pages, 1);
  return (
    <nav className="pager" aria-label={label}>
      {page > 1 ? (
        <Link className="button button--secondary" to={hrefOf(Math.min(page - 1, last))}>
          Previous<span className="visually-hidden"> page</span>
        </Link>
      ) : (
        <span className="button button--secondary pager__off" aria-hidden="true">
          Previous
        </span>
      )}
      <p className="pager__where">
        Page {page} of {last}
      </p>
      {page < pages ? (
        <Link className="button button--secondary" to={hrefOf(page + 1)}>
          Next<span className="visually-hidden"> page</span>
        </Link>
      ) : (
        <span className="button button--secondary pager__off" aria-hidden="true">
          Next
        </span>
      )}
    </nav>
  );
}
