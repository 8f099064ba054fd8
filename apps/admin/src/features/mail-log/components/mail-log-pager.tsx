import { Link } from 'react-router-dom';

interface MailLogPagerProps {
  page: number;
  pages: number;
  /** The link of another page, keeping the other query parameters. */
  hrefOf: (page: number) => string;
}

/** Previous / next as links, so each page has its own URL; a page that does not exist is shown as plain text. */
export function MailLogPager({ page, pages, hrefOf }: MailLogPagerProps) {
  if (pages <= 1) return null;
  return (
    <nav className="mail-log-pager" aria-label="Pages">
      {page > 1 ? (
        <Link className="button button--secondary" to={hrefOf(page - 1)} rel="prev">
          Previous
        </Link>
      ) : (
        <span className="mail-log-pager__spacer" />
      )}
      <span aria-current="page">
        Page {page} of {pages}
      </span>
      {page < pages ? (
        <Link className="button button--secondary" to={hrefOf(page + 1)} rel="next">
          Next
        </Link>
      ) : (
        <span className="mail-log-pager__spacer" />
      )}
    </nav>
  );
}
