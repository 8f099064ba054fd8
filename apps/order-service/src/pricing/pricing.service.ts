import { Injectable } from '@nestjs/common';
import { type DiscountTerms, type OrderQuote, Pattern, type PatternRequest, type StockLookupItem } from '@shop/contracts';
import { toCents } from '@shop/money';
import { ServiceClient } from '@shop/server-messaging';
import { DiscountsService } from '../discounts/discounts.service';
import { type CartDelivery, type CartItem, changedTotalRefusal, priceCart, toQuote } from './price-cart';

/**
 * Where a cart meets the catalog's prices: the delivery area (one rule, the catalog's), the products now, and
 * `priceCart`. The quote and order creation both price through here; creation then prices the reservation's lines.
 */
@Injectable()
export class PricingService {
  constructor(
    private readonly services: ServiceClient,
    private readonly discounts: DiscountsService,
  ) {}

  /** The area asked for (the default when none is), priced now; an unknown or switched-off id is a 400. */
  async delivery(areaId: string | undefined): Promise<CartDelivery> {
    const { area, cost, previousCost } = await this.services.send(Pattern.DeliveryAreasPrice, { id: areaId });
    return { area, cents: toCents(cost), previousCents: previousCost === null ? null : toCents(previousCost) };
  }

  /** What the server would charge now for a cart: current prices, stock and delivery, lines that cannot be sold left out. */
  async quote({ items, deliveryAreaId, discountCode, email }: PatternRequest<typeof Pattern.OrdersQuote>): Promise<OrderQuote> {
    const [delivery, products, code] = await Promise.all([
      this.delivery(deliveryAreaId),
      this.products(items),
      discountCode ? this.discounts.problemOf(discountCode, email || undefined) : Promise.resolve(null),
    ]);
    const priced = priceCart({ items, products, delivery, discount: code?.usable?.terms ?? null });
    return toQuote(priced, delivery, code?.problem ?? null);
  }

  /**
   * Before any stock is touched: a total the shopper confirmed that the catalog's prices now no longer make is a
   * 409 naming what changed. A line that cannot be sold is left to the reservation, which names the shortfall.
   */
  async refuseChangedBeforeReserving(items: CartItem[], delivery: CartDelivery, discount: DiscountTerms | null, confirmedTotal: number | undefined): Promise<void> {
    if (confirmedTotal === undefined) return;
    const priced = priceCart({ items, products: await this.products(items), delivery, discount, confirmedTotal });
    const refusal = priced.lines.every((l) => l.problem === null) ? changedTotalRefusal(priced) : null;
    if (refusal) throw refusal;
  }

  /** The variants the lines name (each product's implicit one for a line without a variant), as the catalog has them now. */
  private products(items: Array<{ product: string; variant?: string }>): Promise<StockLookupItem[]> {
    return this.services.send(Pattern.StockLookup, { products: [], lines: items.map(({ product, variant }) => ({ product, variant })) });
  }
}
