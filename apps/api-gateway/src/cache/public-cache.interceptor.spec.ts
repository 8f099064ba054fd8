import { parse } from 'node:querystring';
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
  // req.query as Express's parser gives it (node:querystring, as the simple parser does).
  const req = (originalUrl: string) => {
    const [path, search = ''] = originalUrl.split('?');
    return { originalUrl, path, query: Object.fromEntries(Object.entries(parse(search))) };
  };
  const query = ['q', 'type', 'page', 'pageSize', 'sort'];
  it('keeps only the parameters the route reads, in a fixed order', () => {
    expect(cacheKey(req('/api/products?page=3'), { query })).toBe('/api/products?page=3');
    expect(cacheKey(req('/api/products?page=3&_=17&utm_source=wa'), { query })).toBe('/api/products?page=3');
    expect(cacheKey(req('/api/products?page=3&q=shea'), { query })).toBe(cacheKey(req('/api/products?q=shea&page=3'), { query }));
    expect(cacheKey(req('/api/products?q=a%20b'), { query })).toBe(cacheKey(req('/api/products?q=a+b'), { query }));
  });
  it('is the path alone when the route reads no parameter', () => {
    expect(cacheKey(req('/api/products?anything=1'), { query })).toBe('/api/products');
    expect(cacheKey(req('/api/controls?x=1'), {})).toBe('/api/controls');
  });
  it('refuses a parameter the route reads given twice', () => {
    expect(() => cacheKey(req('/api/products?page=3&page=4'), { query })).toThrow('Query parameter page may be given only once');
    expect(() => cacheKey(req('/api/products?x=1&x=2'), { query })).not.toThrow();
  });
  it('refuses more than 100 parameters, so a parser that stops at 1,000 pairs never reads less than the URL says', () => {
    const flood = `/api/products?${'a&'.repeat(1000)}q=x&page=1&pageSize=8`;
    // node:querystring (like qs) keeps only the first 1,000 pairs: q never reaches the handler.
    expect(req(flood).query.q).toBeUndefined();
    expect(() => cacheKey(req(flood), { query })).toThrow('Too many query parameters (at most 100)');
    expect(() => cacheKey(req(`/api/products?${'a&'.repeat(99)}q=x`), { query })).not.toThrow();
  });
  it('refuses a parsed value that is not the text of the URL', () => {
    expect(() => cacheKey({ originalUrl: '/api/products?q=x', path: '/api/products', query: {} }, { query })).toThrow('Query parameter q is not valid');
    expect(() => cacheKey({ originalUrl: '/api/products?q=x', path: '/api/products', query: { q: { a: 'x' } } }, { query })).toThrow('Query parameter q is not valid');
  });
});
