import { bearer, eventually, json, sandboxPay, sendPaymentResult, useExpiryJobs, useShop, visitor } from '@shop/server-testing';

/**
 * Issue 28: stock and money per variant, end to end over the real stack. The variants are made the way the owner's
 * product write makes them (product locked, options set, variants inserted: `ShopDb.productWithOptions`); orders name
 * the variant beside the product; a line without one is the product's implicit variant.
 */
describe('stock and money per variant', () => {
  const shop = useShop({
    services: ['catalog-service', 'order-service', 'payment-service'],
    env: { LOG_LEVEL: 'info', SEED_DEMO_DATA: 'false', ORDER_RATE_LIMIT: '0', NATS_TIMEOUT_MS: '20000', PAYMENT_SANDBOX_LOOKUP: 'false' },
  }, { admin: true });
  const asAdmin = (method: string, path: string, body?: unknown) => shop.stack.request(path, { method, ...json(body, bearer(shop.admin)) });
  const { endHold } = useExpiryJobs(shop);

  /** A body butter in three sizes: 8 oz (5 in stock, TT$45), 16 oz (7, TT$79.99), 32 oz (9, TT$120). */
  const butter = () =>
    shop.db.productWithOptions('Size', [
      { label: '8 oz', stock: 5, priceCents: 4500 },
      { label: '16 oz', stock: 7, priceCents: 7999 },
      { label: '32 oz', stock: 9, priceCents: 12000 },
    ]);

  it('100 concurrent orders of one variant with 7 in stock: 7 orders, 93 clear 409s, the other sizes untouched; expiry puts the 7 back', async () => {
    const p = await butter();
    const [small, medium, large] = p.variants;
    const results = await Promise.all(
      Array.from({ length: 100 }, () => shop.stack.client.placeOrder(visitor(), [{ product: p.id, variant: medium.id, qty: 1 }])),
    );
    const created = results.filter((r) => r.status === 201);
    const refused = results.filter((r) => r.status === 409);
    expect(results.filter((r) => r.status !== 201 && r.status !== 409).map((r) => [r.status, r.body])).toEqual([]);
    expect(created).toHaveLength(7);
    expect(refused).toHaveLength(93);
    for (const r of refused) expect(r.body).toEqual({ message: `${p.name} - 16 oz is out of stock` });
    expect(await shop.db.orderCount()).toBe(7);
    expect(await shop.db.variantStock(medium.id)).toEqual({ count_in_stock: 0, purchases: 0, low_stock_alerted: true });
    expect(await shop.db.variantStock(small.id)).toEqual({ count_in_stock: 5, purchases: 0, low_stock_alerted: false });
    expect(await shop.db.variantStock(large.id)).toEqual({ count_in_stock: 9, purchases: 0, low_stock_alerted: false });
    // The product's figures are its variants' (the database keeps them).
    expect(await shop.db.stock(p.id)).toEqual({ count_in_stock: 14, purchases: 0 });
    expect(await shop.db.variantDrift()).toEqual([]);
    // Each order line names the variant as sold.
    for (const r of created) {
      expect(r.body.orderItems).toEqual([
        { name: `${p.name} - 16 oz`, product: p.id, variant: medium.id, variantLabel: '16 oz', qty: 1, price: 79.99, image: expect.any(String) },
      ]);
    }
    const { rows } = await shop.db.query(
      `SELECT variant_id, count(*)::int AS n FROM catalog.stock_reservations WHERE order_id = ANY($1::text[]) GROUP BY variant_id`,
      [created.map((r) => r.body._id)],
    );
    expect(rows).toEqual([{ variant_id: medium.id, n: 7 }]);

    // Each order's hold ends unpaid: its reservation is released into the 16 oz, and only there.
    for (const r of created) await endHold(r.body._id);
    const back = await eventually(() => shop.db.variantStock(medium.id), (s) => s.count_in_stock === 7);
    expect(back).toEqual({ count_in_stock: 7, purchases: 0, low_stock_alerted: false });
    for (const r of created) expect(await eventually(() => shop.db.reservation(r.body._id), (s) => s === 'released')).toBe('released');
    expect(await shop.db.variantStock(small.id)).toEqual({ count_in_stock: 5, purchases: 0, low_stock_alerted: false });
    expect(await shop.db.stock(p.id)).toEqual({ count_in_stock: 21, purchases: 0 });
    expect(await shop.db.variantDrift()).toEqual([]);
  }, 120_000);

  it("refuses a cart confirmed at a variant's old price with a 409 naming that variant, and sells it at the new one", async () => {
    const p = await butter();
    const [small, medium] = p.variants;
    const lines = [
      { product: p.id, variant: small.id, qty: 1 },
      { product: p.id, variant: medium.id, qty: 2 },
    ];
    const quote = await shop.stack.client.quote(lines);
    expect(quote.status).toBe(200);
    expect(quote.body.lines).toEqual([
      { product: p.id, variant: small.id, variantLabel: '8 oz', name: `${p.name} - 8 oz`, image: expect.any(String), price: 45, countInStock: 5, qty: 1, lineTotal: 45, problem: null },
      { product: p.id, variant: medium.id, variantLabel: '16 oz', name: `${p.name} - 16 oz`, image: expect.any(String), price: 79.99, countInStock: 7, qty: 2, lineTotal: 159.98, problem: null },
    ]);
    expect(quote.body.totalPrice).toBe(45 + 159.98 + 35);

    // The owner raises the 16 oz (her product write locks the product, then writes the variant).
    await shop.db.query('UPDATE catalog.product_variants SET price_cents = 8999 WHERE id = $1', [medium.id]);
    const confirmed = [
      { ...lines[0], confirmedPrice: 45 },
      { ...lines[1], confirmedPrice: 79.99 },
    ];
    const ordersBefore = await shop.db.orderCount();
    const refused = await shop.stack.client.placeOrder(visitor(), confirmed, { extra: { confirmedTotal: quote.body.totalPrice } });
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      message: `Prices changed: ${p.name} - 16 oz is now TT$89.99 (was TT$79.99). Please check the new total and confirm your order again.`,
    });
    expect(await shop.db.orderCount()).toBe(ordersBefore);
    expect(await shop.db.variantStock(medium.id)).toMatchObject({ count_in_stock: 7 });

    // Confirmed at the new price, it is sold at it; paying commits the sale to each variant.
    const total = 45 + 2 * 89.99 + 35;
    const placed = await shop.stack.client.placeOrder(visitor(), [confirmed[0], { ...confirmed[1], confirmedPrice: 89.99 }], { extra: { confirmedTotal: total } });
    expect(placed.status).toBe(201);
    expect(placed.body).toMatchObject({ itemsPrice: 224.98, totalPrice: total });
    expect(placed.body.orderItems.map((l: { name: string; price: number }) => [l.name, l.price]).sort()).toEqual([
      [`${p.name} - 16 oz`, 89.99],
      [`${p.name} - 8 oz`, 45],
    ]);
    const { params } = await sandboxPay(shop.stack, placed.body._id);
    expect((await sendPaymentResult(shop.stack, placed.body._id, params)).body.isPaid).toBe(true);
    await eventually(() => shop.db.variantStock(medium.id), (s) => s.purchases === 2);
    expect(await shop.db.variantStock(small.id)).toMatchObject({ count_in_stock: 4, purchases: 1 });
    expect(await shop.db.variantStock(medium.id)).toMatchObject({ count_in_stock: 5, purchases: 2 });
    expect(await shop.db.stock(p.id)).toEqual({ count_in_stock: 18, purchases: 3 });
    // The dashboard's best sellers count a product's variants together, under the product's name.
    const stats = await asAdmin('GET', '/api/orders/stats');
    expect(stats.body.bestSellers).toContainEqual({ product: p.id, name: p.name, qty: 3, revenue: 224.98 });
  }, 60_000);

  it("answers a variant that is not the product's, switched off or deleted with a clear 400 or 409, and a line without one as the product's first", async () => {
    const p = await butter();
    const other = await butter();
    const [small, medium, large] = p.variants;
    const order = (variant: string | undefined) => shop.stack.client.placeOrder(visitor(), [{ product: p.id, ...(variant ? { variant } : {}), qty: 1 }]);

    const foreign = await order(other.variants[1].id);
    expect([foreign.status, foreign.body]).toEqual([400, { message: `The chosen option is not one of ${p.name}'s; please choose it again` }]);
    const unknown = await order('00000000-0000-4000-8000-000000000000');
    expect(unknown.status).toBe(400);
    const malformed = await order('16oz');
    expect([malformed.status, malformed.body]).toEqual([400, { message: 'Variant is not valid' }]);

    await shop.db.query('UPDATE catalog.product_variants SET active = false WHERE id = $1', [medium.id]);
    const off = await order(medium.id);
    expect([off.status, off.body.message]).toEqual([409, `${p.name} - 16 oz is not for sale at the moment. Please remove it from your cart to place your order.`]);
    await shop.db.query('UPDATE catalog.product_variants SET deleted_at = now() WHERE id = $1', [large.id]);
    const gone = await order(large.id);
    expect([gone.status, gone.body]).toEqual([400, { message: `${p.name} - 32 oz is no longer available` }]);
    const quote = await shop.stack.client.quote([
      { product: p.id, variant: medium.id, qty: 1 },
      { product: p.id, variant: other.variants[1].id, qty: 1 },
    ]);
    expect(quote.body.lines.map((l: { problem: string }) => l.problem)).toEqual(['unavailable', 'unavailable']);

    // A cart line from before the product had options names only the product: its implicit variant, now the 8 oz.
    const old = await order(undefined);
    expect(old.status).toBe(201);
    expect(old.body.orderItems).toEqual([
      { name: `${p.name} - 8 oz`, product: p.id, variant: small.id, variantLabel: '8 oz', qty: 1, price: 45, image: expect.any(String) },
    ]);
    expect(await shop.db.variantDrift()).toEqual([]);
  });

  it("lists each variant out or low for the owner, restocks the one she names, and keeps the CSV off a product with options", async () => {
    const p = await shop.db.productWithOptions('Shade', [
      { label: 'Cocoa', stock: 0, priceCents: 3500 },
      { label: 'Honey', stock: 2, priceCents: 3500 },
      { label: 'Espresso', stock: 40, priceCents: 3900 },
    ]);
    const [cocoa, honey, espresso] = p.variants;
    type Row = { _id: string; variant?: string; name: string; countInStock: number };
    const mine = (rows: Row[]) => rows.filter((r) => r._id === p.id).map((r) => [r.variant, r.name, r.countInStock]);

    // The product's sum (42) hides its sold-out shade: the restock list names the shade itself.
    expect(mine((await asAdmin('GET', '/api/products/restock')).body)).toEqual([[cocoa.id, `${p.name} - Cocoa`, 0]]);
    expect(mine((await asAdmin('GET', '/api/products/restock?include=low-stock')).body)).toEqual([
      [cocoa.id, `${p.name} - Cocoa`, 0],
      [honey.id, `${p.name} - Honey`, 2],
    ]);
    expect(mine((await asAdmin('GET', '/api/products/low-stock')).body.products)).toEqual([[honey.id, `${p.name} - Honey`, 2]]);

    // "+N" on the shade named: only its stock moves, and its movement names it.
    const added = await asAdmin('POST', `/api/products/${p.id}/restock`, { qty: 12, variant: cocoa.id, reason: 'Delivery' });
    expect(added.status).toBe(200);
    expect(added.body.product).toEqual({ _id: p.id, name: `${p.name} - Cocoa`, countInStock: 12 });
    expect(added.body.movement).toMatchObject({ product: p.id, variant: cocoa.id, variantLabel: 'Cocoa', change: 12, countAfter: 12, kind: 'restock' });
    expect(await shop.db.variantStock(cocoa.id)).toMatchObject({ count_in_stock: 12 });
    expect(await shop.db.variantStock(espresso.id)).toMatchObject({ count_in_stock: 40 });
    expect(await shop.db.stock(p.id)).toMatchObject({ count_in_stock: 54 });
    const { rows } = await shop.db.query('SELECT variant_id FROM catalog.stock_movements WHERE product_id = $1', [p.id]);
    expect(rows).toEqual([{ variant_id: cocoa.id }]);
    const history = await asAdmin('GET', `/api/products/${p.id}/stock-movements?variant=${honey.id}`);
    expect([history.status, history.body]).toEqual([200, []]);
    expect((await asAdmin('GET', `/api/products/${p.id}/stock-movements`)).body).toMatchObject([{ variant: cocoa.id, variantLabel: 'Cocoa', change: 12 }]);
    expect(mine((await asAdmin('GET', '/api/products/restock')).body)).toEqual([]);

    const other = await butter();
    const foreign = await asAdmin('POST', `/api/products/${p.id}/restock`, { qty: 1, variant: other.variants[1].id });
    expect([foreign.status, foreign.body]).toEqual([400, { message: `The chosen option is not one of ${p.name}'s; please choose it again` }]);

    const form = new FormData();
    form.append('file', new Blob([`id,name,price,stock\r\n${p.id},${p.name},30.00,5`], { type: 'text/csv' }), 'products.csv');
    const csv = await shop.stack.request('/api/products-csv/import?dryRun=true', { method: 'POST', headers: bearer(shop.admin), body: form });
    expect(csv.status).toBe(200);
    expect(csv.body).toMatchObject({ changes: [], refused: [{ line: 2, reason: `${p.name} has options: set its variants' prices and stock on its product page` }] });
    expect(await shop.db.variantDrift()).toEqual([]);
  });

  it("takes a late payment's variant again only from that variant: out of stock, then fulfilled once the owner restocks it", async () => {
    const p = await shop.db.productWithOptions('Size', [
      { label: '8 oz', stock: 3, priceCents: 4500 },
      { label: '16 oz', stock: 1, priceCents: 7999 },
    ]);
    const [small, medium] = p.variants;
    const late = await shop.stack.client.placeOrder(visitor(), [{ product: p.id, variant: medium.id, qty: 1 }]);
    expect(late.status).toBe(201);
    const { params } = await sandboxPay(shop.stack, late.body._id);
    await endHold(late.body._id);
    await eventually(() => shop.db.reservation(late.body._id), (s) => s === 'released');
    // Another shopper buys the 16 oz meanwhile; the 8 oz stays on the shelf.
    expect((await shop.stack.client.placeOrder(visitor(), [{ product: p.id, variant: medium.id, qty: 1 }])).status).toBe(201);

    const paid = await sendPaymentResult(shop.stack, late.body._id, params);
    expect(paid.body).toMatchObject({ state: 'paid_out_of_stock', isPaid: true });
    expect(await shop.db.variantStock(medium.id)).toMatchObject({ count_in_stock: 0, purchases: 0 });
    expect(await shop.db.variantStock(small.id)).toMatchObject({ count_in_stock: 3, purchases: 0 });
    const early = await asAdmin('POST', `/api/orders/${late.body._id}/fulfil`, {});
    expect([early.status, early.body]).toEqual([409, { message: `${p.name} - 16 oz is out of stock. Restock it first, or cancel the order and refund the payment.` }]);

    expect((await asAdmin('POST', `/api/products/${p.id}/restock`, { qty: 1, variant: medium.id })).status).toBe(200);
    const fulfilled = await asAdmin('POST', `/api/orders/${late.body._id}/fulfil`, {});
    expect(fulfilled.status).toBe(200);
    expect(await shop.db.variantStock(medium.id)).toMatchObject({ count_in_stock: 0, purchases: 1 });
    expect(await shop.db.variantStock(small.id)).toMatchObject({ count_in_stock: 3, purchases: 0 });
    expect(await shop.db.variantDrift()).toEqual([]);
  }, 60_000);
});
