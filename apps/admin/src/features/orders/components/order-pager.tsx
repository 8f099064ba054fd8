import { Link } from 'react-router-dom';

interface OrderPagerProps {
  page: number;
  pages: number;
  hrefOf: (page: number) => string;
}

/** Previous / next links and where we are; shown only when there is more than one page. */
export function OrderPager({ page, pages, hrefOf }: OrderPagerProps) {
  if (pages <= 1 && page <= 1) return null;
  const previous = Math.min(page - 1, pages);
  return (
    <nav className="order-pager" aria-label="Pages">
      {page > 1 ? (
        <Link className="button button--secondary" to={hrefOf(previous)}>
          Previous<span className="visually-hidden"> page</span>
        </Link>
      ) : (
        <span className="button button--secondary order-pager__off" aria-hidden="true">
          Previous
        </span>
      )}
      <p className="order-pager__where">
        Page {page} of {pages}
      </p>
      {page < pages ? (
        <Link className="button button--secondary" to={hrefOf(page + 1)}>
          Next<span className="visually-hidden"> page</span>
        </Link>
      ) : (
        <span className="button button--secondary order-pager__off" aria-hidden="true">
          Next
        </span>
      )}
    </nav>
  );
}
