import { deleteReview, errorMessage, putReview } from '@shop/api-client';
import type { Product, Review } from '@shop/contracts';
import { useState } from 'react';
import { ErrorPanel } from '@shop/web-ui';
import { TitledSection } from '../../../components/ui/titled-section';
import { getVisitorId } from '../../../lib/visitor-id';
import { REVIEW_HELD_MESSAGE, type ReviewOutcome, reviewPostPath } from '../review-outcome';
import { type ReviewDraft, ReviewForm } from './review-form';
import { ReviewList } from './review-list';
import './reviews.css';

type SubmitState = { kind: 'idle' } | { kind: 'saving' } | { kind: 'error'; message: string } | { kind: 'done' } | { kind: 'held' };

interface ProductReviewsProps {
  productId: string;
  reviews: Review[];
  /** The product as the server answered after a review was written or deleted. */
  onChange: (product: Product) => void;
  /** The outcome of a review sent without the app, from the page's URL. */
  outcome?: ReviewOutcome;
}

/** Customer reviews, delete on the visitor's own, and the collapsible 'Write a Review' form with its result panel. */
export function ProductReviews({ productId, reviews, onChange, outcome = null }: ProductReviewsProps) {
  const [submit, setSubmit] = useState<SubmitState>(outcome ?? { kind: 'idle' });
  const [deletingId, setDeletingId] = useState<string>();
  const [deleteError, setDeleteError] = useState<string>();

  const send = async (draft: ReviewDraft) => {
    setSubmit({ kind: 'saving' });
    try {
      const { reviewHeld, ...product } = await putReview(productId, draft, getVisitorId());
      onChange(product);
      setSubmit({ kind: reviewHeld ? 'held' : 'done' });
    } catch (error) {
      setSubmit({ kind: 'error', message: errorMessage(error) });
    }
  };

  const remove = async (review: Review) => {
    setDeletingId(review._id);
    setDeleteError(undefined);
    try {
      onChange(await deleteReview(productId, review._id, getVisitorId()));
    } catch (error) {
      setDeleteError(errorMessage(error));
    } finally {
      setDeletingId(undefined);
    }
  };

  return (
    <TitledSection id="reviews" className="product-reviews" headingId="reviews-title" title="Reviews">
      {deleteError && <ErrorPanel message={deleteError} />}
      <ReviewList reviews={reviews} deletingId={deletingId} onDelete={(review) => void remove(review)} />
      <details className="product-reviews__write" open={outcome ? true : undefined}>
        <summary className="button button--secondary">Write a Review</summary>
        <div className="product-reviews__body">
          {submit.kind === 'idle' ? (
            <ReviewForm action={reviewPostPath(productId)} onSubmit={(draft) => void send(draft)} />
          ) : (
            <div className="review-panel panel" role="status" aria-live="polite">
              {submit.kind === 'saving' && <p>Sending your review…</p>}
              {submit.kind === 'error' && <ErrorPanel message={submit.message} />}
              {submit.kind === 'done' && (
                <>
                  <h3 className="review-panel__title">Review Submitted</h3>
                  <p>Thanks for submitting a review!</p>
                </>
              )}
              {submit.kind === 'held' && (
                <>
                  <h3 className="review-panel__title">Review Submitted</h3>
                  <p>{REVIEW_HELD_MESSAGE}</p>
                </>
              )}
              {submit.kind !== 'saving' && (
                <button type="button" className="button button--secondary button--small" onClick={() => setSubmit({ kind: 'idle' })}>
                  {submit.kind === 'error' ? 'Try again' : 'Write another'}
                </button>
              )}
            </div>
          )}
        </div>
      </details>
    </TitledSection>
  );
}
