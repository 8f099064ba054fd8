import { CSRF_COOKIE, CSRF_HEADER } from '@shop/contracts';
import { CSRF_COOKIE_NAME, CSRF_HEADER_NAME, csrfHeaders } from './admin-auth';

describe('csrfHeaders', () => {
  const realDocument = (globalThis as { document?: unknown }).document;
  afterEach(() => {
    (globalThis as { document?: unknown }).document = realDocument;
  });
  const withCookies = (cookie: string) => {
    (globalThis as { document?: unknown }).document = { cookie };
  };

  it('uses the names the gateway uses', () => {
    expect(CSRF_COOKIE_NAME).toBe(CSRF_COOKIE);
    expect(CSRF_HEADER_NAME).toBe(CSRF_HEADER);
  });

  it('repeats the CSRF cookie in the header, and sends nothing without one', () => {
    withCookies('theme=dark; shop_csrf=abc%2Ddef_1; other=x');
    expect(csrfHeaders()).toEqual({ 'X-CSRF-Token': 'abc-def_1' });
    withCookies('theme=dark');
    expect(csrfHeaders()).toEqual({});
    (globalThis as { document?: unknown }).document = undefined;
    expect(csrfHeaders()).toEqual({});
  });

  it('prefers the __Host- cookie of an https admin over a bare one', () => {
    withCookies('shop_csrf=planted; __Host-shop_csrf=real');
    expect(csrfHeaders()).toEqual({ 'X-CSRF-Token': 'real' });
  });
});
