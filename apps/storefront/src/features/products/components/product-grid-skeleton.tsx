import './product-card.css';
import './product-grid.css';

const PLACEHOLDER_CARDS = 8;

/**
 * Placeholder cards built from the real card's boxes (same classes, bars instead of text), so the grid
 * fills in without anything around it moving.
 */
export function ProductGridSkeleton() {
  return (
    <div aria-busy="true">
      <p className="visually-hidden" role="status">
        Loading products…
      </p>
      <ul className="product-grid" aria-hidden="true">
        {Array.from({ length: PLACEHOLDER_CARDS }, (_, index) => (
          <li key={index}>
            <div className="product-card product-card--placeholder">
              <div className="product-card__media" />
              <div className="product-card__body">
                <div className="product-card__type">
                  <span className="placeholder-line placeholder-line--short" />
                </div>
                <div className="product-card__name">
                  <span className="placeholder-line" />
                </div>
                <div className="product-price">
                  <span className="product-price__now">
                    <span className="placeholder-line placeholder-line--price" />
                  </span>
                </div>
              </div>
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
