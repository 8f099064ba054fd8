import { randomUUID } from 'node:crypto';
import { shopToday } from '@shop/contracts';
import { pdfText } from '@shop/pdf-testing';
import { adminToken, bearer, json, sandboxPay, sendPaymentResult, TestStack, visitor } from '@shop/server-testing';
import { parse } from 'csv-parse/sync';
import { Client } from 'pg';
import { nonAdminToken } from './support/auth';

/**
 * Issue 26, the owner's documents over the real stack: the packing slip and the day's run sheet (PDFs printed by
 * the notification service, read back with pdf-parse) and the orders export for the accountant (CSV).
 */
describe("owner's documents: packing slip, run sheet, orders export", () => {
  let stack: TestStack;
  let db: Client;
  let admin: Record<string, string>;
  let product: string;
  let westArea: string;
  const productName = `Shea Curl Cream ${randomUUID().slice(0, 6)}`;
  // A name a spreadsheet would run as a formula: the export must neutralise it.
  const FORMULA_AREA = '=HYPERLINK("http://evil.test","Arima")';

  beforeAll(async () => {
    stack = await TestStack.start({ env: { SEED_DEMO_DATA: 'false' } });
    db = new Client({ connectionString: stack.env.DATABASE_URL });
    await db.connect();
    admin = bearer(await adminToken(stack));
    product = (
      await db.query(
        `INSERT INTO catalog.products (name, price_cents, image, description, count_in_stock, type)
         VALUES ($1, 12550, '/api/files/demo/mango-lip-balm.svg', 'For curls', 100, 'Hair Care') RETURNING id`,
        [productName],
      )
    ).rows[0].id;
    const area = await stack.request('/api/delivery-areas', { method: 'POST', ...json({ name: FORMULA_AREA, cost: 40, estimatedDays: '2 days', active: true }, admin) });
    expect(area.status).toBe(201);
    westArea = area.body._id;
    const settings = (await stack.request('/api/controls')).body[0];
    settings.contactSettings.phone = '(868) 555-0142';
    expect((await stack.request(`/api/controls/${settings._id}`, { method: 'PUT', ...json(settings, admin) })).status).toBe(200);
  }, 120_000);

  afterAll(async () => {
    await db?.end();
    await stack?.close();
  });

  const place = async (inPerson: boolean, fname: string, qty: number, deliveryAreaId?: string) => {
    const id = visitor();
    const res = await stack.request(inPerson ? '/api/orders/inperson' : '/api/orders', {
      method: 'POST',
      ...json(
        { id, fname, lname: 'Ali', email: `${fname.toLowerCase()}@shopper.test`, phone: '8685551234', city: 'Chaguanas', street: '7 Main Road', orderItems: [{ product, qty }], deliveryAreaId },
        { 'x-visitor-id': id },
      ),
    });
    expect(res.status).toBe(201);
    return res.body as { _id: string; orderNumber: string; totalPrice: number };
  };
  const pay = async (orderId: string) => {
    const { params } = await sandboxPay(stack, orderId);
    expect((await sendPaymentResult(stack, orderId, params)).body).toMatchObject({ isPaid: true });
  };
  const get = (path: string, headers: Record<string, string> = admin) => fetch(`${stack.gatewayUrl}${path}`, { headers });
  const today = () => shopToday();
  const csvRows = async (res: Response) => {
    const bytes = Buffer.from(await res.arrayBuffer());
    // UTF-8 with a byte order mark (so a spreadsheet reads accents right), CRLF line ends.
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(bytes.toString('utf8')).toContain('\r\n');
    return parse(bytes, { bom: true }) as string[][];
  };

  describe('packing slip and run sheet', () => {
    let inPerson: { _id: string; orderNumber: string; totalPrice: number };
    let card: { _id: string; orderNumber: string; totalPrice: number };
    let unpaid: { _id: string; orderNumber: string };

    beforeAll(async () => {
      inPerson = await place(true, 'Shanice', 2, westArea);
      card = await place(false, 'Kerry', 1);
      await pay(card._id);
      unpaid = await place(false, 'Devon', 1);
    }, 60_000);

    it("prints a confirmed order's packing slip: who, where, each item with its quantity, and what to collect", async () => {
      const res = await get(`/api/orders/${inPerson._id}/packing-slip`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/pdf');
      expect(res.headers.get('content-disposition')).toBe(`attachment; filename="packing-slip-${inPerson.orderNumber}.pdf"`);
      const text = await pdfText(Buffer.from(await res.arrayBuffer()));
      expect(text).toContain('Island Glow Hair & Beauty');
      expect(text).toContain('Phone +1 868 555 0142');
      expect(text).toContain(`Packing slip ${inPerson.orderNumber}`);
      expect(text).toMatch(/Date: \d{1,2} \w{3} \d{4}, \d{1,2}:\d{2} [ap]m/);
      expect(text).toContain('Shanice Ali');
      expect(text).toContain('Phone: +1 868 555 1234');
      expect(text).toContain('Address: 7 Main Road, Chaguanas');
      expect(text).toContain(`Area: ${FORMULA_AREA}`);
      expect(text).toContain(`2 ${productName}`);
      expect(text).toContain('2 items in 1 line');
      expect(text).toContain(`Payment: To collect on delivery: TT$${inPerson.totalPrice.toFixed(2)}`);

      const paid = await pdfText(Buffer.from(await (await get(`/api/orders/${card._id}/packing-slip`)).arrayBuffer()));
      expect(paid).toContain('Payment: Paid');
      expect(paid).toContain('Kerry Ali');
    }, 60_000);

    it('refuses the packing slip of an unpaid card order (409), an unknown order (404) and anyone but an admin (401/403)', async () => {
      const early = await get(`/api/orders/${unpaid._id}/packing-slip`);
      expect(early.status).toBe(409);
      expect((await early.json()).message).toMatch(/once the order is confirmed/);
      expect((await get(`/api/orders/${randomUUID()}/packing-slip`)).status).toBe(404);
      expect((await get(`/api/orders/${inPerson._id}/packing-slip`, {})).status).toBe(401);
      expect((await get(`/api/orders/${inPerson._id}/packing-slip`, bearer(await nonAdminToken(stack)))).status).toBe(403);
    });

    it("prints the day's run sheet grouped by area, with what to collect; not the unpaid order", async () => {
      const day = today();
      const res = await get(`/api/order-documents/run-sheet?date=${day}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-disposition')).toBe(`attachment; filename="run-sheet-${day}.pdf"`);
      const text = await pdfText(Buffer.from(await res.arrayBuffer()));
      expect(text).toContain('Delivery run sheet:');
      expect(text).toContain('2 orders in 2 areas');
      expect(text).toContain(`To collect in person: TT$${inPerson.totalPrice.toFixed(2)}`);
      expect(text).toContain(`${FORMULA_AREA} (1)`);
      expect(text).toContain(`${inPerson.orderNumber} Shanice Ali Collect TT$${inPerson.totalPrice.toFixed(2)}`);
      expect(text).toContain(`${card.orderNumber} Kerry Ali Paid`);
      expect(text).toContain(`2 x ${productName}`);
      expect(text).toContain('Phone +1 868 555 1234 | 7 Main Road, Chaguanas | To deliver');
      expect(text).not.toContain(unpaid.orderNumber);
      // Areas in name order: '=HYPERLINK…' before the default area 'Port of Spain…'.
      expect(text.indexOf(inPerson.orderNumber)).toBeLessThan(text.indexOf(card.orderNumber));

      // A day before any order: nothing to deliver.
      const empty = await pdfText(Buffer.from(await (await get('/api/order-documents/run-sheet?date=2020-01-01')).arrayBuffer()));
      expect(empty).toContain('No orders to deliver on this day.');
    }, 60_000);

    it('refuses a run sheet without a real date (400)', async () => {
      for (const [query, message] of [
        ['', 'The date is required (YYYY-MM-DD)'],
        ['?date=tomorrow', 'The date must be a real date written YYYY-MM-DD'],
        ['?date=2026-02-30', 'The date must be a real date written YYYY-MM-DD'],
      ]) {
        const res = await get(`/api/order-documents/run-sheet${query}`);
        expect(res.status).toBe(400);
        expect(await res.json()).toEqual({ message });
      }
    });
  });

  describe('orders export (CSV)', () => {
    it('lists one row per order placed in the range, shop days both included, amounts with 2 decimals, formulas neutralised', async () => {
      const a = await place(true, 'Anika', 3, westArea);
      const b = await place(false, 'Brent', 1);
      await pay(b._id);
      const c = await place(false, 'Carla', 1);
      // Placed 14 Jan, 23:30 in Trinidad (03:30 UTC on the 15th), 1 Jan and 31 Jan: the days are the shop's.
      await db.query(`UPDATE orders.orders SET created_at = '2026-01-15T03:30:00Z' WHERE id = $1`, [a._id]);
      await db.query(`UPDATE orders.orders SET created_at = '2026-01-01T12:00:00Z' WHERE id = $1`, [b._id]);
      await db.query(`UPDATE orders.orders SET created_at = '2026-01-31T12:00:00Z', fname = '@SUM(1+1)', lname = '-2' WHERE id = $1`, [c._id]);

      const res = await get('/api/order-documents/orders.csv?from=2026-01-01&to=2026-01-31');
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      expect(res.headers.get('content-disposition')).toBe('attachment; filename="orders-2026-01-01-to-2026-01-31.csv"');
      const rows = await csvRows(res);
      // Not VAT registered: no VAT column.
      expect(rows[0]).toEqual([
        'Order number', 'Date', 'Customer', 'Delivery area', 'Subtotal (TTD)', 'Discount (TTD)', 'Delivery (TTD)', 'Total (TTD)',
        'Payment method', 'Payment state', 'Fulfilment state', 'Transaction reference',
      ]);
      expect(rows.slice(1).map((r) => r[0])).toEqual([b.orderNumber, a.orderNumber, c.orderNumber]);
      const [rowB, rowA, rowC] = rows.slice(1);
      expect(rowA).toEqual([a.orderNumber, '2026-01-14', 'Anika Ali', `'${FORMULA_AREA}`, '376.50', '0.00', '40.00', '416.50', 'Pay on delivery: Cash', 'To pay in person', 'Preparing', '']);
      expect(rowB.slice(1, 11)).toEqual(['2026-01-01', 'Brent Ali', expect.any(String), '125.50', '0.00', expect.stringMatching(/^\d+\.\d{2}$/), expect.stringMatching(/^\d+\.\d{2}$/), 'Card', 'Paid', 'Preparing']);
      expect(rowB[11]).not.toBe('');
      expect(rowC[2]).toBe("'@SUM(1+1) -2");
      expect(rowC.slice(9, 11)).toEqual(['Awaiting payment', 'Not started']);
      // No cell a spreadsheet would run.
      for (const cell of rows.flat()) expect(cell).not.toMatch(/^[=+\-@]/);

      // The shop day 2026-01-15 does not hold the order placed at 03:30 UTC that day.
      const only15 = await csvRows(await get('/api/order-documents/orders.csv?from=2026-01-15&to=2026-01-15'));
      expect(only15).toHaveLength(1);
      const only14 = await csvRows(await get('/api/order-documents/orders.csv?from=2026-01-14&to=2026-01-14'));
      expect(only14.slice(1).map((r) => r[0])).toEqual([a.orderNumber]);
    }, 90_000);

    it('adds the VAT included in each total when the shop is VAT registered', async () => {
      const settings = (await stack.request('/api/controls')).body[0];
      settings.receiptSettings = { vatRegistrationNumber: '123456' };
      expect((await stack.request(`/api/controls/${settings._id}`, { method: 'PUT', ...json(settings, admin) })).status).toBe(200);
      const rows = await csvRows(await get('/api/order-documents/orders.csv?from=2026-01-14&to=2026-01-14'));
      expect(rows[0][7]).toBe('VAT included (TTD)');
      // 416.50 / 9 = 46.277...: TT$46.28 of VAT in the total.
      expect([rows[1][7], rows[1][8]]).toEqual(['46.28', '416.50']);
    });

    it.each([
      ['?to=2026-01-31', 'The start date is required (YYYY-MM-DD)'],
      ['?from=2026-01-01', 'The end date is required (YYYY-MM-DD)'],
      ['?from=01/01/2026&to=2026-01-31', 'The start date must be a real date written YYYY-MM-DD'],
      ['?from=2026-01-01&to=2026-02-30', 'The end date must be a real date written YYYY-MM-DD'],
      ['?from=2026-02-01&to=2026-01-31', 'The start date must be on or before the end date'],
      ['?from=2025-01-01&to=2026-01-31', 'At most 366 days can be exported at once'],
    ])('refuses a bad range %s with a 400 and a clear message', async (query, message) => {
      const res = await get(`/api/order-documents/orders.csv${query}`);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ message });
    });

    it('answers only an admin', async () => {
      expect((await get('/api/order-documents/orders.csv?from=2026-01-01&to=2026-01-31', {})).status).toBe(401);
      expect((await get('/api/order-documents/orders.csv?from=2026-01-01&to=2026-01-31', bearer(await nonAdminToken(stack)))).status).toBe(403);
    });
  });
});
