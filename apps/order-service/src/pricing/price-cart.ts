import { ConflictError, discountCents, type DiscountTerms, lineVariant, type OrderQuote, type QuoteLine, type QuoteProblem, type StockLookupItem, variantFields } from '@shop/contracts';
import { type Cents, formatTTD, fromCents, toCents } from '@shop/money';

/**
 * A cart line: `variant` absent is the product's implicit variant (issue 28); `confirmedPrice` is the unit price (TTD)
 * the shopper saw, only to name what changed; never charged.
 */
export interface CartItem {
  product: string;
  variant?: string;
  qty: number;
  confirmedPrice?: number;
}

/** The area a cart is delivered to (one rule picks it: `catalog.delivery-areas.price`), its cost now and before its last change. */
export interface CartDelivery {
  area: { _id: string; name: string; estimatedDays: string };
  cents: Cents;
  previousCents: Cents | null;
}

/** What moved since the shopper confirmed, as far as the server can tell. */
export type PriceChange =
  | { what: 'price'; name: string; nowCents: Cents; wasCents: Cents }
  | { what: 'delivery'; nowCents: Cents; wasCents: Cents }
  /** A client that sent no line prices and whose total no known change explains: the items are named. */
  | { what: 'items'; nowCents: Cents }
  | { what: 'total'; nowCents: Cents; wasCents: Cents };

export interface PricedCart {
  /** Every cart line; a line with a problem is shown and left out of the totals. */
  lines: QuoteLine[];
  itemsCents: Cents;
  deliveryCents: Cents;
  /** The code's saving, or null without a usable code or below its minimum order. */
  discount: { code: string; cents: Cents } | null;
  /** Why a code that can be used gives nothing: the items are below its minimum order. */
  belowMinimum: string | null;
  totalCents: Cents;
  /** Empty when nothing was confirmed or the confirmed total holds. */
  changes: PriceChange[];
}

export interface CartToPrice {
  items: CartItem[];
  /** The catalog's variants now (price, stock, deleted), by product and variant: a lookup, or the lines a reservation holds. */
  products: StockLookupItem[];
  delivery: CartDelivery;
  /** The terms of a code the shopper may use now. */
  discount: DiscountTerms | null;
  /** The total (TTD) the shopper confirmed. */
  confirmedTotal?: number;
}

/**
 * The one price of a cart, for the quote and the order alike: lines, delivery, the code's saving (`discountCents`),
 * total, and what changed since the shopper confirmed a total. Pure: the callers fetch prices and the area.
 */
export function priceCart({ items, products, delivery, discount, confirmedTotal }: CartToPrice): PricedCart {
  const byId = new Map(products.map((p) => [lineKey(p.product, lineVariant(p)), p]));
  const found = (item: CartItem) => byId.get(lineKey(item.product, lineVariant(item)));
  const lines = items.map((item) => toLine(item, found(item)));
  const itemsCents = lines.reduce((sum, l) => sum + toCents(l.lineTotal), 0);
  const totalFor = (items: Cents, deliveryCents: Cents) => totalOf(items, deliveryCents, discount);
  const { savedCents, below } = totalFor(itemsCents, delivery.cents);
  const totalCents = itemsCents - savedCents + delivery.cents;
  const priced = {
    lines,
    itemsCents,
    deliveryCents: delivery.cents,
    discount: discount && !below ? { code: discount.code, cents: savedCents } : null,
    belowMinimum: below,
    totalCents,
  };
  if (confirmedTotal === undefined || toCents(confirmedTotal) === totalCents) return { ...priced, changes: [] };
  const confirmedCents = toCents(confirmedTotal);
  const changes: PriceChange[] = [];
  for (const item of items) {
    const product = found(item);
    if (product && item.confirmedPrice !== undefined && toCents(item.confirmedPrice) !== toCents(product.price)) {
      changes.push({ what: 'price', name: product.name, nowCents: toCents(product.price), wasCents: toCents(item.confirmedPrice) });
    }
  }
  // The delivery the shopper saw: what their line prices leave of the total (without a code), or else the area's
  // cost before its last change when that, with the items as the shopper saw them, makes the confirmed total.
  const linePrices = items.every((i) => i.confirmedPrice !== undefined);
  const seenItems = linePrices ? items.reduce((sum, i) => sum + toCents(i.confirmedPrice ?? 0) * i.qty, 0) : itemsCents;
  const previous = delivery.previousCents;
  const seenDelivery =
    linePrices && !discount
      ? confirmedCents - seenItems
      : previous !== null && seenItems - totalFor(seenItems, previous).savedCents + previous === confirmedCents
        ? previous
        : null;
  if (seenDelivery !== null && seenDelivery >= 0 && seenDelivery !== delivery.cents) {
    changes.push({ what: 'delivery', nowCents: delivery.cents, wasCents: seenDelivery });
  }
  if (changes.length === 0) {
    changes.push(linePrices || discount ? { what: 'total', nowCents: totalCents, wasCents: confirmedCents } : { what: 'items', nowCents: itemsCents });
  }
  return { ...priced, changes };
}

