import { ConflictError, type OrderQuote, type QuoteLine, type QuoteProblem, type StockLookupItem } from '@shop/contracts';
import { type Cents, formatTTD, fromCents, toCents } from '@shop/money';

/** Prices a cart as an order would be priced now; lines that cannot be sold are shown but not counted. */
export function quoteCart(items: Array<{ product: string; qty: number }>, found: StockLookupItem[], deliveryCents: Cents): OrderQuote {
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
  return { lines, itemsPrice: fromCents(itemsCents), deliveryCost: fromCents(deliveryCents), totalPrice: fromCents(itemsCents + deliveryCents) };
}

function problemOf(product: StockLookupItem | undefined, qty: number): QuoteProblem | null {
  if (!product || product.deleted) return 'unavailable';
  if (product.countInStock < 1) return 'out_of_stock';
  if (product.countInStock < qty) return 'not_enough_stock';
  return null;
}

/**
 * The items total implied by the total the shopper confirmed, refusing at once (409, nothing written) when the
 * delivery cost is not the one the shopper saw. The catalog checks the items total against its own prices.
 */
export function expectedItemsTotal(items: Array<{ qty: number; confirmedPrice?: number }>, confirmedCents: Cents, deliveryCents: Cents): number {
  if (items.every((i) => i.confirmedPrice !== undefined)) {
    const seenItems = items.reduce((sum, i) => sum + toCents(i.confirmedPrice ?? 0) * i.qty, 0);
    const seenDelivery = confirmedCents - seenItems;
    if (seenDelivery !== deliveryCents && seenDelivery >= 0) {
      throw new ConflictError(
        `Delivery now costs ${formatTTD(fromCents(deliveryCents))} (was ${formatTTD(fromCents(seenDelivery))}). Please check the new total and confirm your order again.`,
      );
    }
  }
  const itemsCents = confirmedCents - deliveryCents;
  if (itemsCents < 0) throw new ConflictError('The total changed. Please check the new total and confirm your order again.');
  return fromCents(itemsCents);
}
