import { type FormEvent, useId, useState } from 'react';

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
  onSubmit: (draft: ReviewDraft) => void;
  disabled?: boolean;
}

/** Name, rating and comment (spec section 5); the server checks them with the shared review rules. */
export function ReviewForm({ onSubmit, disabled = false }: ReviewFormProps) {
  const [name, setName] = useState('');
  const [rating, setRating] = useState(5);
  const [comment, setComment] = useState('');
  const ids = { name: useId(), rating: useId(), comment: useId() };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit({ name: name.trim(), rating, comment: comment.trim() });
  };

  return (
    <form className="review-form" onSubmit={submit}>
      <div className="field">
        <label htmlFor={ids.name}>Name</label>
        <input id={ids.name} value={name} maxLength={60} autoComplete="given-name" onChange={(e) => setName(e.target.value)} />
      </div>
      <div className="field">
        <label htmlFor={ids.rating}>Rating</label>
        <select id={ids.rating} value={rating} onChange={(e) => setRating(Number(e.target.value))}>
          {RATING_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={ids.comment}>Comment</label>
        <textarea id={ids.comment} value={comment} rows={4} maxLength={1000} onChange={(e) => setComment(e.target.value)} />
      </div>
      <button type="submit" className="button" disabled={disabled}>
        Submit
      </button>
    </form>
  );
}
