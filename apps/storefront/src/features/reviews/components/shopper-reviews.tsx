import { type RecentReview, SHOP_TIME_ZONE } from '@shop/contracts';
import { Link } from 'react-router-dom';
import { TitledSection } from '../../../components/ui/titled-section';
import { paths } from '../../../config/paths';
import { StarRating } from './star-rating';
import './shopper-reviews.css';

const dateFormat = new Intl.DateTimeFormat('en-TT', { dateStyle: 'medium', timeZone: SHOP_TIME_ZONE });

/**
 * The home page's "Reviews from shoppers": recent, well-rated reviews, each naming its writer by first name and
 * linking to its product. Nothing at all while there are none (no empty heading).
 */
export function ShopperReviews({ reviews }: { reviews: RecentReview[] }) {
  if (reviews.length === 0) return null;
  return (
    <TitledSection className="container page-section shopper-reviews" headingId="shopper-reviews-title" title="Reviews from shoppers">
      <ul className="shopper-reviews__list card-list">
        {reviews.map((review) => (
          <li key={review._id} className="shopper-reviews__item">
            <figure className="shopper-reviews__card panel">
              <StarRating rating={review.rating} />
              <blockquote className="shopper-reviews__comment">
                <p>{review.comment}</p>
              </blockquote>
              <figcaption className="shopper-reviews__by">
                <span className="shopper-reviews__name">{review.firstName}</span>
                {review.verifiedBuyer && <span className="shopper-reviews__verified"> · Verified buyer</span>}
                <span className="shopper-reviews__date"> · {dateFormat.format(new Date(review.createdAt))}</span>
                <span className="shopper-reviews__product">
                  on <Link to={paths.product(review.product._id)}>{review.product.name}</Link>
                </span>
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </TitledSection>
  );
}
