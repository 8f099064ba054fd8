import { cacheKey, matches } from './public-cache.interceptor';

describe('If-None-Match', () => {
  const etag = '"abc"';
  it('matches the same tag, weak or in a list, and *', () => {
    expect(matches('"abc"', etag)).toBe(true);
    expect(matches('W/"abc"', etag)).toBe(true);
    expect(matches('"x", "abc"', etag)).toBe(true);
    expect(matches('*', etag)).toBe(true);
  });
  it('does not match another tag or none', () => {
    expect(matches(undefined, etag)).toBe(false);
    expect(matches('', etag)).toBe(false);
    expect(matches('"abcd"', etag)).toBe(false);
    expect(matches('abc', etag)).toBe(false);
  });
});

describe('cacheKey', () => {
  const req = (originalUrl: string) => ({ originalUrl, path: originalUrl.split('?')[0] });
  const query = ['q', 'type', 'page', 'pageSize', 'sort'];
  it('keeps only the parameters the route reads, first value, in a fixed order', () => {
    expect(cacheKey(req('/api/products?page=3'), { query })).toBe('/api/products?page=3');
    expect(cacheKey(req('/api/products?page=3&_=17&utm_source=wa'), { query })).toBe('/api/products?page=3');
    expect(cacheKey(req('/api/products?page=3&q=shea'), { query })).toBe(cacheKey(req('/api/products?q=shea&page=3'), { query }));
    expect(cacheKey(req('/api/products?page=3&page=4'), { query })).toBe('/api/products?page=3');
    expect(cacheKey(req('/api/products?q=a%20b'), { query })).toBe(cacheKey(req('/api/products?q=a+b'), { query }));
  });
  it('is the path alone when the route reads no parameter', () => {
    expect(cacheKey(req('/api/products?anything=1'), { query })).toBe('/api/products');
    expect(cacheKey(req('/api/controls?x=1'), {})).toBe('/api/controls');
  });
});
