import { randomInt } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import {
  ConflictError,
  DomainError,
  ErrorCode,
  type Order,
  OrderAction,
  OrderState,
  type OrderStockResponse,
  Pattern,
  type PatternRequest,
  PAYMENT_NOT_VERIFIED,
  type PaymentRedirectParams,
  type PayOrderResponse,
  ValidationError,
} from '@shop/contracts';
import { APP_CONFIG, type OrderConfig } from '@shop/server-config';
import { ServiceClient } from '@shop/server-messaging';
import { LOGGER } from '@shop/server-ops';
import type { Logger } from 'pino';
import { OrderJobs } from './order-jobs';
import { OrderTransitions } from './order-transitions';
import { LatePayments } from './late-payments.service';
import { CardSettlement } from './card-settlement.service';
import { type OrderRow, ownsOrder, toOrder } from './order-row';
import { OrderService } from './order.service';
import { OrdersRepository } from './orders.repository';

const REFERENCE_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** 'oid-' + 12 characters from a cryptographic random source. */
export function newPaymentReference(): string {
  let out = 'oid-';
  for (let i = 0; i < 12; i++) out += REFERENCE_ALPHABET[randomInt(REFERENCE_ALPHABET.length)];
  return out;
}


/** Payment states of an order: asking for a payment page, the verified result, expiry, in-person confirm, stock triggers. */
@Injectable()
export class OrderPaymentService {
  constructor(
    private readonly orderService: OrderService,
    private readonly orders: OrdersRepository,
    private readonly services: ServiceClient,
    private readonly jobs: OrderJobs,
    private readonly transitions: OrderTransitions,
    private readonly late: LatePayments,
    private readonly settlement: CardSettlement,
    @Inject(APP_CONFIG) private readonly config: OrderConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** A hosted payment page for an unpaid card order, for its server-side total. */
  async pay({ orderId, visitorId, isAdmin }: PatternRequest<typeof Pattern.OrdersPay>): Promise<PayOrderResponse> {
    const row = await this.orderService.load(orderId);
    refuseUnpayable(row);
    // The page shows and sends the shopper's contact details, and a stranger has no business paying (issue 23).
    if (!ownsOrder(row, { visitorId, isAdmin })) throw new DomainError(ErrorCode.Forbidden, 'You can only pay for your own orders');
    const reference = newPaymentReference();
    const answer = await this.services.send(
      Pattern.PaymentsCreate,
      {
        orderId: row.id,
        reference,
        totalCents: Number(row.total_cents),
        customer: { fname: row.fname, lname: row.lname, email: row.email, phone: row.phone, city: row.city, street: row.street },
        responseUrl: `${this.config.STOREFRONT_URL.replace(/\/$/, '')}/checkout/${row.id}`,
      },
      { timeoutMs: 15_000 },
    );
    if (!(await this.orders.setReference(row.id, reference))) refuseUnpayable(await this.orderService.load(orderId));
    return { url: answer.url };
  }

  /** The provider's redirect, verified by the payment service; a replay answers the same order and queues nothing. */
  async paymentResult({ id, params, visitorId, isAdmin }: PatternRequest<typeof Pattern.OrdersPaymentResult>): Promise<Order> {
    const row = await this.orderService.load(id);
    // An in-person or bank-transfer order has no card payment: any result for it is unverified.
    if (row.payment_method !== 'card') throw new ValidationError(PAYMENT_NOT_VERIFIED);
    const verified = await this.services.send(Pattern.PaymentsVerify, { orderId: row.id, totalCents: Number(row.total_cents), params: params as PaymentRedirectParams });

    // A replay, or a result for an order that can no longer take it, changes nothing and answers the order. A success
    // after the reservation ended takes the stock again, or leaves the order paid, out of stock, for the owner.
    const after =
      verified.outcome === 'paid'
        ? await this.late.paid(row, { reference: params.order_id, transactionId: verified.transactionId })
        : (await this.transitions.apply(row.id, OrderAction.Decline, { reference: params.order_id })).row;
    // The provider's hash is the proof, so a browser that lost its visitor id still gets its order marked paid;
    // only the answer is the redacted one (a replayed result must not hand out the contact details).
    return toOrder(after, ownsOrder(after, { visitorId, isAdmin }));
  }

  /**
   * The delayed job: a card order still unpaid (and not found paid at the provider), or an in-person order nobody
   * confirmed, gives its stock back and expires.
   */
  async expire(orderId: string): Promise<void> {
    const row = await this.orders.find(orderId);
    if (!row) return;
    // Issue 29: a shopper who paid and never came back (closed the tab) is found paid, not expired.
    if (await this.settlement.paidAtProvider(row)) return;
    const moved = await this.transitions.apply(orderId, OrderAction.Expire);
    // Also re-queues the release when an earlier attempt of this job stopped between the two steps.
    if (!moved.moved && (row.state === OrderState.Expired || row.state === OrderState.PaymentFailed) && row.stock_state === 'reserved') {
      await this.jobs.releaseStock(orderId);
    }
  }

  /** The in-person confirmation page's call: idempotent, never marks the order paid. */
  async confirmInPerson({ id, visitorId, isAdmin }: PatternRequest<typeof Pattern.OrdersConfirmInPerson>): Promise<Order> {
    const row = await this.orderService.load(id);
    if (!row.is_in_person) throw new ConflictError('This order is not a pay in person order');
    return toOrder(row, ownsOrder(row, { visitorId, isAdmin }));
  }

  /** `PUT /api/products/stock/{orderId}`: queues the commit of a paid order not yet committed; never twice. */
  async commitStock({ id }: PatternRequest<typeof Pattern.OrdersCommitStock>): Promise<OrderStockResponse> {
    const row = await this.orderService.load(id);
    if (!row.is_paid) throw new ConflictError('This order is not paid');
    if (row.stock_state !== 'reserved') return { orderId: id, stock: row.stock_state };
    await this.jobs.commitStock(id);
    return { orderId: id, stock: 'commit_queued' };
  }
}

/** A payment page is only for a card order waiting for its payment. */
function refuseUnpayable(row: OrderRow): void {
  if (row.is_in_person) throw new ConflictError('This order is paid in person');
  if (row.payment_method === 'bank_transfer') throw new ConflictError('This order is paid by bank transfer');
  if (row.is_paid) throw new ConflictError('This order is already paid');
  if (row.state === OrderState.Cancelled) throw new ConflictError('This order is cancelled');
  if (row.state !== OrderState.AwaitingPayment) throw new ConflictError('This order can no longer be paid; please place it again');
}
