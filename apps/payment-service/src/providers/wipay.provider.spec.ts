import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ErrorCode } from '@shop/contracts';
import { type WipaySettings, WipayProvider } from './wipay.provider';

interface Seen {
  method?: string;
  url?: string;
  headers: IncomingMessage['headers'];
  body: string;
}

/** The WiPay provider against a local stand-in for WiPay's request endpoint. */
describe('WipayProvider', () => {
  let server: Server;
  let base: string;
  let seen: Seen[];
  let answer: { status: number; body: unknown };

  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString('utf8')));
      req.on('end', () => {
        seen.push({ method: req.method, url: req.url, headers: req.headers, body });
        res.writeHead(answer.status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(answer.body));
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await new Promise<void>((r) => server.close(() => r()));
  });

  beforeEach(() => {
    seen = [];
    answer = { status: 200, body: { url: 'https://tt.wipayfinancial.com/plugins/payments/checkout/abc', message: 'OK', transaction_id: 'SB-1-1-oid-Abc123def456-1' } };
  });

  const settings = (over: Partial<WipaySettings> = {}): WipaySettings => ({
    WIPAY_ACCOUNT_NUMBER: '1234567890',
    WIPAY_REQUEST_URL: `${base}/plugins/payments/request`,
    WIPAY_ENVIRONMENT: 'sandbox',
    WIPAY_COUNTRY_CODE: 'TT',
    WIPAY_CURRENCY: 'TTD',
    WIPAY_FEE_STRUCTURE: 'merchant_absorb',
    WIPAY_METHOD: 'credit_card',
    PAYMENT_SHOP_NAME: 'Island Glow',
    ...over,
  });

  const request = {
    reference: 'oid-Abc123def456',
    totalSent: '1250.50',
    responseUrl: 'https://shop.example.tt/checkout/6f1c3a52-0f7e-4c53-9a57-1d2b3c4d5e6f',
    customer: { fname: 'Asha', lname: "O'Brien", email: 'asha+tt@example.com', phone: '(868)555-1234', city: 'Port of Spain', street: '12 Frederick St. & Co' },
  };

  it('posts exactly WiPay\'s fields, form encoded, asking for JSON, and answers the page url and transaction id', async () => {
    const page = await new WipayProvider(settings()).requestPaymentPage(request);
    expect(page).toEqual({ url: 'https://tt.wipayfinancial.com/plugins/payments/checkout/abc', transactionId: 'SB-1-1-oid-Abc123def456-1' });
    expect(seen).toHaveLength(1);
    const [req] = seen;
    expect(req.method).toBe('POST');
    expect(req.url).toBe('/plugins/payments/request');
    expect(req.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(req.headers.accept).toBe('application/json');
    expect(req.headers.authorization).toBeUndefined();
    // Form encoding: spaces as '+', reserved characters percent-encoded.
    expect(req.body).toContain('fname=Asha');
    expect(req.body).toContain('lname=O%27Brien');
    expect(req.body).toContain('email=asha%2Btt%40example.com');
    expect(req.body).toContain('addr1=12+Frederick+St.+%26+Co');
    expect(req.body).toContain(`response_url=${encodeURIComponent(request.responseUrl)}`);
    const fields = Object.fromEntries(new URLSearchParams(req.body));
    expect(fields).toEqual({
      account_number: '1234567890',
      avs: '0',
      country_code: 'TT',
      currency: 'TTD',
      data: JSON.stringify({ reference: 'oid-Abc123def456' }),
      environment: 'sandbox',
      fee_structure: 'merchant_absorb',
      method: 'credit_card',
      order_id: 'oid-Abc123def456',
      origin: 'Island Glow',
      response_url: request.responseUrl,
      total: '1250.50',
      email: 'asha+tt@example.com',
      fname: 'Asha',
      lname: "O'Brien",
      phone: '(868)555-1234',
      addr1: '12 Frederick St. & Co',
      city: 'Port of Spain',
      country: 'TT',
    });
    expect(fields.order_id.length).toBeLessThanOrEqual(16);
    expect(fields.order_id).toMatch(/^[A-Za-z0-9][A-Za-z0-9_-]*[A-Za-z0-9]$/);
  });

  it('takes the method and live environment from its settings', async () => {
    await new WipayProvider(settings({ WIPAY_METHOD: 'credit_card_co', WIPAY_ENVIRONMENT: 'live' })).requestPaymentPage(request);
    const fields = Object.fromEntries(new URLSearchParams(seen[0].body));
    expect(fields).toMatchObject({ method: 'credit_card_co', environment: 'live' });
  });

  it('follows a 3xx answer\'s JSON url too', async () => {
    answer = { status: 302, body: { url: 'https://tt.wipayfinancial.com/checkout/xyz', transaction_id: 'SB-2' } };
    await expect(new WipayProvider(settings()).requestPaymentPage(request)).resolves.toEqual({ url: 'https://tt.wipayfinancial.com/checkout/xyz', transactionId: 'SB-2' });
  });

  it('answers 503 on a 4xx/5xx answer (its url is only our own response_url) or an unreachable provider', async () => {
    answer = { status: 422, body: { url: `${request.responseUrl}?status=error&message=bad`, message: 'bad' } };
    await expect(new WipayProvider(settings()).requestPaymentPage(request)).rejects.toMatchObject({ code: ErrorCode.Unavailable });
    await expect(new WipayProvider(settings({ WIPAY_REQUEST_URL: 'http://127.0.0.1:9/plugins/payments/request' })).requestPaymentPage(request)).rejects.toMatchObject({
      code: ErrorCode.Unavailable,
    });
  });
});
