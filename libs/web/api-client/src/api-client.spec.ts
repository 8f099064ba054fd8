import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { adminGetOrders } from './admin-get-orders';
import { adminLogin } from './admin-login';
import { adminLogout } from './admin-logout';
import { adminUpdateOrder } from './admin-update-order';
import { configureApiClient } from './api-client';
import { ApiError } from './api-error';
import { getProductPage } from './get-product-page';
import { getProducts } from './get-products';
import { onUnauthorized as logOutOn401, runUnauthorizedHandler } from './session-end';

// A real HTTP server on a free port: the client's hooks run on real responses, nothing of ky is mocked.
let server: Server;
let prefixUrl: string;
let status = 401;
let seen: IncomingMessage[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    seen.push(request);
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ message: status === 401 ? 'Invalid username or password' : 'Refused' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  prefixUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
});

afterAll(async () => {
  configureApiClient({});
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(() => {
  status = 401;
  seen = [];
});

/** Resolves to 'pending' when the call has not settled once its answer has been handled. */
async function settledYet(call: Promise<unknown>): Promise<'settled' | 'pending'> {
  const outcome = call.then(
    () => 'settled' as const,
    () => 'settled' as const,
  );
  // Several turns of the event loop after the hook ran: a settling promise would have settled by then.
  for (let i = 0; i < 5; i += 1) await new Promise((resolve) => setImmediate(resolve));
  return Promise.race([outcome, Promise.resolve('pending' as const)]);
}

describe('the 401 handler (admin app)', () => {
  it('fires once on a 401 and the call never settles, so no screen shows an error while the page leaves', async () => {
    const onUnauthorized = jest.fn();
    configureApiClient({ prefixUrl, afterResponse: [logOutOn401(onUnauthorized)] });
    const call = adminGetOrders();
    await waitFor(() => onUnauthorized.mock.calls.length > 0);
    expect(await settledYet(call)).toBe('pending');
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(seen).toHaveLength(1);
  });

  it('fires for a state-changing call too, which still carries the CSRF header', async () => {
    const onUnauthorized = jest.fn();
    configureApiClient({ prefixUrl, afterResponse: [logOutOn401(onUnauthorized)] });
    const realDocument = (globalThis as { document?: unknown }).document;
    (globalThis as { document?: unknown }).document = { cookie: 'shop_csrf=token-1' };
    try {
      const call = adminUpdateOrder('o1', 'Delivered' as never);
      await waitFor(() => onUnauthorized.mock.calls.length > 0);
      expect(await settledYet(call)).toBe('pending');
    } finally {
      (globalThis as { document?: unknown }).document = realDocument;
    }
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(seen[0]?.headers['x-csrf-token']).toBe('token-1');
  });

  it("leaves a sign-in's 401 (a wrong password) to the login form", async () => {
    const onUnauthorized = jest.fn();
    configureApiClient({ prefixUrl, afterResponse: [logOutOn401(onUnauthorized)] });
    await expect(adminLogin({ username: 'owner', password: 'wrong' })).rejects.toEqual(new ApiError('Invalid username or password', 401));
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it("leaves a sign-out's 401 (no session left) to its caller", async () => {
    const onUnauthorized = jest.fn();
    configureApiClient({ prefixUrl, afterResponse: [logOutOn401(onUnauthorized)] });
    await expect(adminLogout()).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('is the handler the upload (made outside ky) runs on its 401', () => {
    const onUnauthorized = jest.fn();
    configureApiClient({ prefixUrl, afterResponse: [logOutOn401(onUnauthorized)] });
    expect(runUnauthorizedHandler()).toBe(true);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('does not fire on other refusals', async () => {
    const onUnauthorized = jest.fn();
    configureApiClient({ prefixUrl, afterResponse: [logOutOn401(onUnauthorized)] });
    status = 403;
    await expect(adminUpdateOrder('o1', 'Delivered' as never)).rejects.toMatchObject({ status: 403, message: 'Refused' });
    expect(onUnauthorized).not.toHaveBeenCalled();
  });
});

describe('without a 401 handler (storefront)', () => {
  it('a 401 reaches the caller as an ApiError and logs nobody out', async () => {
    configureApiClient({ prefixUrl });
    await expect(getProducts()).rejects.toMatchObject({ name: 'ApiError', status: 401 });
    await expect(adminGetOrders()).rejects.toMatchObject({ name: 'ApiError', status: 401 });
  });
});

async function waitFor(done: () => boolean): Promise<void> {
  while (!done()) await new Promise((resolve) => setImmediate(resolve));
}

describe('a page of products', () => {
  it('is refused when the answer is not a page (issue 23: the screen said "undefined products")', async () => {
    configureApiClient({ prefixUrl });
    status = 200;
    await expect(getProductPage({ q: 'balm', page: 1 })).rejects.toMatchObject({ name: 'ApiError', status: 502, message: 'The products could not be loaded, please try again' });
  });
});
