import { randomInt } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import {
  ConflictError,
  type Order,
  OrderEvent,
  type OrderStockResponse,
  PAYMENT_NOT_VERIFIED,
  PAYMENT_REDIRECT_KEYS,
  type PaymentRedirectParams,
  Pattern,
  type PayOrderResponse,
  validate,
  ValidationError,
} from '@shop/contracts';
import { APP_CONFIG, type AppConfig, LOGGER, ServiceClient } from '@shop/server-core';
import type { Logger } from 'pino';
import { z } from 'zod';
import { appendOrderEvent } from '../events/outbox';
import { OutboxRelay } from '../events/outbox.relay';
import { OrderJobs } from '../jobs/order-jobs';
import { type OrderRow, toOrder } from './order-row';
import { OrderService } from './order.service';
import { OrdersRepository } from './orders.repository';

const REFERENCE_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** 'oid-' + 12 characters from a cryptographic random source. */
export function newPaymentReference(): string {
  let out = 'oid-';
  for (let i = 0; i < 12; i++) out += REFERENCE_ALPHABET[randomInt(REFERENCE_ALPHABET.length)];
  return out;
}

const ParamsSchema = z.object(
  Object.fromEntries(PAYMENT_REDIRECT_KEYS.map((k) => [k, z.string().max(1000).optional()])) as Record<
    (typeof PAYMENT_REDIRECT_KEYS)[number],
    z.ZodOptional<z.ZodString>
  >,
);

/** Payment states of an order: asking for a payment page, the verified result, expiry, in-person confirm, stock triggers. */
@Injectable()
export class OrderPaymentService {
  constructor(
    private readonly orderService: OrderService,
    private readonly orders: OrdersRepository,
    private readonly services: ServiceClient,
    private readonly jobs: OrderJobs,
    private readonly relay: OutboxRelay,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** A hosted payment page for an unpaid card order, for its server-side total. */
  async pay(raw: unknown): Promise<PayOrderResponse> {
    const { orderId } = validate(z.object({ orderId: z.string({ error: 'orderId is required' }) }), raw);
    const row = await this.orderService.load(orderId);
    refuseUnpayable(row);
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
  async paymentResult(raw: unknown): Promise<Order> {
    const { id, params } = validate(z.object({ id: z.string(), params: ParamsSchema }), raw);
    const row = await this.orderService.load(id);
    // An in-person order has no card payment: any result for it is unverified.
    if (row.is_in_person) throw new ValidationError(PAYMENT_NOT_VERIFIED);
    const verified = await this.services.send(Pattern.PaymentsVerify, { orderId: row.id, totalCents: Number(row.total_cents), params: params as PaymentRedirectParams });

    if (verified.outcome === 'paid') {
      const paid = await this.orders.transaction(async (em) => {
        // A late success after a decline or expiry is still money taken: the order is paid.
        const updated = await this.orders.movePayment(row.id, ['pending', 'failed', 'expired'], 'paid', { reference: params.order_id, transactionId: verified.transactionId }, em);
        if (updated) await appendOrderEvent(em, OrderEvent.Paid, toOrder(updated), { transactionId: verified.transactionId });
        return updated;
      });
      if (!paid) return toOrder(await this.orderService.load(id));
      this.relay.kick();
      if (paid.stock_state === 'released') this.logger.warn({ orderId: id }, 'payment arrived after the reservation was released; stock must be checked by hand');
      await this.jobs.commitStock(id);
      return toOrder(paid);
    }

    const failed = await this.orders.transaction(async (em) => {
      const updated = await this.orders.movePayment(row.id, ['pending'], 'failed', { reference: params.order_id }, em);
      if (updated) await appendOrderEvent(em, OrderEvent.PaymentFailed, toOrder(updated), { reason: 'declined' });
      return updated;
    });
    if (!failed) return toOrder(await this.orderService.load(id));
    this.relay.kick();
    await this.jobs.releaseStock(id);
    return toOrder(failed);
  }

  /** The delayed job: a card order still unpaid gives its stock back and becomes unsuccessful. */
  async expire(orderId: string): Promise<void> {
    const expired = await this.orders.transaction(async (em) => {
      const updated = await this.orders.movePayment(orderId, ['pending'], 'expired', {}, em);
      if (updated) await appendOrderEvent(em, OrderEvent.PaymentFailed, toOrder(updated), { reason: 'expired' });
      return updated;
    });
    if (expired) this.relay.kick();
    const row = expired ?? (await this.orders.find(orderId));
    // Also re-queues the release when an earlier attempt of this job stopped between the two steps.
    if (row && (row.payment_state === 'expired' || row.payment_state === 'failed') && row.stock_state === 'reserved') {
      await this.jobs.releaseStock(orderId);
    }
  }

  /** The in-person confirmation page's call: idempotent, never marks the order paid. */
  async confirmInPerson(raw: unknown): Promise<Order> {
    const { id } = validate(z.object({ id: z.string() }), raw);
    const row = await this.orderService.load(id);
    if (!row.is_in_person) throw new ConflictError('This order is not a pay in person order');
    return toOrder(row);
  }

  /** `PUT /api/products/stock/{orderId}`: queues the commit of a paid order not yet committed; never twice. */
  async commitStock(raw: unknown): Promise<OrderStockResponse> {
    const { id } = validate(z.object({ id: z.string() }), raw);
    const row = await this.orderService.load(id);
    if (!row.is_paid) throw new ConflictError('This order is not paid');
    if (row.stock_state !== 'reserved') return { orderId: id, stock: row.stock_state };
    await this.jobs.commitStock(id);
    return { orderId: id, stock: 'commit_queued' };
  }
}

function refuseUnpayable(row: OrderRow): void {
  if (row.is_in_person) throw new ConflictError('This order is paid in person');
  if (row.is_paid) throw new ConflictError('This order is already paid');
  if (row.payment_state !== 'pending') throw new ConflictError('This order can no longer be paid; please place it again');
}
