import { PaymentModeCache, TEST_SHOP_BANNER, withTestShopBanner } from './test-shop-banner';

describe('the test-shop banner of a staging shop', () => {
  it('goes first in the body, outside the app root, in plain words', () => {
    const page = '<html><head><title>Shop</title></head>\n<body class="x"><div id="root"><main>Hi</main></div></body></html>';
    const html = withTestShopBanner(page);
    expect(html.indexOf(TEST_SHOP_BANNER)).toBeGreaterThan(html.indexOf('<body class="x">'));
    expect(html.indexOf(TEST_SHOP_BANNER)).toBeLessThan(html.indexOf('<div id="root">'));
    expect(html.replace(TEST_SHOP_BANNER, '').replace(/\s+/g, '')).toBe(page.replace(/\s+/g, ''));
    expect(TEST_SHOP_BANNER).toContain('role="region" aria-label="Test shop"');
    expect(TEST_SHOP_BANNER.replace(/<[^>]+>/g, '')).toBe('Test shop: card payments here are not real, and no money is taken.');
  });

  it('follows the payment mode: waits for the first answer, then asks again behind a known one once a minute', async () => {
    let clock = 0;
    const answers = [true, false];
    const source = jest.fn(async () => answers.shift() ?? false);
    const mode = new PaymentModeCache(source, () => clock, 60_000);
    expect(await mode.testPayments()).toBe(true);
    clock = 59_999;
    expect(await mode.testPayments()).toBe(true);
    expect(source).toHaveBeenCalledTimes(1);
    clock = 60_000;
    // The known answer still serves this page; the new one serves the next.
    expect(await mode.testPayments()).toBe(true);
    expect(await mode.testPayments()).toBe(false);
    expect(source).toHaveBeenCalledTimes(2);
  });

  it('shows no banner while the mode is unknown (gateway down) and asks again on the next page', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const source = jest.fn<Promise<boolean>, []>().mockRejectedValueOnce(new Error('connect ECONNREFUSED')).mockResolvedValueOnce(true);
    const mode = new PaymentModeCache(source);
    expect(await mode.testPayments()).toBe(false);
    expect(await mode.testPayments()).toBe(true);
    expect(warn).toHaveBeenCalledTimes(1);
    warn.mockRestore();
  });
});
