import { type FormEvent, useId } from 'react';

/** Spec section 5: 1, 1.5, 2 ... 5, where the first option is labelled 1 but carries the value 0. */
export const RATING_OPTIONS: { label: string; value: number }[] = [
  { label: '1', value: 0 },
  ...[1.5, 2, 2.5, 3, 3.5, 4, 4.5, 5].map((value) => ({ label: String(value), value })),
];

export interface ReviewDraft {
  name: string;
  rating: number;
  comment: string;
}

interface ReviewFormProps {
  /** Where the form posts without the app: the SSR server writes the review and sends the shopper back. */
  action: string;
  onSubmit: (draft: ReviewDraft) => void;
  disabled?: boolean;
}

/**
 * Name, rating and comment (spec section 5); the server checks them with the shared review rules. A plain POST
 * form first (server/review-post.ts answers it with a redirect back to the product); the app sends it itself.
 * The fields are the browser's own (uncontrolled), so text typed before the app hydrated the page stays.
 */
export function ReviewForm({ action, onSubmit, disabled = false }: ReviewFormProps) {
  const ids = { name: useId(), rating: useId(), comment: useId() };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    onSubmit({ name: String(data.get('name') ?? '').trim(), rating: Number(data.get('rating')), comment: String(data.get('comment') ?? '').trim() });
  };

  return (
    <form className="review-form" method="post" action={action} onSubmit={submit}>
      {/* Filled as the form is sent (app/before-hydration.ts): the visitor id kept in this browser. */}
      <input type="hidden" name="visitorId" data-visitor-id="" defaultValue="" />
      <div className="field">
        <label htmlFor={ids.name}>Name</label>
        <input id={ids.name} name="name" maxLength={60} autoComplete="given-name" />
      </div>
      <div className="field">
        <label htmlFor={ids.rating}>Rating</label>
        <select id={ids.rating} name="rating" defaultValue={5}>
          {RATING_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={ids.comment}>Comment</label>
        <textarea id={ids.comment} name="comment" rows={4} maxLength={1000} />
      </div>
      <button type="submit" className="button" disabled={disabled}>
        Submit
      </button>
    </form>
  );
}
