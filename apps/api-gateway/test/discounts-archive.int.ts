import type { DiscountCode } from '@shop/contracts';
import { bearer, discountCodeForm, json, useShop, visitor } from '@shop/server-testing';

/**
 * Issue 26: the owner archives a discount code. Archived, it stops working at checkout (quote and order) and on the
 * banner, and leaves the default list; a filter shows the archived ones; the list is searchable by code.
 */
describe('discount codes: archive and search', () => {
  const shop = useShop({ services: ['catalog-service', 'order-service'], env: { SEED_DEMO_DATA: 'false', ORDER_RATE_LIMIT: '0' } }, { admin: true });

  const asAdmin = (method: string, path: string, body?: unknown) =>
    shop.stack.request(path, { method, ...(body === undefined ? { headers: bearer(shop.admin) } : json(body, bearer(shop.admin))) });
  const codes = async (query = ''): Promise<string[]> => {
    const res = await asAdmin('GET', `/api/discount-codes${query}`);
    expect(res.status).toBe(200);
    return (res.body as DiscountCode[]).map((c) => c.code);
  };
  const createCode = async (code: string, terms: Record<string, unknown> = {}): Promise<DiscountCode> => {
    const res = await asAdmin('POST', '/api/discount-codes', discountCodeForm({ code, ...terms }));
    expect(res.status).toBe(201);
    return res.body as DiscountCode;
  };

  it('an archived code stops working at checkout, leaves the banner and the default list; restored, it works again', async () => {
    const code = await createCode('SUMMERGLOW', { onBanner: true });
    const product = await shop.db.product(10, 5000);
    const quote = () => shop.stack.request('/api/orders/quote', { method: 'POST', ...json({ orderItems: [{ product: product.id, qty: 1 }], discountCode: 'summerglow' }) });
    expect((await quote()).body).toMatchObject({ discount: { code: 'SUMMERGLOW', amount: 5 }, discountProblem: null });
    expect((await shop.stack.request('/api/discount-codes/banner')).body).toMatchObject({ discount: { code: 'SUMMERGLOW' } });

    const archived = await asAdmin('POST', `/api/discount-codes/${code._id}/archive`);
    expect(archived.status).toBe(200);
    expect(archived.body).toMatchObject({ code: 'SUMMERGLOW', archived: true, onBanner: false });
    expect(Date.parse(archived.body.archivedAt)).toBeGreaterThan(0);

    // At checkout: the quote names the problem, and an order with the code is refused with nothing written.
    expect((await quote()).body).toMatchObject({ discount: null, discountProblem: 'Discount code SUMMERGLOW is no longer available' });
    const orders = await shop.db.orderCount();
    const refused = await shop.stack.client.placeOrder(visitor(), [{ product: product.id, qty: 1 }], { inPerson: true, extra: { discountCode: 'SUMMERGLOW' } });
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ message: 'Discount code SUMMERGLOW is no longer available. Remove the code to place the order at the full price.' });
    expect(await shop.db.orderCount()).toBe(orders);
    expect((await shop.db.stock(product.id)).count_in_stock).toBe(10);
    expect((await shop.stack.request('/api/discount-codes/banner')).body).toEqual({ discount: null });

    // The default list leaves it out; the archived filter shows it.
    expect(await codes()).not.toContain('SUMMERGLOW');
    expect(await codes('?status=archived')).toEqual(['SUMMERGLOW']);
    // Putting an archived code on the banner is refused (restore it first).
    const { _id, used: _u, createdAt: _c, archived: _a, archivedAt: _t, ...terms } = archived.body as DiscountCode;
    const onBanner = await asAdmin('PUT', `/api/discount-codes/${_id}`, { ...terms, onBanner: true });
    expect(onBanner.status).toBe(409);
    expect(onBanner.body).toEqual({ message: 'Discount code SUMMERGLOW is archived: restore it before putting it on the banner' });

    const restored = await asAdmin('POST', `/api/discount-codes/${code._id}/restore`);
    expect(restored.status).toBe(200);
    expect(restored.body).toMatchObject({ archived: false, archivedAt: null });
    expect((await quote()).body).toMatchObject({ discount: { code: 'SUMMERGLOW', amount: 5 }, discountProblem: null });
    const placed = await shop.stack.client.placeOrder(visitor(), [{ product: product.id, qty: 1 }], { inPerson: true, extra: { discountCode: 'SUMMERGLOW' } });
    expect(placed.status).toBe(201);
    expect(await codes()).toContain('SUMMERGLOW');
    expect(await codes('?status=archived')).toEqual([]);
  });

  it('searches the list by part of the code, in any case', async () => {
    await createCode('CARNIVAL10');
    await createCode('CARNIVAL_VIP');
    await createCode('DIWALI5');
    expect((await codes('?q=carni')).sort()).toEqual(['CARNIVAL10', 'CARNIVAL_VIP']);
    // The underscore is a character like any other, not a wildcard.
    expect(await codes('?q=L_V')).toEqual(['CARNIVAL_VIP']);
    expect(await codes('?q=wali')).toEqual(['DIWALI5']);
    expect(await codes('?q=nothing-like-it')).toEqual([]);
  });

  it('answers only an admin, and refuses a bad filter or an unknown code clearly', async () => {
    expect((await shop.stack.request('/api/discount-codes')).status).toBe(401);
    expect((await shop.stack.request('/api/discount-codes/00000000-0000-4000-8000-000000000000/archive', { method: 'POST' })).status).toBe(401);
    const bad = await asAdmin('GET', '/api/discount-codes?status=deleted');
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ message: "status must be 'current' or 'archived'" });
    const long = await asAdmin('GET', `/api/discount-codes?q=${'A'.repeat(31)}`);
    expect(long.status).toBe(400);
    expect(long.body).toEqual({ message: 'Search must be at most 30 characters' });
    const unknown = await asAdmin('POST', '/api/discount-codes/00000000-0000-4000-8000-000000000000/archive');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ message: 'Discount code not found' });
    expect((await asAdmin('POST', '/api/discount-codes/not-an-id/restore')).status).toBe(404);
  });
});
