import { Link } from 'react-router-dom';

interface ProductPagerProps {
  page: number;
  pages: number;
  hrefOf: (page: number) => string;
}

/** Previous / next links and where we are; shown only when there is more than one page. */
export function ProductPager({ page, pages, hrefOf }: ProductPagerProps) {
  if (pages <= 1 && page <= 1) return null;
  return (
    <nav className="product-pager" aria-label="Pages of products">
      {page > 1 ? (
        <Link className="button button--secondary" to={hrefOf(Math.min(page - 1, Math.max(pages, 1)))}>
          Previous<span className="visually-hidden"> page</span>
        </Link>
      ) : (
        <span className="button button--secondary product-pager__off" aria-hidden="true">
          Previous
        </span>
      )}
      <p className="product-pager__where">
        Page {page} of {Math.max(pages, 1)}
      </p>
      {page < pages ? (
        <Link className="button button--secondary" to={hrefOf(page + 1)}>
          Next<span className="visually-hidden"> page</span>
        </Link>
      ) : (
        <span className="button button--secondary product-pager__off" aria-hidden="true">
          Next
        </span>
      )}
    </nav>
  );
}
