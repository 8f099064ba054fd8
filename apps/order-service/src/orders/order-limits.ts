import { Inject, Injectable } from '@nestjs/common';
import { ConflictError, Pattern, ValidationError } from '@shop/contracts';
import { APP_CONFIG, type OrderConfig } from '@shop/server-config';
import { ServiceClient } from '@shop/server-messaging';
import { type OrderClient, OrdersRepository } from './orders.repository';
import { clientLimitRefusal, type HoldLimits, orderFlags, overProductLimit, productLimitMessage } from './holds/hold-rules';

/**
 * Issue 23: nobody empties a product with unpaid or unconfirmed orders. One order holds at most
 * HOLD_MAX_QTY_PER_PRODUCT of a product; one client (its visitor id, e-mail and address, each counted on its own)
 * at most HOLD_MAX_OPEN_ORDERS open orders and HOLD_MAX_OPEN_UNITS units in them. Also flags orders that look
 * unusual for the owner.
 */
@Injectable()
export class OrderLimits {
  private readonly limits: HoldLimits;

  constructor(
    private readonly orders: OrdersRepository,
    private readonly services: ServiceClient,
    @Inject(APP_CONFIG) private readonly config: OrderConfig,
  ) {
    this.limits = { maxQtyPerProduct: config.HOLD_MAX_QTY_PER_PRODUCT, maxOpenOrders: config.HOLD_MAX_OPEN_ORDERS, maxOpenUnits: config.HOLD_MAX_OPEN_UNITS };
  }

  /** 400 naming the limit and the product when one product's quantity is over what one order may hold. */
  async refuseOverProductLimit(items: ReadonlyArray<{ product: string; qty: number }>): Promise<void> {
    const over = overProductLimit(items, this.limits);
    if (!over) return;
    const [found] = await this.services.send(Pattern.StockLookup, { products: [over.product] });
    // The limit is per product, all its variants together: named by the product's own name.
    throw new ValidationError(productLimitMessage(this.limits.maxQtyPerProduct, found?.productName ?? found?.name ?? 'one product', over.qty));
  }

  /**
   * 409 naming the limit when this order would take its client over what one customer may hold at once. Called
   * before the stock is touched, and again under `OrdersRepository.lockClient` in the transaction that writes the
   * order, so that simultaneous orders of one client cannot all pass.
   */
  async refuseOverClientLimit(client: OrderClient, units: number): Promise<void> {
    if (this.limits.maxOpenOrders <= 0 && this.limits.maxOpenUnits <= 0) return;
    const refusal = clientLimitRefusal(await this.orders.openHolds(client), units, this.limits);
    if (refusal) throw new ConflictError(refusal);
  }

  /** Why the order looks unusual (stored on it for the owner's screens). */
  async flags(client: OrderClient, units: number): Promise<string[]> {
    const [usual, recent] = await Promise.all([this.orders.usualUnits(), this.orders.recentOrdersOf(client)]);
    return orderFlags(units, usual, recent, { quantityFactor: this.config.FLAG_QUANTITY_FACTOR, clientOrders: this.config.FLAG_CLIENT_ORDERS });
  }
}
