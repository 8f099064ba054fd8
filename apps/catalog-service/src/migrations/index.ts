import { CreateProducts1763700000000 } from './1763700000000-create-products';

/** Every migration of the catalog schema, in order. */
export const CATALOG_MIGRATIONS = [CreateProducts1763700000000];
