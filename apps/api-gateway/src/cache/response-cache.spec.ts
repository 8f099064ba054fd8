import { productIdsOf, ResponseCache, toAnswer } from './response-cache';

function deferred<T>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

describe('ResponseCache', () => {
  let clock = 0;
  const make = (maxEntries = 10) => {
    const cache = new ResponseCache({ ttlMs: 1000, maxEntries, now: () => clock });
    cache.suspend(false);
    return cache;
  };
  beforeEach(() => (clock = 0));

  it('answers a second load from the cache until the TTL runs out', async () => {
    const cache = make();
    let calls = 0;
    const loader = async () => ({ n: ++calls });
    expect(await cache.load('/a', loader)).toEqual({ answer: toAnswer({ n: 1 }), outcome: 'MISS' });
    expect(await cache.load('/a', loader)).toEqual({ answer: toAnswer({ n: 1 }), outcome: 'HIT' });
    clock = 1000;
    expect(await cache.load('/a', loader)).toEqual({ answer: toAnswer({ n: 2 }), outcome: 'MISS' });
  });

  it('gives the same strong ETag to the same JSON and another to other JSON', () => {
    expect(toAnswer({ a: 1 }).etag).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
    expect(toAnswer({ a: 1 }).etag).toBe(toAnswer({ a: 1 }).etag);
    expect(toAnswer({ a: 2 }).etag).not.toBe(toAnswer({ a: 1 }).etag);
  });

  it('knows the URLs answered from a live entry, until it expires or a change comes', async () => {
    const cache = make();
    cache.rememberUrl('/api/x?page=1&utm=wa', { key: '/api/x?page=1', visitorSpecific: false });
    expect(cache.peekUrl('/api/x?page=1&utm=wa')).toBeUndefined();
    await cache.load('/api/x?page=1', async () => ({ n: 1 }));
    cache.rememberUrl('/api/x?page=1&utm=wa', { key: '/api/x?page=1', visitorSpecific: true });
    expect(cache.peekUrl('/api/x?page=1&utm=wa')).toEqual({ key: '/api/x?page=1', visitorSpecific: true, answer: toAnswer({ n: 1 }) });
    expect(cache.peekUrl('/api/x?page=1')).toBeUndefined();
    clock = 1000;
    expect(cache.peekUrl('/api/x?page=1&utm=wa')).toBeUndefined();
    clock = 0;
    await cache.load('/api/x?page=1', async () => ({ n: 2 }));
    cache.rememberUrl('/api/x?page=1&utm=wa', { key: '/api/x?page=1', visitorSpecific: false });
    cache.invalidate();
    expect(cache.peekUrl('/api/x?page=1&utm=wa')).toBeUndefined();
  });

  it('forgets everything on invalidate', async () => {
    const cache = make();
    await cache.load('/a', async () => 1);
    await cache.load('/b', async () => 2);
    cache.invalidate();
    expect(cache.size).toBe(0);
    expect((await cache.load('/a', async () => 3)).answer.body).toBe('3');
  });

  it('does not keep an answer whose load started before a change', async () => {
    const cache = make();
    const old = deferred<string>();
    const before = cache.load('/a', () => old.promise);
    cache.invalidate(); // the change lands while the old read is still on its way
    old.resolve('old');
    expect((await before).answer.body).toBe('"old"');
    expect(cache.size).toBe(0);
    expect((await cache.load('/a', async () => 'new')).answer.body).toBe('"new"');
    expect((await cache.load('/a', async () => 'newer')).outcome).toBe('HIT');
  });

  it('shares one load between concurrent misses, but not across a change', async () => {
    const cache = make();
    const first = deferred<string>();
    let calls = 0;
    const a = cache.load('/a', () => (calls++, first.promise));
    const b = cache.load('/a', async () => (calls++, 'unused'));
    cache.invalidate();
    const c = cache.load('/a', async () => (calls++, 'after'));
    first.resolve('before');
    expect((await a).answer.body).toBe('"before"');
    expect((await b).answer.body).toBe('"before"');
    expect((await c).answer.body).toBe('"after"');
    expect(calls).toBe(2);
    expect((await cache.load('/a', async () => 'x')).answer.body).toBe('"after"');
  });

  it('keeps at most maxEntries, dropping the least recently used', async () => {
    const cache = make(2);
    await cache.load('/a', async () => 'a');
    await cache.load('/b', async () => 'b');
    await cache.load('/a', async () => 'unused'); // touches /a
    await cache.load('/c', async () => 'c');
    expect(cache.size).toBe(2);
    expect(cache.peek('/b')).toBeUndefined();
    expect(cache.peek('/a')?.body).toBe('"a"');
    expect(cache.peek('/c')?.body).toBe('"c"');
  });

  it('keeps nothing while suspended, and does not cache a failed load', async () => {
    const cache = make();
    cache.suspend(true);
    await cache.load('/a', async () => 1);
    expect(cache.size).toBe(0);
    cache.suspend(false);
    await expect(cache.load('/a', async () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(cache.size).toBe(0);
  });

  it('on a change to some products, forgets only the answers that show one of them', async () => {
    const cache = make();
    await cache.load('/api/products/p1', async () => ({ _id: 'p1', reviews: [] }));
    await cache.load('/api/products/p2', async () => ({ _id: 'p2', reviews: [] }));
    await cache.load('/api/products', async () => [{ _id: 'p1' }, { _id: 'p3' }]);
    await cache.load('/api/products?page=2', async () => ({ products: [{ _id: 'p3' }], page: 2, pages: 2, total: 9 }));
    await cache.load('/api/controls', async () => ({ banner: 'x' }));
    cache.invalidateProducts(['p1']);
    expect(cache.peek('/api/products/p1')).toBeUndefined();
    expect(cache.peek('/api/products')).toBeUndefined();
    expect(cache.peek('/api/products/p2')).toBeDefined();
    expect(cache.peek('/api/products?page=2')).toBeDefined();
    expect(cache.peek('/api/controls')).toBeDefined();
  });

  it('does not keep an answer showing a changed product whose load started before the change, and keeps the others', async () => {
    const cache = make();
    const before = deferred<unknown>();
    const other = deferred<unknown>();
    const loading = cache.load('/api/products/p1', () => before.promise);
    const loadingOther = cache.load('/api/products/p2', () => other.promise);
    cache.invalidateProducts(['p1']);
    before.resolve({ _id: 'p1', rating: 4 });
    other.resolve({ _id: 'p2', rating: 5 });
    await Promise.all([loading, loadingOther]);
    expect(cache.peek('/api/products/p1')).toBeUndefined();
    expect(cache.peek('/api/products/p2')).toBeDefined();
  });

  it('clears an answer marked everyProduct on a change to any product, even one it does not show, and during its load', async () => {
    const cache = make();
    await cache.load('/api/reviews/recent', async () => ({ reviews: [{ _id: 'r1', product: { _id: 'p1' } }] }), { everyProduct: true });
    await cache.load('/api/products/p2', async () => ({ _id: 'p2' }));
    cache.invalidateProducts(['p9']);
    expect(cache.peek('/api/reviews/recent')).toBeUndefined();
    expect(cache.peek('/api/products/p2')).toBeDefined();

    const slow = deferred<unknown>();
    const loading = cache.load('/api/reviews/recent', () => slow.promise, { everyProduct: true });
    cache.invalidateProducts(['p8']);
    slow.resolve({ reviews: [] });
    await loading;
    expect(cache.peek('/api/reviews/recent')).toBeUndefined();
    await cache.load('/api/reviews/recent', async () => ({ reviews: [] }), { everyProduct: true });
    expect(cache.peek('/api/reviews/recent')).toBeDefined();
  });

  it('reads the products of an answer: one, a list, or a page', () => {
    expect(productIdsOf({ _id: 'a', reviews: [{ _id: 'r' }] })).toEqual(['a']);
    expect(productIdsOf([{ _id: 'a' }, { _id: 'b' }])).toEqual(['a', 'b']);
    expect(productIdsOf({ products: [{ _id: 'c' }], total: 1 })).toEqual(['c']);
    expect(productIdsOf(['Lip Balm'])).toEqual([]);
    expect(productIdsOf(null)).toEqual([]);
  });
});
