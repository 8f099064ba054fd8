import { clientLimitRefusal, type HeldByClient, orderFlags, overProductLimit, productLimitMessage, qtyPerProduct } from './hold-rules';

const LIMITS = { maxQtyPerProduct: 20, maxOpenOrders: 3, maxOpenUnits: 30 };
const none = { orders: 0, units: 0 };
const held = (over: Partial<HeldByClient>): HeldByClient => ({ visitor: none, email: none, ip: none, ...over });

describe('hold rules (issue 23)', () => {
  it('adds the lines of one product before comparing with the per-order limit; 0 turns it off', () => {
    expect(qtyPerProduct([{ product: 'a', qty: 15 }, { product: 'b', qty: 2 }, { product: 'a', qty: 6 }])).toEqual([
      { product: 'a', qty: 21 },
      { product: 'b', qty: 2 },
    ]);
    expect(overProductLimit([{ product: 'a', qty: 20 }], LIMITS)).toBeNull();
    expect(overProductLimit([{ product: 'a', qty: 15 }, { product: 'a', qty: 6 }], LIMITS)).toEqual({ product: 'a', qty: 21 });
    expect(overProductLimit([{ product: 'a', qty: 10_000 }], { ...LIMITS, maxQtyPerProduct: 0 })).toBeNull();
    expect(productLimitMessage(20, 'Mango Balm', 21)).toBe('An order may hold at most 20 of one product (21 of Mango Balm asked). Please lower the quantity.');
  });

  it('refuses an order that takes any one of the visitor, the e-mail or the address over the open orders or units, naming the limit', () => {
    expect(clientLimitRefusal(held({ ip: { orders: 2, units: 10 } }), 5, LIMITS)).toBeNull();
    expect(clientLimitRefusal(held({ ip: { orders: 3, units: 10 } }), 1, LIMITS)).toMatch(/^You already have 3 orders .* at most 3 at once/);
    expect(clientLimitRefusal(held({ email: { orders: 3, units: 3 } }), 1, LIMITS)).toMatch(/at most 3 at once/);
    expect(clientLimitRefusal(held({ visitor: { orders: 1, units: 25 } }), 6, LIMITS)).toBe(
      "One customer may hold at most 30 items at once in orders waiting for payment or for the shop's confirmation (25 held already, 6 in this order).",
    );
    expect(clientLimitRefusal(held({ visitor: { orders: 1, units: 25 } }), 5, LIMITS)).toBeNull();
    expect(clientLimitRefusal(held({ ip: { orders: 99, units: 999 } }), 99, { ...LIMITS, maxOpenOrders: 0, maxOpenUnits: 0 })).toBeNull();
  });

  it("flags a quantity far above the shop's usual order (the default until there is history) and many orders from one client", () => {
    const settings = { quantityFactor: 5, clientOrders: 3 };
    expect(orderFlags(10, { orders: 0, averageUnits: null }, 0, settings)).toEqual([]);
    expect(orderFlags(11, { orders: 3, averageUnits: 50 }, 0, settings)).toEqual(['Quantity far above usual: 11 items (the usual order is about 2)']);
    expect(orderFlags(30, { orders: 40, averageUnits: 6.4 }, 0, settings)).toEqual([]);
    expect(orderFlags(33, { orders: 40, averageUnits: 6.4 }, 3, settings)).toEqual([
      'Quantity far above usual: 33 items (the usual order is about 6)',
      'Many orders from this client: 3 others in the last 24 hours',
    ]);
    expect(orderFlags(1, { orders: 40, averageUnits: 1 }, 2, settings)).toEqual([]);
  });
});
