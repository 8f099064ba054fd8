import { Injectable } from '@nestjs/common';
import { ConflictError, NotFoundError, type Order, type OrderAction, type OrderActor, OrderEvent, type OrderState, ValidationError } from '@shop/contracts';
import { formatTTD, fromCents } from '@shop/money';
import { TransactionContext } from '@shop/server-database';
import { type OrderEventBody, OrderOutbox } from '../events/order-outbox';
import { OutboxRelay } from '../events/outbox.relay';
import { DiscountsService } from '../discounts/discounts.service';
import { OrderJobs } from './order-jobs';
import { type OrderRow, toOrder } from './order-row';
import { OrdersRepository, type TransferRecord } from './orders.repository';
import { decide, type Decision, type OrderFacts, type Refusal, type StockEffect, TRANSITIONS } from './lifecycle/order-lifecycle';

/** What the caller knows of a move beyond the table: the owner's note, the provider's reference and transaction. */
export interface MoveInput {
  note?: string | null;
  reference?: string;
  transactionId?: string;
  /** Issue 29: what the owner recorded of a bank transfer. */
  transfer?: TransferRecord;
  /**
   * The state the caller decided from (it asked the catalog about the stock first): when the order has moved on
   * meanwhile, nothing changes and the answer is `stale`, so that the caller decides again.
   */
  expectState?: OrderState;
}

/** The outcome of an action: the order as it now stands, and whether it moved (a refusal when it did not). */
export type MoveResult = { moved: true; row: OrderRow } | { moved: false; row: OrderRow; refusal: Refusal | null; stale?: boolean };

const ACTOR = new Map<OrderAction, OrderActor>(TRANSITIONS.map((t) => [t.action, t.actors[0]]));

export function factsOf(row: OrderRow): OrderFacts {
  return {
    state: row.state,
    method: row.payment_method,
    isInPerson: row.is_in_person,
    isPaid: row.is_paid,
    stockState: row.stock_state,
    deliveryStatus: row.delivery_status,
    held: row.is_in_person && row.hold_until !== null,
    reminded: row.transfer_reminded_at !== null && row.transfer_reminded_at !== undefined,
  };
}

/** The table's refusal as the error the API answers: 409 for the order's state, 400 for a wrong request. */
export function refusalError(refusal: Refusal): Error {
  return refusal.kind === 'conflict' ? new ConflictError(refusal.message) : new ValidationError(refusal.message);
}

/**
 * Carries out the lifecycle's decisions: every change of an order's state goes through `apply`, which locks
 * the order, asks the table, writes the new state, its timeline line and its events in one transaction, and
 * after the commit starts what the move does to the stock.
 */
@Injectable()
export class OrderTransitions {
  constructor(
    private readonly orders: OrdersRepository,
    private readonly outbox: OrderOutbox,
    private readonly tx: TransactionContext,
    private readonly jobs: OrderJobs,
    private readonly relay: OutboxRelay,
    private readonly discounts: DiscountsService,
  ) {}

  async apply(id: string, action: OrderAction, input: MoveInput = {}): Promise<MoveResult> {
    const result = await this.tx.run(async (): Promise<MoveResult & { decision?: Decision }> => {
      const before = await this.orders.lock(id);
      if (!before) throw new NotFoundError('Order not found');
      if (input.expectState !== undefined && before.state !== input.expectState) return { moved: false, row: before, refusal: null, stale: true };
      const decision = decide(factsOf(before), action);
      if (!decision.allowed) return { moved: false, row: before, refusal: decision.refusal };
      if (!decision.changes) return { moved: false, row: before, refusal: null };
      const { expectState: _expected, ...given } = input;
      const move = { action, from: decision.from, to: decision.to, patch: decision.patch, actor: ACTOR.get(action) ?? 'system', ...given, note: given.note ?? paidOnDeliveryNote(before, decision) };
      const after = await this.orders.move(id, move);
      // The row is locked: its state cannot have changed since it was read.
      if (!after) throw new ConflictError('The order changed while it was being updated, please try again');
      for (const event of decision.events) await this.outbox.append(eventBody(event, action, before, toOrder(after), input));
      if (decision.releaseDiscount) await this.discounts.release(id);
      return { moved: true, row: after, decision };
    });
    if (result.moved && result.decision?.allowed) {
      this.relay.kick();
      await this.startStock(result.row, result.decision.stock);
    }
    return result.moved ? { moved: true, row: result.row } : result;
  }

  /** Like `apply`, but a refusal is thrown as the API's error. */
  async applyOrRefuse(id: string, action: OrderAction, input: MoveInput = {}): Promise<OrderRow> {
    const result = await this.apply(id, action, input);
    if (!result.moved && result.refusal) throw refusalError(result.refusal);
    return result.row;
  }

  private async startStock(row: OrderRow, effect: StockEffect): Promise<void> {
    if (effect === 'commit') {
      // A late payment's or a fulfilled order's stock was taken again by the catalog before the move (LatePayments):
      // the commit then finds it committed and records that.
      await this.jobs.commitStock(row.id);
    } else if (effect === 'release') {
      await this.jobs.releaseStock(row.id);
    } else if (effect === 'return') {
      await this.jobs.returnStock(row.id);
    }
  }
}

/** Issue 29: a pay-on-delivery order delivered has its money recorded as the cash or Linx payment the driver took. */
function paidOnDeliveryNote(before: OrderRow, decision: Decision & { allowed: true }): string | null {
  if (!before.is_in_person || decision.patch.recordPayment !== true) return null;
  const total = formatTTD(fromCents(Number(before.total_cents)));
  if (before.pay_on_delivery === 'linx') return `Paid on delivery by Linx: ${total}`;
  // Orders from before the choice existed say only that it was paid.
  return before.pay_on_delivery === 'cash' ? `Paid on delivery in cash: ${total}` : `Paid on delivery: ${total}`;
}

/** The event as the contracts type it: the order after the move, plus what this event adds. */
function eventBody(event: OrderEvent, action: OrderAction, before: OrderRow, order: Order, input: MoveInput): OrderEventBody {
  switch (event) {
    case OrderEvent.StatusChanged:
      return { event, order, previousStatus: before.delivery_status };
    case OrderEvent.PaymentFailed:
      return { event, order, reason: action === 'expire' ? 'expired' : 'declined' };
    case OrderEvent.Paid:
      return input.transactionId ? { event, order, transactionId: input.transactionId } : { event, order };
    default:
      return { event, order };
  }
}
