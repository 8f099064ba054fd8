import { type AdminReview, SHOP_TIME_ZONE } from '@shop/contracts';
import type { FormEvent } from 'react';
import { Link, useFetcher } from 'react-router-dom';

const time = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: SHOP_TIME_ZONE });

/** What each state is called on the screen. */
export const REVIEW_STATE_LABEL: Record<AdminReview['status'], string> = {
  published: 'On the shop',
  pending: 'Waiting for approval',
  hidden: 'Hidden',
};

/** The form's lowest choice, labelled 1, is stored as 0 (spec section 5): it is shown as 1. */
function stars(rating: number): string {
  return String(Math.max(rating, 1));
}

interface ReviewCardProps {
  review: AdminReview;
  /** The screen's address with its filters, where the buttons post (the route's action). */
  action: string;
  /** The product's page in the admin, or null when the product was deleted. */
  productHref: string | null;
}

/**
 * One review on the moderation screen (issue 26): its product, rating, text, who wrote it and when, whether the
 * writer is a verified buyer, its state, and Approve / Hide / Restore / Delete (Delete asks first).
 */
export function ReviewCard({ review, action, productHref }: ReviewCardProps) {
  const fetcher = useFetcher({ key: `review-${review._id}` });
  const busy = fetcher.state !== 'idle';
  const titleId = `review-${review._id}-title`;

  const confirmDelete = (event: FormEvent<HTMLFormElement>) => {
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    if (submitter?.value === 'delete' && !window.confirm(`Delete ${review.name}'s review of ${review.productName} for good?`)) event.preventDefault();
  };

  return (
    <li className={`review-card card review-card--${review.status}`} aria-labelledby={titleId}>
      <div className="review-card__head">
        <h2 id={titleId} className="review-card__product">
          {productHref ? <Link to={productHref}>{review.productName}</Link> : review.productName}
          {review.productDeleted && <span className="review-card__note"> (deleted product)</span>}
        </h2>
        <span className={`review-state review-state--${review.status}`}>{REVIEW_STATE_LABEL[review.status]}</span>
      </div>
      <p className="review-card__rating">
        <span aria-hidden="true">★ </span>
        {stars(review.rating)} of 5
      </p>
      <p className="review-card__comment">{review.comment}</p>
      <p className="review-card__meta">
        By <strong>{review.name}</strong>
        {review.verifiedBuyer ? <span className="review-card__verified"> · Verified buyer</span> : <span> · Not a verified buyer</span>}
        <span> · </span>
        <time dateTime={review.createdAt}>{time.format(new Date(review.createdAt))}</time>
      </p>
      <fetcher.Form method="post" action={action} className="review-card__actions" onSubmit={confirmDelete}>
        <input type="hidden" name="id" value={review._id} />
        <input type="hidden" name="product" value={review.productId} />
        {review.status === 'pending' && (
          <button type="submit" name="intent" value="publish" className="button" disabled={busy} aria-describedby={titleId}>
            Approve
          </button>
        )}
        {review.status === 'hidden' ? (
          <button type="submit" name="intent" value="publish" className="button button--secondary" disabled={busy} aria-describedby={titleId}>
            Restore
          </button>
        ) : (
          <button type="submit" name="intent" value="hide" className="button button--secondary" disabled={busy} aria-describedby={titleId}>
            Hide
          </button>
        )}
        <button type="submit" name="intent" value="delete" className="button button--danger" disabled={busy} aria-describedby={titleId}>
          Delete
        </button>
      </fetcher.Form>
    </li>
  );
}
