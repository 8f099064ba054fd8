import './star-rating.css';

/** Five stars filled to the rating (half steps), read out as "Rated 3.5 out of 5". */
export function StarRating({ rating }: { rating: number }) {
  return (
    <span className="star-rating" role="img" aria-label={`Rated ${rating} out of 5`}>
      {[1, 2, 3, 4, 5].map((star) => {
        const fill = rating >= star ? 'full' : rating >= star - 0.5 ? 'half' : 'empty';
        return (
          <span key={star} className={`star-rating__star is-${fill}`} aria-hidden="true">
            ★
          </span>
        );
      })}
    </span>
  );
}
