import { bearer, customer, useShop, visitor } from '@shop/server-testing';

/**
 * Issue 25 over the real stack: the shopper's delivery note and the server's town check are stored with the order
 * and shown in the owner's order view (list and single order), never to another visitor; a bad note is refused
 * with the rules' message and nothing is written.
 */
describe('delivery note and town check', () => {
  const shop = useShop({ services: ['catalog-service', 'order-service', 'payment-service'], env: { SEED_DEMO_DATA: 'false', ORDER_RATE_LIMIT: '0' } }, { admin: true });

  async function areaId(name: string): Promise<string> {
    const list: Array<{ _id: string; name: string }> = (await shop.stack.request('/api/delivery-areas')).body;
    const found = list.find((a) => a.name === name);
    if (!found) throw new Error(`no area ${name}`);
    return found._id;
  }

  const ownerView = async (id: string) => {
    const res = await shop.stack.request(`/api/orders/${id}`, { headers: bearer(shop.admin) });
    expect(res.status).toBe(200);
    return res.body;
  };

  it('keeps the note and flags a town outside the chosen area (Chaguanas in South Trinidad) for the owner', async () => {
    const p = await shop.db.product(10, 5000);
    const shopper = visitor();
    const placed = await shop.stack.client.placeOrder(shopper, [{ product: p.id, qty: 1 }], {
      inPerson: true,
      extra: { city: 'Chaguanas', deliveryAreaId: await areaId('South Trinidad'), note: '  Blue gate opposite the mosque  ', townOutsideArea: false },
    });
    expect(placed.status).toBe(201);
    // The shopper's own answer has the note (their address) but never the owner's flag.
    expect(placed.body.customer.note).toBe('Blue gate opposite the mosque');
    expect(placed.body).not.toHaveProperty('townOutsideArea');

    const owner = await ownerView(placed.body._id);
    expect(owner).toMatchObject({ townOutsideArea: true, deliveryArea: { name: 'South Trinidad' }, customer: { city: 'Chaguanas', note: 'Blue gate opposite the mosque' } });
    const list = (await shop.stack.request('/api/orders?tab=all', { headers: bearer(shop.admin) })).body;
    expect(list.orders.find((o: { _id: string }) => o._id === placed.body._id)).toMatchObject({ townOutsideArea: true });

    const stored = await shop.db.query('SELECT delivery_note, town_outside_area FROM orders.orders WHERE id = $1', [placed.body._id]);
    expect(stored.rows[0]).toEqual({ delivery_note: 'Blue gate opposite the mosque', town_outside_area: true });

    // Another visitor sees neither the address nor its note.
    const stranger = await shop.stack.request(`/api/orders/${placed.body._id}`, { headers: { 'x-visitor-id': visitor() } });
    expect(stranger.body.customer).not.toHaveProperty('note');
  });

  it('does not flag a town of the chosen area (any spelling), the pick-up choice, or an order without a note', async () => {
    const p = await shop.db.product(10, 5000);
    const south = await shop.stack.client.placeOrder(visitor(), [{ product: p.id, qty: 1 }], {
      inPerson: true,
      extra: { city: 'pointe a pierre', deliveryAreaId: await areaId('South Trinidad') },
    });
    expect(south.status).toBe(201);
    const plain = await ownerView(south.body._id);
    expect(plain.townOutsideArea).toBe(false);
    expect(plain.customer).not.toHaveProperty('note');

    const pickUp = await shop.stack.client.placeOrder(visitor(), [{ product: p.id, qty: 1 }], {
      inPerson: true,
      extra: { city: 'Chaguanas', deliveryAreaId: await areaId('Pick up in store') },
    });
    expect(pickUp.status).toBe(201);
    expect((await ownerView(pickUp.body._id)).townOutsideArea).toBe(false);
  });

  it('refuses a note over 200 characters or over several lines with the rules\' message, writing nothing', async () => {
    const p = await shop.db.product(10, 5000);
    const before = (await shop.db.query('SELECT count(*)::int AS n FROM orders.orders')).rows[0].n;
    for (const note of ['x'.repeat(201), 'Blue gate\nBcc: x@example.com']) {
      const res = await shop.stack.request('/api/orders/inperson', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-visitor-id': visitor() },
        body: JSON.stringify({ ...customer(visitor()), id: undefined, orderItems: [{ product: p.id, qty: 1 }], note }),
      });
      expect(res).toMatchObject({ status: 400, body: { message: 'Please keep the delivery note to one line of at most 200 characters.' } });
    }
    expect((await shop.db.query('SELECT count(*)::int AS n FROM orders.orders')).rows[0].n).toBe(before);
  });
});
