/**
 * The rules of issue 23's holds, pure (no I/O; `OrderLimits` feeds them the counts): what one order, and one
 * client (visitor id, e-mail, address, each on its own) may hold at once, and why an order looks unusual.
 */

/** The limits in force (settings; 0 turns one off). */
export interface HoldLimits {
  maxQtyPerProduct: number;
  maxOpenOrders: number;
  maxOpenUnits: number;
}

/** What a client already holds in open orders (awaiting payment or confirmation), by the key it was counted on. */
export interface HeldByClient {
  visitor: { orders: number; units: number };
  email: { orders: number; units: number };
  ip: { orders: number; units: number };
}

/** One product's quantity in the order (lines of one product added up), with its name when known. */
export interface ProductQty {
  product: string;
  qty: number;
}

/** The lines of an order added up per product. */
export function qtyPerProduct(items: ReadonlyArray<{ product: string; qty: number }>): ProductQty[] {
  const byProduct = new Map<string, number>();
  for (const item of items) byProduct.set(item.product, (byProduct.get(item.product) ?? 0) + item.qty);
  return [...byProduct].map(([product, qty]) => ({ product, qty }));
}

/** The first product over the per-order limit, or null. */
export function overProductLimit(items: ReadonlyArray<{ product: string; qty: number }>, limits: HoldLimits): ProductQty | null {
  if (limits.maxQtyPerProduct <= 0) return null;
  return qtyPerProduct(items).find((p) => p.qty > limits.maxQtyPerProduct) ?? null;
}

/** The refusal of a product over the per-order limit, naming the limit. */
export function productLimitMessage(limit: number, name: string, qty: number): string {
  return `An order may hold at most ${limit} of one product (${qty} of ${name} asked). Please lower the quantity.`;
}

/**
 * The refusal when this order would take the client over what one customer may hold at once, naming the limit;
 * null when it fits. `units` is this order's.
 */
export function clientLimitRefusal(held: HeldByClient, units: number, limits: HoldLimits): string | null {
  const most = (pick: (h: { orders: number; units: number }) => number) => Math.max(pick(held.visitor), pick(held.email), pick(held.ip));
  if (limits.maxOpenOrders > 0 && most((h) => h.orders) + 1 > limits.maxOpenOrders) {
    return (
      `You already have ${most((h) => h.orders)} orders waiting for payment or for the shop's confirmation; one customer may have at most ` +
      `${limits.maxOpenOrders} at once. Please pay for them or wait for the shop to confirm them.`
    );
  }
  if (limits.maxOpenUnits > 0 && most((h) => h.units) + units > limits.maxOpenUnits) {
    return (
      `One customer may hold at most ${limits.maxOpenUnits} items at once in orders waiting for payment or for the shop's confirmation ` +
      `(${most((h) => h.units)} held already, ${units} in this order).`
    );
  }
  return null;
}

/** Below this many recent orders the shop has no usual order yet: a usual order is taken to be this many units. */
export const MIN_HISTORY_ORDERS = 10;
export const DEFAULT_USUAL_UNITS = 2;

/**
 * Why an order looks unusual, as the owner reads it: far more units than the shop's usual order (the average of
 * the last 90 days), or many orders from one client in a day. Flags never refuse an order.
 */
export function orderFlags(
  units: number,
  usual: { orders: number; averageUnits: number | null },
  recentOrdersOfClient: number,
  settings: { quantityFactor: number; clientOrders: number },
): string[] {
  const flags: string[] = [];
  const typical = usual.orders >= MIN_HISTORY_ORDERS && usual.averageUnits !== null ? usual.averageUnits : DEFAULT_USUAL_UNITS;
  if (units > settings.quantityFactor * typical) {
    flags.push(`Quantity far above usual: ${units} items (the usual order is about ${Math.max(1, Math.round(typical))})`);
  }
  if (recentOrdersOfClient >= settings.clientOrders) {
    flags.push(`Many orders from this client: ${recentOrdersOfClient} others in the last 24 hours`);
  }
  return flags;
}
