import { randomUUID } from 'node:crypto';
import { DomainError, ErrorCode, Pattern } from '@shop/contracts';
import { ServiceClient } from '@shop/server-messaging';
import { TestStack } from '@shop/server-testing';
import { Client } from 'pg';

/** Stock reservations over NATS against the real catalog service and Postgres. */
describe('stock reservations', () => {
  let stack: TestStack;
  let client: ServiceClient;
  let db: Client;

  beforeAll(async () => {
    stack = await TestStack.start({ services: ['catalog-service'], env: { LOG_LEVEL: 'info', SEED_DEMO_DATA: 'false' } });
    client = new ServiceClient(stack.env.NATS_URL, 10_000, stack.env.NATS_SUBJECT_PREFIX);
    db = new Client({ connectionString: stack.env.DATABASE_URL });
    await db.connect();
  }, 60_000);

  afterAll(async () => {
    await client?.close();
    await db?.end();
    await stack?.close();
  });

  async function product(stock: number, priceCents = 2500): Promise<string> {
    const { rows } = await db.query(
      `INSERT INTO catalog.products (name, price_cents, image, description, count_in_stock, type)
       VALUES ($1, $2, '/api/files/demo/mango-lip-balm.svg', 'A test balm', $3, 'Lip Balm') RETURNING id`,
      [`Test balm ${randomUUID().slice(0, 8)}`, priceCents, stock],
    );
    return rows[0].id;
  }

  async function stockOf(id: string): Promise<{ count_in_stock: number; purchases: number }> {
    const { rows } = await db.query('SELECT count_in_stock, purchases FROM catalog.products WHERE id = $1', [id]);
    return rows[0];
  }

  const reserve = (orderId: string, items: Array<{ product: string; qty: number }>) => client.send(Pattern.StockReserve, { orderId, items });

  it('50 parallel reservations of 1 against 10 in stock: exactly 10 reserved, 40 refused, stock 0', async () => {
    const id = await product(10);
    const results = await Promise.allSettled(Array.from({ length: 50 }, (_, i) => reserve(`ord-par-${i}`, [{ product: id, qty: 1 }])));
    const ok = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(ok).toHaveLength(10);
    expect(refused).toHaveLength(40);
    for (const r of refused) {
      expect(r.reason).toBeInstanceOf(DomainError);
      expect((r.reason as DomainError).code).toBe(ErrorCode.Conflict);
      expect((r.reason as DomainError).message).toMatch(/out of stock/);
    }
    expect((await stockOf(id)).count_in_stock).toBe(0);
    const { rows } = await db.query(`SELECT count(*)::int AS n, sum(qty)::int AS q FROM catalog.stock_reservations WHERE product_id = $1`, [id]);
    expect(rows[0]).toEqual({ n: 10, q: 10 });
  });

  it('repeating a reservation for the same order changes nothing and answers the same lines', async () => {
    const id = await product(5, 1999);
    const first = await reserve('ord-repeat-1', [{ product: id, qty: 2 }]);
    expect(first.items).toEqual([{ product: id, name: expect.any(String), price: 19.99, image: expect.any(String), qty: 2 }]);
    const again = await Promise.all([reserve('ord-repeat-1', [{ product: id, qty: 2 }]), reserve('ord-repeat-1', [{ product: id, qty: 2 }])]);
    expect(again[0]).toEqual(first);
    expect(again[1]).toEqual(first);
    expect((await stockOf(id)).count_in_stock).toBe(3);
  });

  it('reserves all lines or none, and names the product and what is left', async () => {
    const plenty = await product(10);
    const scarce = await product(1);
    const { rows } = await db.query('SELECT name FROM catalog.products WHERE id = $1', [scarce]);
    await expect(reserve('ord-all-or-none', [{ product: plenty, qty: 3 }, { product: scarce, qty: 2 }])).rejects.toMatchObject({
      code: ErrorCode.Conflict,
      message: `Only 1 of ${rows[0].name} left in stock`,
    });
    expect((await stockOf(plenty)).count_in_stock).toBe(10);
    expect((await stockOf(scarce)).count_in_stock).toBe(1);
  });

  it('merges repeated lines of one product', async () => {
    const id = await product(3);
    const res = await reserve('ord-merge', [{ product: id, qty: 1 }, { product: id, qty: 2 }]);
    expect(res.items).toHaveLength(1);
    expect(res.items[0].qty).toBe(3);
    expect((await stockOf(id)).count_in_stock).toBe(0);
  });

  it('refuses unknown or deleted products and bad quantities with a validation error', async () => {
    const id = await product(3);
    await expect(reserve('ord-unknown', [{ product: randomUUID(), qty: 1 }])).rejects.toMatchObject({ code: ErrorCode.Validation });
    await expect(reserve('ord-bad-id', [{ product: 'not-a-uuid', qty: 1 }])).rejects.toMatchObject({ code: ErrorCode.Validation });
    await expect(reserve('ord-zero', [{ product: id, qty: 0 }])).rejects.toMatchObject({ code: ErrorCode.Validation });
    await expect(reserve('ord-empty', [])).rejects.toMatchObject({ code: ErrorCode.Validation, message: 'The order has no items' });
    await db.query('UPDATE catalog.products SET deleted_at = now() WHERE id = $1', [id]);
    await expect(reserve('ord-deleted', [{ product: id, qty: 1 }])).rejects.toMatchObject({ code: ErrorCode.Validation });
    expect((await stockOf(id)).count_in_stock).toBe(3);
  });

  it('commits once: purchases rise by the quantity, a repeated commit changes nothing', async () => {
    const id = await product(4);
    await reserve('ord-commit', [{ product: id, qty: 3 }]);
    const results = await Promise.all([1, 2, 3].map(() => client.send(Pattern.StockCommit, { orderId: 'ord-commit' })));
    expect(results.filter((r) => r.changed)).toHaveLength(1);
    expect(await stockOf(id)).toEqual({ count_in_stock: 1, purchases: 3 });
    // A release after the commit gives nothing back.
    expect(await client.send(Pattern.StockRelease, { orderId: 'ord-commit' })).toEqual({ orderId: 'ord-commit', changed: false, status: 'committed' });
    expect(await stockOf(id)).toEqual({ count_in_stock: 1, purchases: 3 });
  });

  it('releases once: stock comes back, a repeated release or a later commit changes nothing', async () => {
    const id = await product(4);
    await reserve('ord-release', [{ product: id, qty: 4 }]);
    expect((await stockOf(id)).count_in_stock).toBe(0);
    expect(await client.send(Pattern.StockRelease, { orderId: 'ord-release' })).toEqual({ orderId: 'ord-release', changed: true, status: 'released' });
    expect(await client.send(Pattern.StockRelease, { orderId: 'ord-release' })).toMatchObject({ changed: false, status: 'released' });
    expect(await client.send(Pattern.StockCommit, { orderId: 'ord-release' })).toMatchObject({ changed: false, status: 'released' });
    expect(await stockOf(id)).toEqual({ count_in_stock: 4, purchases: 0 });
    expect(await client.send(Pattern.StockCommit, { orderId: 'ord-never-reserved' })).toMatchObject({ changed: false, status: 'none' });
  });

  it('keeps stock from going below zero in the database itself', async () => {
    const id = await product(1);
    await expect(db.query('UPDATE catalog.products SET count_in_stock = count_in_stock - 2 WHERE id = $1', [id])).rejects.toThrow(/check constraint/);
  });
});
