import { randomUUID } from 'node:crypto';
import { json } from '@shop/server-testing';
import { insertProduct, MailStack, OWNER, placeOrder } from './support/mail-stack';
import { waitUntil } from './support/test-smtp';

const ADMIN = { ADMIN_USERNAME: 'stock-owner', ADMIN_PASSWORD: 'stock-owner-pass-1' };

/** Issue 17 low-stock alerts and their settings, over the real stack: orders through the gateway, mails at a real SMTP server. */
describe('low-stock alerts', () => {
  const shop = MailStack.forTests(ADMIN, { env: { SEED_DEMO_DATA: 'false', LOG_LEVEL: 'info' } });

  const settings = async () => (await shop.stack.request('/api/controls')).body[0];
  const putSettings = async (body: Record<string, unknown>) => shop.stack.request(`/api/controls/${body._id}`, { method: 'PUT', ...json(body, shop.admin) });

  beforeAll(async () => {
  }, 90_000);


  async function product(stock: number): Promise<{ id: string; name: string }> {
    const name = `Cocoa Body Balm ${randomUUID().slice(0, 8)}`;
    return { id: await insertProduct(shop.db, { name, cents: 4500, stock, description: 'Rich cocoa butter', type: 'Body Care' }), name };
  }

  const order = (productId: string, qty: number) =>
    placeOrder(shop.stack, {
      inPerson: true,
      customer: { fname: 'Kezia', lname: 'Ramdin', email: 'kezia@shopper.test', phone: '8685551234', city: 'Arima', street: '2 Queen St' },
      items: [{ product: productId, qty }],
    });
  /** The catalog writes the event in the reservation's transaction: once the order is answered, the row is there. */
  const eventsFor = async (productId: string) =>
    (await shop.db.query(`SELECT payload FROM catalog.outbox WHERE event = 'catalog.stock.low' AND payload -> 'product' ->> '_id' = $1 ORDER BY id`, [productId])).rows.map(
      (r) => r.payload as { eventId: string; product: { countInStock: number }; threshold: number },
    );
  const alertMails = (name: string) => shop.smtp.for(OWNER).filter((m) => m.subject.includes(name));
  const flagOf = async (productId: string) => (await shop.db.query('SELECT low_stock_alerted FROM catalog.products WHERE id = $1', [productId])).rows[0].low_stock_alerted as boolean;

  it('mails the owner once per crossing of the threshold (default 3), again only after a restock above it and a new crossing', async () => {
    const p = await product(6);
    expect((await settings()).stockSettings).toEqual({ lowStockThreshold: 3 });

    expect((await order(p.id, 2)).status).toBe(201); // 6 → 4: above the threshold
    expect(await eventsFor(p.id)).toHaveLength(0);
    expect((await order(p.id, 1)).status).toBe(201); // 4 → 3: the crossing
    expect((await eventsFor(p.id)).map((e) => [e.product.countInStock, e.threshold])).toEqual([[3, 3]]);
    await waitUntil(() => alertMails(p.name).length === 1, 'the low-stock mail', 30_000);
    const [first] = alertMails(p.name);
    expect(first.subject).toBe(`Low stock: ${p.name} (3 left)`);
    expect(first.text).toContain(`Only 3 of ${p.name} are left after an order.`);
    expect(first.text).toContain(`/admin/products/${p.id}`);

    // Still below: more orders, and a refused one, make no new event.
    expect((await order(p.id, 1)).status).toBe(201); // 3 → 2
    expect((await order(p.id, 5)).status).toBe(409); // only 2 left: refused, nothing taken
    expect((await order(p.id, 2)).status).toBe(201); // 2 → 0
    expect(await eventsFor(p.id)).toHaveLength(1);
    expect(await flagOf(p.id)).toBe(true);

    // The dashboard lists it as out of stock now (restock list), not as low.
    const low = await shop.stack.request('/api/products/low-stock', { headers: shop.admin });
    expect(low.status).toBe(200);
    expect(low.body.products.map((x: { _id: string }) => x._id)).not.toContain(p.id);

    // The owner restocks to 3: not above the threshold, the flag stays and the next order does not mail.
    const current = (await shop.stack.request(`/api/products/${p.id}`)).body;
    const restock = (countInStock: number) =>
      shop.stack.request(`/api/products/${p.id}`, {
        method: 'PUT',
        ...json(
          { name: current.name, price: current.price, oldprice: current.oldprice, image: current.image, subimages: current.subimages, description: current.description, countInStock, promotext: current.promotext, type: current.type },
          shop.admin,
        ),
      });
    expect((await restock(3)).status).toBe(200);
    expect(await flagOf(p.id)).toBe(true);
    expect((await order(p.id, 1)).status).toBe(201); // 3 → 2
    expect(await eventsFor(p.id)).toHaveLength(1);

    // Restocked above the threshold: the flag comes down, and the next crossing mails again.
    expect((await restock(10)).status).toBe(200);
    expect(await flagOf(p.id)).toBe(false);
    expect((await order(p.id, 6)).status).toBe(201); // 10 → 4
    expect(await eventsFor(p.id)).toHaveLength(1);
    expect((await order(p.id, 3)).status).toBe(201); // 4 → 1: the second crossing
    const events = await eventsFor(p.id);
    expect(events.map((e) => e.product.countInStock)).toEqual([3, 1]);
    await waitUntil(() => alertMails(p.name).length === 2, 'the second low-stock mail', 30_000);
    expect(alertMails(p.name).map((m) => m.subject)).toEqual([`Low stock: ${p.name} (3 left)`, `Low stock: ${p.name} (1 left)`]);
    // One mail row per event: a replayed event would find its row.
    const mailRows = async () =>
      (await shop.db.query(`SELECT dedupe_key, status FROM notifications.mails WHERE kind = 'low_stock' AND data -> 'alert' -> 'product' ->> '_id' = $1`, [p.id])).rows;
    // The row is marked sent just after the SMTP server's answer: wait for it.
    await waitUntil(async () => (await mailRows()).filter((r) => r.status === 'sent').length === 2, 'both mails marked sent');
    const rows = await mailRows();
    expect(rows).toHaveLength(2);
    expect(rows.map((r) => r.dedupe_key).sort()).toEqual(events.map((e) => `catalog.stock.low|${e.eventId}|${OWNER}`).sort());

    // The dashboard's low-stock list has it (1 left), with the threshold.
    const listed = await shop.stack.request('/api/products/low-stock', { headers: shop.admin });
    expect(listed.body.threshold).toBe(3);
    expect(listed.body.products.find((x: { _id: string }) => x._id === p.id)).toMatchObject({ name: p.name, countInStock: 1 });
  }, 120_000);

  it('concurrent orders that cross the threshold together make one event', async () => {
    const p = await product(8);
    const results = await Promise.all(Array.from({ length: 8 }, () => order(p.id, 1)));
    expect(results.map((r) => r.status).sort()).toEqual(Array(8).fill(201));
    const events = await eventsFor(p.id);
    expect(events).toHaveLength(1);
    expect(events[0].product.countInStock).toBeLessThanOrEqual(3);
    await waitUntil(() => alertMails(p.name).length === 1, 'the low-stock mail', 30_000);
  }, 90_000);

  it('the threshold comes from Site Settings; a wrong threshold or VAT number is a 400 that changes nothing; a client that leaves the sections out keeps them', async () => {
    const before = await settings();
    const cases: Array<[string, Record<string, unknown>, string]> = [
      ['a negative threshold', { stockSettings: { lowStockThreshold: -1 } }, 'Low-stock threshold must be 0 or more'],
      ['a fractional threshold', { stockSettings: { lowStockThreshold: 2.5 } }, 'Low-stock threshold must be a whole number'],
      ['a threshold as text', { stockSettings: { lowStockThreshold: 'five' } }, 'Low-stock threshold must be a whole number'],
      ['a huge threshold', { stockSettings: { lowStockThreshold: 5000 } }, 'Low-stock threshold must be at most 1000'],
      ['a VAT number with symbols', { receiptSettings: { vatRegistrationNumber: 'VAT<script>' } }, 'VAT registration number may contain only letters, digits, spaces, -, / and .'],
      ['a VAT number too long', { receiptSettings: { vatRegistrationNumber: '1'.repeat(31) } }, 'VAT registration number must be at most 30 characters'],
    ];
    for (const [what, change, message] of cases) {
      const res = await putSettings({ ...before, ...change });
      expect([what, res.status, res.body]).toEqual([what, 400, { message }]);
    }
    expect(await settings()).toEqual(before);

    const saved = await putSettings({ ...before, stockSettings: { lowStockThreshold: 5 }, receiptSettings: { vatRegistrationNumber: '100200300' } });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ stockSettings: { lowStockThreshold: 5 }, receiptSettings: { vatRegistrationNumber: '100200300' } });
    // An older client sends the record without the new sections: they stay as stored.
    const { stockSettings: _s, receiptSettings: _r, ...older } = await settings();
    const kept = await putSettings(older);
    expect(kept.status).toBe(200);
    expect(kept.body).toMatchObject({ stockSettings: { lowStockThreshold: 5 }, receiptSettings: { vatRegistrationNumber: '100200300' } });

    // With 5, an order taking 7 to 5 is a crossing.
    const p = await product(7);
    expect((await order(p.id, 2)).status).toBe(201);
    expect((await eventsFor(p.id)).map((e) => [e.product.countInStock, e.threshold])).toEqual([[5, 5]]);
    expect((await shop.stack.request('/api/products/low-stock', { headers: shop.admin })).body).toMatchObject({ threshold: 5 });
    expect((await shop.stack.request('/api/products/low-stock')).status).toBe(401);
    expect((await putSettings({ ...before })).status).toBe(200);
  }, 90_000);
});
