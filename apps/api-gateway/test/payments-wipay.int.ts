import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { eventually, freePort, json, sendPaymentResult, useShop, visitor } from '@shop/server-testing';

const API_KEY = 'wipay-test-key-42';
const md5 = (s: string) => createHash('md5').update(s).digest('hex');

/** The whole card flow with the wipay provider against a local stand-in for WiPay's request endpoint. */
describe('card payments (wipay provider, local stand-in)', () => {
  let standIn: Server;
  let port: number;
  const requests: Array<{ contentType?: string; accept?: string; fields: Record<string, string> }> = [];

  beforeAll(async () => {
    port = await freePort();
    let n = 0;
    standIn = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString('utf8')));
      req.on('end', () => {
        const fields = Object.fromEntries(new URLSearchParams(body));
        requests.push({ contentType: req.headers['content-type'], accept: req.headers.accept, fields });
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ url: `https://tt.wipayfinancial.com/checkout/session-${++n}`, message: 'OK', transaction_id: `SB-77-1-${fields.order_id}-${n}` }));
      });
    });
    await new Promise<void>((r) => standIn.listen(port, '127.0.0.1', () => r()));
  }, 90_000);

  const shop = useShop(() => ({
    services: ['catalog-service', 'order-service', 'payment-service'],
    env: {
      LOG_LEVEL: 'info',
      SEED_DEMO_DATA: 'false',
      PAYMENT_PROVIDER: 'wipay',
      WIPAY_REQUEST_URL: `http://127.0.0.1:${port}/plugins/payments/request`,
      WIPAY_ACCOUNT_NUMBER: '9876543210',
      WIPAY_API_KEY: API_KEY,
      STOREFRONT_URL: 'https://shop.example.tt',
    },
  }));

  afterAll(async () => {
    await new Promise<void>((r) => standIn?.close(() => r()));
  });

  async function payableOrder() {
    const p = await shop.db.product(5, 2050);
    const order = (await shop.stack.client.placeOrder(visitor(), [{ product: p.id, qty: 2 }])).body;
    const pay = await shop.stack.request('/api/orders/pay', { method: 'POST', ...json({ orderId: order._id }, { 'x-visitor-id': order.customer.id }) });
    expect(pay.status).toBe(200);
    return { product: p, order, url: pay.body.url as string, sent: requests[requests.length - 1] };
  }

  it("asks WiPay for a page with the server's total and reference, then verifies the redirect with the API key", async () => {
    const { product, order, url, sent } = await payableOrder();
    expect(url).toMatch(/^https:\/\/tt\.wipayfinancial\.com\/checkout\/session-\d+$/);
    expect(sent.contentType).toBe('application/x-www-form-urlencoded');
    expect(sent.accept).toBe('application/json');
    expect(sent.fields).toMatchObject({
      account_number: '9876543210',
      country_code: 'TT',
      currency: 'TTD',
      environment: 'sandbox',
      fee_structure: 'merchant_absorb',
      method: 'credit_card',
      origin: 'Island Glow',
      response_url: `https://shop.example.tt/checkout/${order._id}`,
      total: '76.00',
      email: 'asha@example.com',
    });
    expect(sent.fields.order_id).toMatch(/^oid-[A-Za-z0-9]{12}$/);

    const tx = `SB-77-1-${sent.fields.order_id}-${requests.length}`;
    const redirect = {
      status: 'success',
      message: 'Approved',
      order_id: sent.fields.order_id,
      transaction_id: tx,
      total: '76.00',
      currency: 'TTD',
      card: 'XXXXXXXXXXXX1111',
      date: '2026-11-22 01:00:00',
      customer_name: "Asha O'Brien",
      customer_email: 'asha@example.com',
      data: sent.fields.data,
    };
    // The sandbox key's hash is not this shop's.
    expect((await sendPaymentResult(shop.stack, order._id, { ...redirect, hash: md5(tx + '76.00' + '123') })).status).toBe(400);
    const paid = await sendPaymentResult(shop.stack, order._id, { ...redirect, hash: md5(tx + '76.00' + API_KEY) });
    expect(paid.status).toBe(200);
    expect(paid.body).toMatchObject({ isPaid: true, paymentReference: sent.fields.order_id });
    expect(await eventually(() => shop.db.stock(product.id), (s) => s.purchases === 2)).toEqual({ count_in_stock: 3, purchases: 2 });
  });

  it('accepts a failure only with the reference and transaction id WiPay gave for the order', async () => {
    const { product, order, sent } = await payableOrder();
    const tx = `SB-77-1-${sent.fields.order_id}-${requests.length}`;
    const failure = { status: 'failed', message: 'Declined', order_id: sent.fields.order_id, total: '76.00' };
    expect((await sendPaymentResult(shop.stack, order._id, { ...failure, transaction_id: 'SB-made-up' })).status).toBe(400);
    const res = await sendPaymentResult(shop.stack, order._id, { ...failure, transaction_id: tx });
    expect(res.status).toBe(200);
    expect(res.body.isPaid).toBe(false);
    expect(await eventually(() => shop.db.stock(product.id), (s) => s.count_in_stock === 5)).toEqual({ count_in_stock: 5, purchases: 0 });
  });
});
