import { configureApiClient, VISITOR_ID_HEADER } from '@shop/api-client';
import type { LoaderFunctionArgs } from 'react-router-dom';
import { firstScreenRequests } from './first-screen-requests';
import { controlsLoader } from './routes/controls-loader';
import { homeLoader } from './routes/home-loader';
import { productLoader } from './routes/product-loader';
import { productsLoader } from './routes/products-loader';

// The requests a loader makes, seen through the api client's fetch (unit test: no network).
const seen: Array<{ url: string; visitorId?: string }> = [];
const recordingFetch: typeof fetch = async (input) => {
  const request = input as Request;
  seen.push({ url: request.url, visitorId: request.headers.get(VISITOR_ID_HEADER) ?? undefined });
  return new Response('{}', { headers: { 'content-type': 'application/json' } });
};

const SHOP = 'https://shop.test';
const storage = new Map<string, string>();

beforeAll(() => {
  configureApiClient({ prefixUrl: `${SHOP}/api`, fetch: recordingFetch });
  Object.assign(globalThis, { localStorage: { getItem: (key: string) => storage.get(key) ?? null } });
});
beforeEach(() => {
  seen.length = 0;
  storage.clear();
});

/** What a loader asks the API for when the router runs it at `path`, with the params the router would give. */
async function loaderRequests(
  loader: (args: LoaderFunctionArgs) => Record<string, unknown>,
  path: string,
  params: Record<string, string | undefined>,
): Promise<Array<{ url: string; visitorId?: string }>> {
  const data = loader({ request: new Request(`${SHOP}${path}`), params, context: undefined } as LoaderFunctionArgs);
  await Promise.all(Object.values(data).map((value) => Promise.resolve(value).catch(() => undefined)));
  return [...seen].sort((a, b) => a.url.localeCompare(b.url));
}

function predicted(path: string, visitorId?: string): Array<{ url: string; visitorId?: string }> {
  const url = new URL(`${SHOP}${path}`);
  return firstScreenRequests(url, visitorId)
    .map((request) => ({ url: `${SHOP}/api/${request.path}`, visitorId: request.visitorId }))
    .sort((a, b) => a.url.localeCompare(b.url));
}

describe('first screen requests', () => {
  it.each([
    ['/', homeLoader, {}],
    ['/products', productsLoader, {}],
    ['/products/lip%20balm', productsLoader, { filter: 'lip balm' }],
    ['/products/scrub?type=Body%20Scrub&page=2', productsLoader, { filter: 'scrub' }],
    ['/products?page=abc', productsLoader, {}],
    ['/media', controlsLoader, {}],
    ['/contact', controlsLoader, {}],
  ] as const)('%s: the same requests as its loader', async (path, loader, params) => {
    const made = await loaderRequests(loader, path, params);
    expect(made.length).toBeGreaterThan(0);
    expect(predicted(path)).toEqual(made);
  });

  it("a product page's request carries the stored visitor id, as the loader's does", async () => {
    storage.set('userId', JSON.stringify({ id: 'uid-AbCdEfGhIjKl' }));
    const made = await loaderRequests(productLoader, '/product/prod%2F1', { id: 'prod/1' });
    expect(made).toEqual([{ url: `${SHOP}/api/products/prod%2F1`, visitorId: 'uid-AbCdEfGhIjKl' }]);
    expect(predicted('/product/prod%2F1', 'uid-AbCdEfGhIjKl')).toEqual(made);
  });

  it('starts nothing for screens whose data belongs to the visitor or that have none', () => {
    for (const path of ['/cart', '/checkout', '/tracking', '/tracking/abc', '/checkout/abc', '/404', '/products/a/b', '/products/%E0%A4%A']) {
      expect(predicted(path)).toEqual([]);
    }
  });
});
