import { ReviewStatus } from '@shop/contracts';

/**
 * THE condition for "visible to the public" (issue 26): every public read of reviews (a product's list, its rating
 * and count, and through them the JSON-LD and every cached answer; any later read such as recent reviews) goes
 * through this one predicate. Pending and hidden reviews are the owner's only.
 *
 * `alias` is the reviews table's alias in the query (no user input ever reaches it).
 */
export function reviewVisibleToPublic(alias: string): string {
  return `${alias}.status = '${ReviewStatus.Published}'`;
}
