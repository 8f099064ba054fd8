import { Injectable } from '@nestjs/common';
import { type Order, OrderAction, Pattern, type PatternRequest, transferDifferenceFlag } from '@shop/contracts';
import { formatTTD, fromCents } from '@shop/money';
import { OrderTransitions } from './order-transitions';
import { OrderService } from './order.service';
import { OrdersRepository } from './orders.repository';

/**
 * Issue 29, bank transfer after the order is placed: the shopper's reminder before the hold ends, and the owner's
 * record of the money (amount, date, bank reference; an amount that is not the total is flagged on the order).
 * The expiry at the end of the hold is the same job and move as every other hold's.
 */
@Injectable()
export class BankTransfers {
  constructor(
    private readonly orderService: OrderService,
    private readonly transitions: OrderTransitions,
    private readonly orders: OrdersRepository,
  ) {}

  /** The reminder job: once, and only while the order still waits for its transfer (the table refuses otherwise). */
  async remind(orderId: string): Promise<void> {
    const row = await this.orders.find(orderId);
    if (!row) return;
    const until = row.hold_until ? ` Its items are held until ${row.hold_until.toISOString()}.` : '';
    await this.transitions.apply(orderId, OrderAction.RemindTransfer, { note: `The shopper was reminded to make the transfer.${until}` });
  }

  /** "Mark paid by transfer": a 409 from the table for an order that is not a held bank-transfer order. */
  async record({ id, amountCents, date, reference, note }: PatternRequest<typeof Pattern.OrdersRecordTransfer>): Promise<Order> {
    const row = await this.orderService.load(id);
    const difference = amountCents - Number(row.total_cents);
    const flag = transferDifferenceFlag(difference, formatTTD);
    const said = [`${formatTTD(fromCents(amountCents))} received by bank transfer on ${date}`, flag, note].filter(Boolean).join('. ');
    const after = await this.transitions.applyOrRefuse(row.id, OrderAction.RecordTransfer, {
      note: said,
      transfer: { amountCents, date, reference, flag },
    });
    return this.orderService.ownersView(after);
  }
}
