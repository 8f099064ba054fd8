import { discountCents, type DiscountTerms, type OrderQuote, type QuoteLine, type QuoteProblem, type StockLookupItem } from '@shop/contracts';
import { type Cents, fromCents, toCents } from '@shop/money';
import { belowMinimum } from '../discounts/discounts.service';

/** The delivery a quote prices: the area's cost now. */
export interface QuoteDelivery {
  cents: Cents;
  area: OrderQuote['deliveryArea'];
}

/** The code the shopper entered: its terms when it can be used now, else why not. */
export interface QuoteCode {
  usable: { terms: DiscountTerms } | null;
  problem: string | null;
}

/**
 * Prices a cart as an order would be priced now; lines that cannot be sold are shown but not counted. A code
 * gives its saving (the same rule as placing: `discountCents`), or its problem is named.
 */
export function quoteCart(items: Array<{ product: string; qty: number }>, found: StockLookupItem[], delivery: QuoteDelivery, code: QuoteCode | null = null): OrderQuote {
  const deliveryCents = delivery.cents;
  const byId = new Map(found.map((p) => [p.product, p]));
  let itemsCents = 0;
  const lines = items.map((item): QuoteLine => {
    const product = byId.get(item.product);
    const problem = problemOf(product, item.qty);
    const lineCents = product && !problem ? toCents(product.price) * item.qty : 0;
    itemsCents += lineCents;
    return {
      product: item.product,
      name: product?.name ?? null,
      image: product?.image ?? null,
      price: product && !product.deleted ? product.price : null,
      countInStock: product && !product.deleted ? product.countInStock : 0,
      qty: item.qty,
      lineTotal: fromCents(lineCents),
      problem,
    };
  });
  const terms = code?.usable?.terms ?? null;
  const below = terms ? belowMinimum(terms, itemsCents) : null;
  const savedCents = terms && !below ? discountCents(terms, itemsCents, deliveryCents) : 0;
  return {
    lines,
    itemsPrice: fromCents(itemsCents),
    deliveryCost: fromCents(deliveryCents),
    deliveryArea: delivery.area,
    discount: terms && !below ? { code: terms.code, amount: fromCents(savedCents) } : null,
    discountProblem: code?.problem ?? below,
    totalPrice: fromCents(itemsCents - savedCents + deliveryCents),
  };
}

function problemOf(product: StockLookupItem | undefined, qty: number): QuoteProblem | null {
  if (!product || product.deleted) return 'unavailable';
  if (product.countInStock < 1) return 'out_of_stock';
  if (product.countInStock < qty) return 'not_enough_stock';
  return null;
}
