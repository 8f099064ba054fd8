import { productListHref, productListParams, readProductListQuery } from './product-list-query';

describe("the owner's product list query in the URL", () => {
  it('reads every part and writes it back, defaults left out', () => {
    const query = readProductListQuery(new URLSearchParams('q=%20lip%20balm%20&type=Lip%20Balm&stock=low&visibility=hidden&sort=price-high&page=3'));
    expect(query).toEqual({ q: 'lip balm', type: 'Lip Balm', stock: 'low', visibility: 'hidden', sort: 'price-high', page: 3 });
    expect(productListParams(query).toString()).toBe('q=lip+balm&type=Lip+Balm&stock=low&visibility=hidden&sort=price-high&page=3');
    expect(productListHref({ ...query, q: '', type: '', stock: '', visibility: '', sort: 'newest', page: 1 })).toBe('/admin/products/');
  });

  it('falls back to the defaults for what the server would refuse', () => {
    expect(readProductListQuery(new URLSearchParams('stock=some&visibility=drafts&sort=cheapest&page=0'))).toEqual({
      q: '',
      type: '',
      stock: '',
      visibility: '',
      sort: 'newest',
      page: 1,
    });
    expect(readProductListQuery(new URLSearchParams('page=2.5')).page).toBe(1);
  });
});
