import { CreateProducts1763700000000 } from './1763700000000-create-products';
import { SearchReviewsStock1763700100000 } from './1763700100000-search-reviews-stock';
import { CreateSettings1763800500000 } from './1763800500000-create-settings';

/** Every migration of the catalog schema, in order. */
export const CATALOG_MIGRATIONS = [CreateProducts1763700000000, SearchReviewsStock1763700100000, CreateSettings1763800500000];
