import { createHash, randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import {
  ConflictError,
  DeliveryStatus,
  DomainError,
  ErrorCode,
  NotFoundError,
  type Order,
  OrderEvent,
  type OrderPage,
  type OrderQuote,
  OrderTab,
  Pattern,
  type ReservedLine,
  validate,
  ValidationError,
} from '@shop/contracts';
import { isMoneyAmount, toCents } from '@shop/money';
import { CheckoutCustomerSchema, CheckoutItemSchema, QuoteItemsSchema, VisitorIdSchema } from '@shop/rules';
import { LOGGER, ServiceClient } from '@shop/server-core';
import type { Logger } from 'pino';
import { z } from 'zod';
import { appendOrderEvent } from '../events/outbox';
import { OutboxRelay } from '../events/outbox.relay';
import { OrderJobs } from '../jobs/order-jobs';
import { type OrderRow, type StoredLine, toOrder } from './order-row';
import { expectedItemsTotal, quoteCart } from './order-quote';
import { OrdersRepository } from './orders.repository';

/** Order ids are UUIDs; anything else is a clean 404. */
export const OrderIdSchema = z.uuid();

const CreateSchema = z.object({
  customer: CheckoutCustomerSchema.extend({ id: VisitorIdSchema }),
  items: z.array(CheckoutItemSchema).min(1, 'Your cart is empty').max(100, 'Too many items in the cart'),
  inPerson: z.boolean(),
  idempotencyKey: z.string().min(1).max(200).optional(),
  confirmedTotal: z.number().refine(isMoneyAmount, 'Confirmed total is not valid').optional(),
});

const ListSchema = z.object({
  tab: z.enum(Object.values(OrderTab) as [OrderTab, ...OrderTab[]], { error: 'Tab is not valid' }).default('all'),
  q: z.string().trim().max(100, 'Search text must be at most 100 characters').optional(),
  page: z.number().int().min(1).max(100_000).default(1),
  pageSize: z.number().int().min(1).max(100).default(20),
});

const StatusSchema = z.object({
  id: z.string(),
  deliveryStatus: z.enum(Object.values(DeliveryStatus) as [DeliveryStatus, ...DeliveryStatus[]], { error: 'Delivery status is not valid' }),
});

/** Orders: server-side pricing, stock reserved before an order exists, reads by visitor or admin, admin changes. */
@Injectable()
export class OrderService {
  constructor(
    private readonly orders: OrdersRepository,
    private readonly services: ServiceClient,
    private readonly jobs: OrderJobs,
    private readonly relay: OutboxRelay,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async create(raw: unknown): Promise<Order> {
    const { customer, items, inPerson, idempotencyKey, confirmedTotal } = validate(CreateSchema, raw);
    const { id: visitorId, ...contact } = customer;
    // A key makes the order id deterministic: a retry reserves under the same id (the catalog answers
    // the same lines) and finds the order already written.
    const id = idempotencyKey ? uuidFrom(`${visitorId}\n${idempotencyKey}`) : randomUUID();
    if (idempotencyKey) {
      const existing = await this.orders.find(id);
      if (existing) return toOrder(existing);
    }
    await this.refuseBadQuantities(items);
    const settings = await this.services.send(Pattern.SettingsGet, {});
    const deliveryCents = toCents(settings.paymentSettings.deliveryCost);
    // A total the shopper confirmed is checked before anything is written: the catalog refuses a reservation
    // whose prices make another total, and a changed delivery cost is refused here.
    const expected = confirmedTotal === undefined ? undefined : expectedItemsTotal(items, toCents(confirmedTotal), deliveryCents);
    const reserved = await this.services.send(Pattern.StockReserve, { orderId: id, items, expectedItemsTotal: expected });
    const lines = reserved.items.map(toStoredLine);
    const itemsCents = lines.reduce((sum, l) => sum + l.priceCents * l.qty, 0);
    if (itemsCents + deliveryCents <= 0) {
      await this.releaseNow(id);
      throw new ValidationError('The order total must be above 0');
    }

    let row: OrderRow | null;
    try {
      row = await this.orders.transaction(async (em) => {
        const inserted = await this.orders.insert(
          { id, visitorId, customer: contact, items: lines, itemsCents, deliveryCents, inPerson, idempotencyKey: idempotencyKey ?? null },
          em,
        );
        if (inserted) await appendOrderEvent(em, OrderEvent.Placed, toOrder(inserted));
        return inserted;
      });
    } catch (err) {
      await this.releaseNow(id);
      throw err;
    }
    if (!row) {
      // A concurrent retry with the same key wrote it first.
      const existing = await this.orders.find(id);
      if (!existing) throw new ConflictError('The order could not be placed, please try again');
      return toOrder(existing);
    }
    this.relay.kick();
    if (!inPerson) await this.jobs.scheduleExpiry(id);
    return toOrder(row);
  }

  /** What the server would charge now for a cart: current prices, stock and delivery, lines that cannot be sold left out. */
  async quote(raw: unknown): Promise<OrderQuote> {
    const { items } = validate(z.object({ items: QuoteItemsSchema }), raw);
    const [settings, found] = await Promise.all([
      this.services.send(Pattern.SettingsGet, {}),
      this.services.send(Pattern.StockLookup, { products: items.map((i) => i.product) }),
    ]);
    return quoteCart(items, found, toCents(settings.paymentSettings.deliveryCost));
  }

  async get(raw: unknown): Promise<Order> {
    const { id, visitorId, isAdmin } = validate(z.object({ id: z.string(), visitorId: z.string().optional(), isAdmin: z.boolean() }), raw);
    const row = await this.load(id);
    return toOrder(row, isAdmin || (visitorId !== undefined && visitorId === row.visitor_id));
  }

  async tracking(raw: unknown): Promise<Order[]> {
    const { visitorId } = validate(z.object({ visitorId: VisitorIdSchema }), raw);
    return (await this.orders.byVisitor(visitorId)).map((r) => toOrder(r));
  }

  async list(raw: unknown): Promise<OrderPage> {
    const { tab, q, page, pageSize } = validate(ListSchema, raw ?? {});
    const { rows, total } = await this.orders.page(tab, q || undefined, page, pageSize);
    return { orders: rows.map((r) => toOrder(r)), page, pages: Math.max(1, Math.ceil(total / pageSize)), total };
  }

  /** The owner moves an order along; an unpaid card order cannot go out (409), delivering an in-person order records its cash. */
  async updateStatus(raw: unknown): Promise<Order> {
    const { id, deliveryStatus } = validate(StatusSchema, raw);
    const before = await this.load(id);
    const allowed: DeliveryStatus[] = before.is_in_person
      ? [DeliveryStatus.PreparingInPerson, DeliveryStatus.OutForDelivery, DeliveryStatus.Delivered]
      : [DeliveryStatus.Preparing, DeliveryStatus.OutForDelivery, DeliveryStatus.Delivered];
    if (!allowed.includes(deliveryStatus)) throw new ValidationError(`Delivery status '${deliveryStatus}' is not valid for this order`);
    if (!before.is_in_person && !before.is_paid && deliveryStatus !== DeliveryStatus.Preparing) {
      throw new ConflictError('An unpaid card order cannot be sent out or delivered');
    }
    if (before.delivery_status === deliveryStatus) return toOrder(before);
    const after = await this.orders.transaction(async (em) => {
      const row = await this.orders.setDeliveryStatus(id, deliveryStatus, em);
      if (!row) throw new NotFoundError('Order not found');
      await appendOrderEvent(em, OrderEvent.StatusChanged, toOrder(row), { previousStatus: before.delivery_status });
      // Delivering an in-person order records its cash: it is paid from now on.
      if (!before.is_paid && row.is_paid) await appendOrderEvent(em, OrderEvent.Paid, toOrder(row));
      return row;
    });
    this.relay.kick();
    // A delivered in-person order is a sale: its reservation becomes purchases.
    if (after.is_in_person && after.is_delivered && after.stock_state === 'reserved') await this.jobs.commitStock(id);
    return toOrder(after);
  }

  /** Deletes an order; stock an undelivered order still holds goes back. */
  async remove(raw: unknown): Promise<{ message: string }> {
    const { id } = validate(z.object({ id: z.string() }), raw);
    await this.load(id);
    const row = await this.orders.transaction(async (em) => {
      const deleted = await this.orders.delete(id, em);
      if (deleted) await appendOrderEvent(em, OrderEvent.Deleted, toOrder(deleted));
      return deleted;
    });
    if (!row) throw new NotFoundError('Order not found');
    this.relay.kick();
    if (!row.is_delivered && row.stock_state === 'reserved') await this.jobs.releaseStock(id);
    return { message: 'Order removed' };
  }

  async load(id: string): Promise<OrderRow> {
    if (!OrderIdSchema.safeParse(id).success) throw new NotFoundError('Order not found');
    const row = await this.orders.find(id);
    if (!row) throw new NotFoundError('Order not found');
    return row;
  }

  /** product-rules section 2: a quantity below 1 is a 409 naming the product and what is left. */
  private async refuseBadQuantities(items: Array<{ product: string; qty: number }>): Promise<void> {
    const bad = items.find((i) => i.qty < 1);
    if (!bad) return;
    const product = await this.services.send(Pattern.ProductsGet, { id: bad.product }).catch((err: unknown) => {
      if (err instanceof DomainError && err.code === ErrorCode.NotFound) throw new ValidationError(`Unknown product: ${bad.product}`);
      throw err;
    });
    throw new ConflictError(`Please choose at least 1 of ${product.name} (${product.countInStock} left in stock)`);
  }

  private async releaseNow(orderId: string): Promise<void> {
    await this.services.send(Pattern.StockRelease, { orderId }).catch((err: unknown) => {
      this.logger.warn({ err, orderId }, 'release after a refused order failed; queueing it');
      return this.jobs.releaseStock(orderId);
    });
  }
}

function toStoredLine(line: ReservedLine): StoredLine {
  return { product: line.product, name: line.name, image: line.image, qty: line.qty, priceCents: toCents(line.price) };
}

/** A UUID (v4 layout) derived from a string, so that one idempotency key always names one order. */
function uuidFrom(value: string): string {
  const h = createHash('sha256').update(value).digest();
  h[6] = (h[6] & 0x0f) | 0x40;
  h[8] = (h[8] & 0x3f) | 0x80;
  const hex = h.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
