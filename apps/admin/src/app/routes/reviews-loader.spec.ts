import { readReviewFilter } from './reviews-loader';

describe('readReviewFilter', () => {
  it('reads the filters and page from the address', () => {
    const product = '6f1c2a52-3f0e-4b7a-9f51-0d3c7b1e2a44';
    expect(readReviewFilter(new URLSearchParams(`rating=4&product=${product}&status=hidden&page=3`))).toEqual({ rating: 4, product, status: 'hidden', page: 3 });
  });

  it("takes a form's empty choices as no filter, and drops bad values rather than failing the screen", () => {
    expect(readReviewFilter(new URLSearchParams('rating=&product=&status='))).toEqual({ page: 1 });
    expect(readReviewFilter(new URLSearchParams('rating=9&product=nope&status=gone&page=-2'))).toEqual({ page: 1 });
  });
});
