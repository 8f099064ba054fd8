import { Pattern } from '@shop/contracts';
import { CATALOG_CHANGING_PATTERNS, changedProducts } from './catalog-changes';

describe('changedProducts', () => {
  const productId = '6f1c2a52-3f0e-4b7a-9f51-0d3c7b1e2a44';

  it("names the product of a shopper's review write (the product answered)", () => {
    expect(changedProducts(Pattern.ReviewsUpsert, { _id: productId, reviews: [] })).toEqual([productId]);
    expect(changedProducts(Pattern.ReviewsDelete, { _id: productId })).toEqual([productId]);
  });

  it("names the product of the owner's moderation (the review answered, with its product), never the review's own id", () => {
    expect(CATALOG_CHANGING_PATTERNS.has(Pattern.ReviewsModerate)).toBe(true);
    expect(changedProducts(Pattern.ReviewsModerate, { _id: 'a-review-id', productId, status: 'hidden' })).toEqual([productId]);
  });

  it('says everything may have changed for other patterns or an answer without the id', () => {
    expect(changedProducts(Pattern.ProductsUpdate, { _id: productId })).toBeUndefined();
    expect(changedProducts(Pattern.ReviewsModerate, { _id: 'a-review-id' })).toBeUndefined();
    expect(changedProducts(Pattern.ReviewsUpsert, null)).toBeUndefined();
  });

  it('leaves the settings of reviews out: they change no public answer', () => {
    expect(CATALOG_CHANGING_PATTERNS.has(Pattern.ReviewSettingsUpdate)).toBe(false);
  });
});
