import type { Review } from '@shop/contracts';
import { StarRating } from './star-rating';

interface ReviewListProps {
  reviews: Review[];
  /** Offered only on the visitor's own reviews (`mine`). */
  onDelete: (review: Review) => void;
  /** The review being deleted, whose button is disabled meanwhile. */
  deletingId?: string;
}

const dateFormat = new Intl.DateTimeFormat('en-TT', { dateStyle: 'medium' });

/** The customer reviews, newest first; an empty list says so. */
export function ReviewList({ reviews, onDelete, deletingId }: ReviewListProps) {
  if (reviews.length === 0) return <p className="review-list__empty">No reviews yet. Be the first to write one!</p>;
  return (
    <ul className="review-list">
      {reviews.map((review) => (
        <li key={review._id} className="review-list__item">
          <article aria-label={`Review by ${review.name}`}>
            <div className="review-list__head">
              <strong className="review-list__name">{review.name}</strong>
              <StarRating rating={review.rating} />
            </div>
            <p className="review-list__date">
              {dateFormat.format(new Date(review.createdAt))}
              {review.verifiedBuyer && <span className="review-list__verified"> · Verified buyer</span>}
            </p>
            <p className="review-list__comment">{review.comment}</p>
            {review.mine && (
              <button
                type="button"
                className="button button--secondary button--small"
                disabled={deletingId === review._id}
                onClick={() => onDelete(review)}
              >
                Delete<span className="visually-hidden"> my review</span>
              </button>
            )}
          </article>
        </li>
      ))}
    </ul>
  );
}
