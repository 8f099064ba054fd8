import type { DiscountTerms, StockLookupItem } from '@shop/contracts';
import { type CartDelivery, changedTotalMessage, priceCart, toQuote } from './price-cart';

const balm: StockLookupItem = { product: 'p1', name: 'Mango balm', image: '/m.svg', price: 50, countInStock: 10, deleted: false };
const soap: StockLookupItem = { product: 'p2', name: 'Sea soap', image: '/s.svg', price: 12.5, countInStock: 1, deleted: false };
const area = { _id: 'a1', name: 'Port of Spain and environs', estimatedDays: '1-2 working days' };
const delivery = (cents: number, previousCents: number | null = null): CartDelivery => ({ area, cents, previousCents });
const tenPercent: DiscountTerms = { code: 'TEN', kind: 'percent', value: 10, minOrder: 0, appliesToDelivery: false };
const AGAIN = 'Please check the new total and confirm your order again.';

describe('priceCart', () => {
  it('totals the lines that can be sold, with the delivery and the saving', () => {
    const priced = priceCart({
      items: [{ product: 'p1', qty: 2 }, { product: 'p2', qty: 3 }, { product: 'gone', qty: 1 }],
      products: [balm, soap],
      delivery: delivery(3500),
      discount: tenPercent,
    });
    expect(priced.lines.map((l) => [l.product, l.lineTotal, l.problem])).toEqual([
      ['p1', 100, null],
      ['p2', 0, 'not_enough_stock'],
      ['gone', 0, 'unavailable'],
    ]);
    expect(priced).toMatchObject({ itemsCents: 10000, deliveryCents: 3500, discount: { code: 'TEN', cents: 1000 }, totalCents: 12500, changes: [] });
    expect(toQuote(priced, delivery(3500), null)).toMatchObject({ itemsPrice: 100, deliveryCost: 35, discount: { code: 'TEN', amount: 10 }, totalPrice: 125, discountProblem: null });
  });

  it("gives no saving below a code's minimum order and says why", () => {
    const priced = priceCart({ items: [{ product: 'p1', qty: 1 }], products: [balm], delivery: delivery(3500), discount: { ...tenPercent, minOrder: 60 } });
    expect(priced).toMatchObject({ discount: null, totalCents: 8500, belowMinimum: 'Discount code TEN needs an order of at least TT$60.00' });
  });

  it('names nothing when the confirmed total holds', () => {
    expect(priceCart({ items: [{ product: 'p1', qty: 1 }], products: [balm], delivery: delivery(4200), discount: null, confirmedTotal: 92 }).changes).toEqual([]);
  });

  it('prices each variant of a product at its own price, and names the variant whose price moved (issue 28)', () => {
    const small: StockLookupItem = { product: 'p3', variant: 'p3', variantLabel: '8 oz', name: 'Mango Body Butter - 8 oz', image: '/b.svg', price: 45, countInStock: 5, deleted: false };
    const large: StockLookupItem = { product: 'p3', variant: 'v16', variantLabel: '16 oz', name: 'Mango Body Butter - 16 oz', image: '/b.svg', price: 89.99, countInStock: 7, deleted: false };
    const items = [
      { product: 'p3', qty: 1, confirmedPrice: 45 },
      { product: 'p3', variant: 'v16', qty: 2, confirmedPrice: 79.99 },
      { product: 'p3', variant: 'v32', qty: 1 },
    ];
    const priced = priceCart({ items, products: [small, large], delivery: delivery(3500), discount: null, confirmedTotal: 239.98 });
    expect(priced.lines.map((l) => [l.variant, l.variantLabel, l.name, l.lineTotal, l.problem])).toEqual([
      ['p3', '8 oz', 'Mango Body Butter - 8 oz', 45, null],
      ['v16', '16 oz', 'Mango Body Butter - 16 oz', 179.98, null],
      ['v32', '', null, 0, 'unavailable'],
    ]);
    expect(changedTotalMessage(priced.changes)).toBe(`Prices changed: Mango Body Butter - 16 oz is now TT$89.99 (was TT$79.99). ${AGAIN}`);
    // A product's implicit variant reads as it always did: no variant fields on its line.
    expect(priceCart({ items: [{ product: 'p1', qty: 1 }], products: [balm], delivery: delivery(3500), discount: null }).lines[0]).not.toHaveProperty('variant');
  });

  it('names each moved price from the line prices the shopper saw', () => {
    const { changes } = priceCart({ items: [{ product: 'p1', qty: 2, confirmedPrice: 45 }], products: [balm], delivery: delivery(3500), discount: null, confirmedTotal: 125 });
    expect(changedTotalMessage(changes)).toBe(`Prices changed: Mango balm is now TT$50.00 (was TT$45.00). ${AGAIN}`);
  });

  it('names a raised delivery cost from the line prices, or from the area\'s previous cost when only the total was sent', () => {
    const withPrices = priceCart({ items: [{ product: 'p1', qty: 1, confirmedPrice: 50 }], products: [balm], delivery: delivery(4200), discount: null, confirmedTotal: 85 });
    const bare = priceCart({ items: [{ product: 'p1', qty: 1 }], products: [balm], delivery: delivery(4200, 3500), discount: null, confirmedTotal: 85 });
    const coded = priceCart({ items: [{ product: 'p1', qty: 1 }], products: [balm], delivery: delivery(4200, 3500), discount: tenPercent, confirmedTotal: 80 });
    for (const { changes } of [withPrices, bare, coded]) expect(changedTotalMessage(changes)).toBe(`Delivery now costs TT$42.00 (was TT$35.00). ${AGAIN}`);
  });

  it('names both a moved price and the delivery when both moved', () => {
    const { changes } = priceCart({ items: [{ product: 'p1', qty: 1, confirmedPrice: 45 }], products: [balm], delivery: delivery(4200), discount: null, confirmedTotal: 80 });
    expect(changedTotalMessage(changes)).toBe(`Prices changed: Mango balm is now TT$50.00 (was TT$45.00). Delivery now costs TT$42.00 (was TT$35.00). ${AGAIN}`);
  });

  it('names the items total when only the total was sent and no known change explains it', () => {
    const { changes } = priceCart({ items: [{ product: 'p1', qty: 2 }], products: [balm], delivery: delivery(3500, 3000), discount: null, confirmedTotal: 125 });
    expect(changedTotalMessage(changes)).toBe(`The items now come to TT$100.00. ${AGAIN}`);
  });

  it('names the new total under a code when no price or delivery moved', () => {
    const { changes } = priceCart({ items: [{ product: 'p1', qty: 1, confirmedPrice: 50 }], products: [balm], delivery: delivery(3500), discount: tenPercent, confirmedTotal: 90 });
    expect(changedTotalMessage(changes)).toBe(`The total is now TT$80.00 (was TT$90.00). ${AGAIN}`);
  });
});
