import { Inject, Injectable } from '@nestjs/common';
import { ConflictError, type Order, OrderAction, OrderState, Pattern, type PatternRequest, ValidationError } from '@shop/contracts';
import { ServiceClient } from '@shop/server-messaging';
import { LOGGER } from '@shop/server-ops';
import type { Logger } from 'pino';
import { OrderJobs } from './order-jobs';
import { type MoveInput, OrderTransitions } from './order-transitions';
import type { OrderRow } from './order-row';
import { OrderService } from './order.service';

/** States in which a card order's reservation was (or is being) given back: a payment now is late. */
const LATE: readonly OrderState[] = [OrderState.Expired, OrderState.PaymentFailed];

/** The lifecycle's two moves of a card payment: to paid, or to paid out of stock when the stock was sold meanwhile. */
export interface PaymentMoves {
  pay: OrderAction;
  withoutStock: OrderAction;
}
export const PROVIDER_MOVES: PaymentMoves = { pay: OrderAction.Pay, withoutStock: OrderAction.PayWithoutStock };
export const OWNER_MOVES: PaymentMoves = { pay: OrderAction.RecordCardPayment, withoutStock: OrderAction.RecordCardPaymentWithoutStock };

/** How many times a payment is decided again when the order moved on while the catalog was asked. */
const ATTEMPTS = 3;

/**
 * Issue 23: a card payment that arrives after its order's reservation was released is the owner's to settle.
 * The catalog first takes the stock again (`catalog.stock.reclaim`); when the shelf has it the order is paid like
 * any other, when it does not the order is 'paid_out_of_stock' (the owner is mailed and alerted) until the owner
 * restocks and fulfils it, or cancels it with the refund due. Stock never goes below zero: the catalog's
 * conditional updates decide.
 */
@Injectable()
export class LatePayments {
  constructor(
    private readonly orderService: OrderService,
    private readonly transitions: OrderTransitions,
    private readonly services: ServiceClient,
    private readonly jobs: OrderJobs,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /**
   * A verified card success: paid, or paid out of stock; a replay changes nothing and answers the order. `moves` are
   * the provider's (a redirect, a look-up) or the owner's (a payment recorded from WiPay's dashboard, issue 29).
   */
  async paid(row: OrderRow, input: Pick<MoveInput, 'reference' | 'note'> & { transactionId: string }, moves: PaymentMoves = PROVIDER_MOVES): Promise<OrderRow> {
    let current = row;
    let tookStock = false;
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      let action: OrderAction = moves.pay;
      let shortfall: string | null = null;
      if (LATE.includes(current.state)) {
        const taken = await this.services.send(Pattern.StockReclaim, { orderId: current.id });
        tookStock ||= taken.changed;
        if (taken.status !== 'committed') {
          action = moves.withoutStock;
          shortfall = taken.shortfall;
        }
      }
      // Decided from the state read above: when the order moved on meanwhile (its expiry, a cancel), decide again.
      const moved = await this.transitions.apply(current.id, action, { ...input, expectState: current.state });
      if (!moved.moved && moved.stale) {
        current = moved.row;
        continue;
      }
      if (moved.moved && action === moves.withoutStock) {
        this.logger.warn({ orderId: current.id, shortfall }, 'a payment arrived after its reservation was released and the stock is gone: paid, out of stock');
      }
      await this.returnUnsold(moved.row, tookStock);
      return moved.row;
    }
    await this.returnUnsold(current, tookStock);
    return current;
  }

  /** The owner restocked a paid order that was out of stock: its stock is taken again and it is prepared. */
  async fulfil({ id, note }: PatternRequest<typeof Pattern.OrdersFulfil>): Promise<Order> {
    const row = await this.orderService.load(id);
    // Any other state: the table's refusal (409), nothing asked of the catalog.
    if (row.state !== OrderState.PaidOutOfStock) return this.orderService.ownersView(await this.transitions.applyOrRefuse(id, OrderAction.Fulfil));
    const taken = await this.services.send(Pattern.StockReclaim, { orderId: id });
    if (taken.status !== 'committed') {
      throw new ConflictError(`${taken.shortfall ?? 'The stock is not there'}. Restock it first, or cancel the order and refund the payment.`);
    }
    const moved = await this.transitions.apply(id, OrderAction.Fulfil, { note: note || null, expectState: OrderState.PaidOutOfStock });
    if (moved.moved) return this.orderService.ownersView(moved.row);
    await this.returnUnsold(moved.row, taken.changed);
    if (moved.refusal) throw moved.refusal.kind === 'conflict' ? new ConflictError(moved.refusal.message) : new ValidationError(moved.refusal.message);
    throw new ConflictError('The order changed while it was being updated, please try again');
  }

  /** Stock this call took for an order that did not become a sale (the owner cancelled it meanwhile) goes back on the shelf. */
  private async returnUnsold(row: OrderRow, tookStock: boolean): Promise<void> {
    const sold = row.state === OrderState.Paid || row.state === OrderState.OutForDelivery || row.state === OrderState.Delivered;
    if (tookStock && !sold) await this.jobs.returnStock(row.id);
  }
}