/** The changed-total 409 of a priced cart (the shopper confirmed a total its prices no longer make), or null. */
export function changedTotalRefusal(priced: PricedCart): ConflictError | null {
  return priced.changes.length > 0 ? new ConflictError(changedTotalMessage(priced.changes)) : null;
}

/** The 409's message for an order whose total moved since the shopper confirmed it, naming what moved. */
export function changedTotalMessage(changes: PriceChange[]): string {
  const prices = changes.flatMap((c) => (c.what === 'price' ? [`${c.name} is now ${ttd(c.nowCents)} (was ${ttd(c.wasCents)})`] : []));
  const parts = prices.length > 0 ? [`Prices changed: ${prices.join('; ')}.`] : [];
  for (const c of changes) {
    if (c.what === 'delivery') parts.push(`Delivery now costs ${ttd(c.nowCents)} (was ${ttd(c.wasCents)}).`);
    if (c.what === 'items') parts.push(`The items now come to ${ttd(c.nowCents)}.`);
    if (c.what === 'total') parts.push(`The total is now ${ttd(c.nowCents)} (was ${ttd(c.wasCents)}).`);
  }
  return `${parts.join(' ')} Please check the new total and confirm your order again.`;
}

/** The priced cart as the quote answers it; `codeProblem`: why the code entered cannot be used now. */
export function toQuote(priced: PricedCart, delivery: CartDelivery, codeProblem: string | null): OrderQuote {
  return {
    lines: priced.lines,
    itemsPrice: fromCents(priced.itemsCents),
    deliveryCost: fromCents(priced.deliveryCents),
    deliveryArea: delivery.area,
    discount: priced.discount ? { code: priced.discount.code, amount: fromCents(priced.discount.cents) } : null,
    discountProblem: codeProblem ?? priced.belowMinimum,
    totalPrice: fromCents(priced.totalCents),
  };
}

/** The refusal when the items are below a code's minimum order (null when they are not). */
export function belowMinimum(terms: DiscountTerms, itemsCents: Cents): string | null {
  return itemsCents < toCents(terms.minOrder) ? `Discount code ${terms.code} needs an order of at least ${formatTTD(terms.minOrder)}` : null;
}

function totalOf(itemsCents: Cents, deliveryCents: Cents, terms: DiscountTerms | null): { savedCents: Cents; below: string | null } {
  const below = terms ? belowMinimum(terms, itemsCents) : null;
  return { savedCents: terms && !below ? discountCents(terms, itemsCents, deliveryCents) : 0, below };
}

/** A line's variant as priced: its product and variant ids (the product's own for its implicit variant). */
function lineKey(product: string, variant: string): string {
  return `${product}:${variant}`;
}

function toLine(item: CartItem, product: StockLookupItem | undefined): QuoteLine {
  const problem = problemOf(product, item.qty);
  const sold = product && !product.deleted;
  return {
    product: item.product,
    ...variantFields(item.product, lineVariant(item), product?.variantLabel ?? ''),
    name: product?.name ?? null,
    image: product?.image ?? null,
    price: sold ? product.price : null,
    countInStock: sold ? product.countInStock : 0,
    qty: item.qty,
    lineTotal: product && !problem ? fromCents(toCents(product.price) * item.qty) : 0,
    problem,
  };
}

function problemOf(product: StockLookupItem | undefined, qty: number): QuoteProblem | null {
  if (!product || product.deleted) return 'unavailable';
  if (product.countInStock < 1) return 'out_of_stock';
  if (product.countInStock < qty) return 'not_enough_stock';
  return null;
}

function ttd(cents: Cents): string {
  return formatTTD(fromCents(cents));
}
