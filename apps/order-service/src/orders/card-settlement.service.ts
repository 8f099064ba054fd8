import { Inject, Injectable } from '@nestjs/common';
import { type Order, OrderAction, OrderState, Pattern, type PatternRequest } from '@shop/contracts';
import { formatTTD } from '@shop/money';
import { ServiceClient } from '@shop/server-messaging';
import { LOGGER } from '@shop/server-ops';
import type { Logger } from 'pino';
import { ExpiredCardOrdersRepository } from './expired-card-orders.repository';
import { LatePayments, OWNER_MOVES } from './late-payments.service';
import { decide } from './lifecycle/order-lifecycle';
import { type OrderRow, toOwnerOrder } from './order-row';
import { factsOf, refusalError } from './order-transitions';
import { OrderService } from './order.service';

/**
 * Issue 29, card payments whose redirect never came back (the shopper paid and closed the tab): the provider is
 * asked before the order expires, the owner can record a payment WiPay's dashboard shows, and lists the card
 * orders that expired lately to reconcile against it. Every path ends in the same verified payment and the same
 * lifecycle moves as a redirect (LatePayments), so a redirect that arrives afterwards is a replay.
 */
@Injectable()
export class CardSettlement {
  constructor(
    private readonly orderService: OrderService,
    private readonly late: LatePayments,
    private readonly services: ServiceClient,
    private readonly expired: ExpiredCardOrdersRepository,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /**
   * Before an unpaid card order expires: when the provider has a verified payment for it, it is recorded paid and
   * answers true. No look-up (live WiPay without WIPAY_LOOKUP_URL) or a provider that does not answer: false, the
   * order expires, and a redirect that comes later still pays it (a late payment).
   */
  async paidAtProvider(row: OrderRow): Promise<boolean> {
    if (row.is_in_person || row.state !== OrderState.AwaitingPayment || !row.payment_reference) return false;
    let found;
    try {
      found = await this.services.send(Pattern.PaymentsLookup, { orderId: row.id, totalCents: Number(row.total_cents) });
    } catch (err) {
      this.logger.warn({ err, orderId: row.id }, 'the card payment look-up failed: the order expires, and a later redirect still pays it');
      return false;
    }
    if (!found.paid) return false;
    const after = await this.late.paid(row, { reference: found.paid.reference, transactionId: found.paid.transactionId, note: 'Found paid by a look-up at the card provider' });
    return after.is_paid;
  }

  /** The owner's "Record a card payment": refused by the lifecycle (409) before the payment service is asked. */
  async record({ id, transactionId, amountCents, date, note }: PatternRequest<typeof Pattern.OrdersRecordCardPayment>): Promise<Order> {
    const row = await this.orderService.load(id);
    const decision = decide(factsOf(row), OrderAction.RecordCardPayment);
    if (!decision.allowed) throw refusalError(decision.refusal);
    await this.services.send(Pattern.PaymentsRecord, { orderId: row.id, totalCents: Number(row.total_cents), transactionId, amountCents, date });
    // The transaction id stays on the order (the owner's view only): the timeline is also the shopper's.
    const said = `${formatTTD(amountCents / 100)} paid on ${date}, recorded from WiPay${note ? `: ${note}` : ''}`;
    return this.orderService.ownersView(await this.late.paid(row, { transactionId, note: said }, OWNER_MOVES));
  }

  /** Card orders that expired within the last days, for the owner to check against WiPay's dashboard. */
  async expiredCard({ days }: PatternRequest<typeof Pattern.OrdersExpiredCard>): Promise<Order[]> {
    return (await this.expired.expiredWithin(days)).map(toOwnerOrder);
  }
}
