import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import {
  BANK_TRANSFER_OFF,
  ConflictError,
  type DeliveredToResponse,
  type OrderNumbersResponse,
  DeliveryStatus,
  DomainError,
  ErrorCode,
  NotFoundError,
  type Order,
  OrderAction,
  type OrderBankTransfer,
  OrderEvent,
  OrderIdSchema,
  ORDER_NUMBER_PREFIX,
  OrderState,
  type OrderPage,
  type OrderQuote,
  Pattern,
  type PatternRequest,
  type ReservedLine,
  type SettleReservationsResponse,
  type StockLookupItem,
  lineVariant,
  ValidationError,
  variantFields,
} from '@shop/contracts';
import { toCents } from '@shop/money';
import { isTownOutsideArea } from '@shop/rules';
import { APP_CONFIG, type OrderConfig } from '@shop/server-config';
import { ServiceClient } from '@shop/server-messaging';
import { LOGGER } from '@shop/server-ops';
import type { Logger } from 'pino';
import { TransactionContext } from '@shop/server-database';
import { DiscountsService, FULL_PRICE_HINT } from '../discounts/discounts.service';
import { OrderOutbox } from '../events/order-outbox';
import { OutboxRelay } from '../events/outbox.relay';
import { changedTotalRefusal, type PricedCart, priceCart } from '../pricing/price-cart';
import { PricingService } from '../pricing/pricing.service';
import { OrderJobs } from './order-jobs';
import { OrderLimits } from './order-limits';
import { actionForStatus, allowedActions, canArchive, canDelete, initialState, NOT_ARCHIVABLE, NOT_DELETABLE } from './lifecycle/order-lifecycle';
import { factsOf, OrderTransitions } from './order-transitions';
import { type OrderRow, ownsOrder, type StoredLine, toOrder, toOwnerOrder, toTimelineEntry } from './order-row';
import { orderIdForKey } from './order-id';
import { TransferProofsRepository } from './transfer-proofs.repository';
import { OrdersRepository } from './orders.repository';

/** Orders: server-side pricing, stock reserved before an order exists, reads by visitor or admin, admin changes. */
@Injectable()
export class OrderService {
  constructor(
    private readonly orders: OrdersRepository,
    private readonly outbox: OrderOutbox,
    private readonly tx: TransactionContext,
    private readonly services: ServiceClient,
    private readonly jobs: OrderJobs,
    private readonly relay: OutboxRelay,
    private readonly transitions: OrderTransitions,
    private readonly discounts: DiscountsService,
    private readonly limits: OrderLimits,
    private readonly pricing: PricingService,
    private readonly transferProofs: TransferProofsRepository,
    @Inject(APP_CONFIG) private readonly config: OrderConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async create({
    customer,
    items,
    inPerson,
    bankTransfer: wantsTransfer,
    payOnDelivery,
    idempotencyKey,
    confirmedTotal,
    deliveryAreaId,
    discountCode,
    clientIp,
  }: PatternRequest<typeof Pattern.OrdersCreate>): Promise<Order> {
    const { id: visitorId, ...contact } = customer;
    // A key makes the order id deterministic: a retry reserves under the same id (the catalog answers
    // the same lines) and finds the order already written.
    const id = idempotencyKey ? orderIdForKey(visitorId, idempotencyKey) : randomUUID();
    if (idempotencyKey) {
      const existing = await this.orders.find(id);
      if (existing) return toOrder(existing);
    }
    // Issue 29: the shop's bank accounts and hold, read before any stock is touched (refused while the shop has it off).
    const transfer = wantsTransfer && !inPerson ? await this.bankTransferTerms() : null;
    await this.refuseBadQuantities(items);
    // What one order and one client may hold (issue 23), before any stock is touched; checked again under the
    // client's lock where the order is written.
    const client = { visitorId, email: contact.email, ip: clientIp ?? null };
    const units = items.reduce((sum, i) => sum + i.qty, 0);
    await this.limits.refuseOverProductLimit(items);
    await this.limits.refuseOverClientLimit(client, units);
    const flags = await this.limits.flags(client, units);
    // A code that cannot be used now is refused before any stock is touched (its use is taken with the order below).
    const code = discountCode ? await this.discounts.usable(discountCode, contact.email) : null;
    const terms = code?.terms ?? null;
    // One rule picks and prices the area (a made-up one is a 400), and a total the shopper confirmed that today's
    // prices no longer make is refused (409) before any stock is touched.
    const delivery = await this.pricing.delivery(deliveryAreaId);
    await this.pricing.refuseChangedBeforeReserving(items, delivery, terms, confirmedTotal);
    // The catalog holds the reservation STOCK_HOLD_SECONDS. If this service dies or gives up before the order
    // is written, the catalog's stock sweeper asks `settleReservations` and releases the stock of an order that
    // was never stored; an order written in time keeps it.
    const reserved = await this.services.send(Pattern.StockReserve, { orderId: id, items: items.map(({ product, variant, qty }) => ({ product, variant, qty })) });
    // The order pays the prices read under the reservation's row locks: a price that moved since the check above is
    // refused the same way, and the stock just reserved goes back.
    const priced = priceCart({ items, products: reserved.items.map(reservedProduct), delivery, discount: terms, confirmedTotal });
    const refusal = refusalOf(priced);
    if (refusal) {
      await this.abandonNow(id);
      throw refusal;
    }
    const lines = reserved.items.map(toStoredLine);
    const { itemsCents, deliveryCents } = priced;
    const savedCents = priced.discount?.cents ?? 0;

    let row: OrderRow | null;
    let overLimit = false;
    try {
      row = await this.tx.run(async () => {
        // A write that comes after the catalog's sweeper settled the reservation (this call took longer than the
        // hold) finds the id abandoned: its stock may already be on sale again, so nothing is written.
        await this.orders.lockId(id);
        if (await this.orders.isAbandoned(id)) throw new ConflictError(TOO_LATE_MESSAGE);
        // The client's orders are written one at a time from here to the commit, each counting the ones before it.
        await this.orders.lockClient(client);
        await this.limits.refuseOverClientLimit(client, units).catch((err: unknown) => {
          overLimit = true;
          throw err;
        });
        const inserted = await this.orders.insert({
          id,
          visitorId,
          customer: contact,
          items: lines,
          itemsCents,
          deliveryCents,
          inPerson,
          bankTransfer: transfer ? { accounts: transfer.accounts, whatsapp: transfer.whatsapp } : null,
          // Clients from before issue 29 chose no method: the shop's pay in person was cash.
          payOnDelivery: inPerson ? (payOnDelivery ?? 'cash') : null,
          idempotencyKey: idempotencyKey ?? null,
          deliveryArea: { name: delivery.area.name, estimatedDays: delivery.area.estimatedDays },
          discount: code ? { code: code.row.code, cents: savedCents } : null,
          holdSeconds: inPerson ? this.config.IN_PERSON_HOLD_SECONDS : (transfer?.holdSeconds ?? null),
          clientIp: clientIp ?? null,
          flags,
          // From the area priced, with the one town list the storefront shows (shared rules).
          townOutsideArea: isTownOutsideArea(contact.city, delivery.area.name),
        });
        if (inserted) {
          await this.orders.record(inserted.id, { action: OrderAction.Place, from: null, to: initialState(inPerson ? 'in_person' : transfer ? 'bank_transfer' : 'card'), actor: 'shopper' });
          await this.outbox.append({ event: OrderEvent.Placed, order: toOrder(inserted) });
          // Last, so the code's row lock (which queues other checkouts with the same code) is held only until the commit.
          if (code) await this.discounts.redeem(inserted.id, code, contact.email, savedCents);
        }
        return inserted;
      });
    } catch (err) {
      // With an idempotency key the shopper's retry reserves under the same id and finds the reservation still
      // held; without one nobody will write this id again, so its stock goes back now (or at the hold's end).
      // A refusal inside the write (a discount code that just ran out) gives the stock back too.
      // An order over the client's limit will not be written on a retry either.
      if (!idempotencyKey || overLimit) await this.abandonNow(id);
      throw err;
    }
    if (!row) {
      // A concurrent retry with the same key wrote it first.
      const existing = await this.orders.find(id);
      if (!existing) throw new ConflictError('The order could not be placed, please try again');
      return toOrder(existing);
    }
    this.relay.kick();
    // An unpaid card order's reservation, and an in-person order's hold until the owner confirms it, both end; a
    // bank-transfer order's shopper is reminded before its hold ends.
    if (transfer) await this.jobs.scheduleTransferHold(id, transfer.holdSeconds);
    else await this.jobs.scheduleExpiry(id, inPerson);
    return toOrder(row);
  }

  /** The shop's bank-transfer terms from the catalog's settings; a 400 while bank transfer is off. */
  private async bankTransferTerms(): Promise<{ accounts: OrderBankTransfer['accounts']; whatsapp: string; holdSeconds: number }> {
    const settings = await this.services.send(Pattern.SettingsGet, {});
    const section = settings.bankTransferSettings;
    if (!section?.enabled || section.accounts.length === 0) throw new ValidationError(BANK_TRANSFER_OFF);
    return { accounts: section.accounts, whatsapp: settings.contactSettings.whatsapp ?? '', holdSeconds: section.holdHours * 3600 };
  }

  /** What the server would charge now for a cart (see `PricingService.quote`). */
  quote(request: PatternRequest<typeof Pattern.OrdersQuote>): Promise<OrderQuote> {
    return this.pricing.quote(request);
  }

  async get({ id, visitorId, isAdmin, viewerEmail, signedLink }: PatternRequest<typeof Pattern.OrdersGet>): Promise<Order> {
    const row = await this.load(id);
    if (isAdmin) return this.ownersView(row);
    const timeline = (await this.orders.timeline(row.id)).map(toTimelineEntry);
    const owns = ownsOrder(row, { visitorId, email: viewerEmail, signedLink });
    return { ...toOrder(row, owns), timeline, ...(owns ? await this.proofsOf(row) : {}) };
  }

  /** The order as the owner's detail screen shows it: with its timeline and the actions it can take now. */
  async ownersView(row: OrderRow): Promise<Order> {
    const timeline = (await this.orders.timeline(row.id)).map(toTimelineEntry);
    return {
      ...toOwnerOrder(row),
      timeline,
      ...(await this.proofsOf(row)),
      actions: allowedActions(factsOf(row)),
      deletable: canDelete(factsOf(row)),
      archivable: canArchive(factsOf(row)),
    };
  }

  /** A bank-transfer order's proofs of transfer (issue 29), for its shopper and the owner. */
  private async proofsOf(row: OrderRow): Promise<Pick<Order, 'transferProofs'>> {
    return row.payment_method === 'bank_transfer' ? { transferProofs: await this.transferProofs.ofOrder(row.id) } : {};
  }

  async tracking({ visitorId }: PatternRequest<typeof Pattern.OrdersTracking>): Promise<Order[]> {
    return (await this.orders.byVisitor(visitorId)).map((r) => toOrder(r));
  }

  /** Whether the visitor has had the product delivered: their review of it is then a verified buyer's (issue 23). */
  async deliveredTo({ visitorId, productId }: PatternRequest<typeof Pattern.OrdersDeliveredTo>): Promise<DeliveredToResponse> {
    return { delivered: await this.orders.hasOrderWith(visitorId, productId, OrderState.Delivered) };
  }

  /** The numbers people read of the orders asked for (the catalog names those holding a variant, issue 28). */
  async numbers(ids: string[]): Promise<OrderNumbersResponse> {
    const rows = await this.orders.numbersOf(ids.filter((id) => OrderIdSchema.safeParse(id).success));
    return { numbers: Object.fromEntries(rows.map((r) => [r.id, `${ORDER_NUMBER_PREFIX}${r.order_number}`])) };
  }

  async list({ tab, q, page, pageSize, sort, dir, status }: PatternRequest<typeof Pattern.OrdersList>): Promise<OrderPage> {
    const { rows, total } = await this.orders.page({ tab, q: q || undefined, page, pageSize, sort, dir, status });
    return { orders: rows.map((r) => toOwnerOrder(r)), page, pages: Math.max(1, Math.ceil(total / pageSize)), total };
  }

  /** The owner moves an order along; an unpaid card order cannot go out (409), delivering an in-person order records its cash. */
  async updateStatus({ id, deliveryStatus }: PatternRequest<typeof Pattern.OrdersUpdateStatus>): Promise<Order> {
    const before = await this.load(id);
    // The first status names how the order is paid: the other order kind's label is a wrong request (400).
    const wrongKind = before.is_in_person ? DeliveryStatus.Preparing : DeliveryStatus.PreparingInPerson;
    if (deliveryStatus === wrongKind) throw new ValidationError(`Delivery status '${deliveryStatus}' is not valid for this order`);
    return this.ownersView(await this.transitions.applyOrRefuse(id, actionForStatus(deliveryStatus)));
  }

  /** The owner cancels an order not yet out for delivery: its stock goes back, and money taken becomes a refund due. */
  async cancel({ id, note }: PatternRequest<typeof Pattern.OrdersCancel>): Promise<Order> {
    await this.load(id);
    return this.ownersView(await this.transitions.applyOrRefuse(id, OrderAction.Cancel, { note: note || null }));
  }

  /** The owner confirms an in-person order: its stock is held until it is delivered or cancelled, no longer until a time. */
  async confirm({ id, note }: PatternRequest<typeof Pattern.OrdersConfirm>): Promise<Order> {
    await this.load(id);
    return this.ownersView(await this.transitions.applyOrRefuse(id, OrderAction.Confirm, { note: note || null }));
  }

  /** The owner records that a cancelled order's money was paid back. */
  async recordRefund({ id, note }: PatternRequest<typeof Pattern.OrdersRecordRefund>): Promise<Order> {
    await this.load(id);
    return this.ownersView(await this.transitions.applyOrRefuse(id, OrderAction.RecordRefund, { note: note || null }));
  }

  /**
   * The owner archives a finished order (it leaves her lists and stays in the reports), or restores one. Archiving an
   * order that still needs her, or waits for a payment, is refused (409): nothing to do may be hidden.
   */
  async archive({ id, archived }: PatternRequest<typeof Pattern.OrdersArchive>): Promise<Order> {
    await this.load(id);
    const row = await this.tx.run(async () => {
      const locked = await this.orders.lock(id);
      if (!locked) throw new NotFoundError('Order not found');
      if (archived && !canArchive(factsOf(locked))) throw new ConflictError(NOT_ARCHIVABLE.message);
      return (await this.orders.setArchived(id, archived)) ?? locked;
    });
    return this.ownersView(row);
  }

  /**
   * Deletes an order for good: only an unpaid order that holds no stock and never sold any (issue 26); anything else
   * is refused (409) and is archived instead. A release still queued for it is owed (deleted_order_stock).
   */
  async remove({ id }: PatternRequest<typeof Pattern.OrdersDelete>): Promise<{ message: string; transferProofKeys?: string[] }> {
    await this.load(id);
    let transferProofKeys: string[] = [];
    const row = await this.tx.run(async () => {
      // Locked, so that the order cannot be paid between the check and the delete.
      const locked = await this.orders.lock(id);
      if (locked && !canDelete(factsOf(locked))) throw new ConflictError(NOT_DELETABLE.message);
      // Its proofs' rows go with it; their files are the gateway's to remove.
      transferProofKeys = await this.transferProofs.keysOf(id);
      const deleted = await this.orders.delete(id);
      if (deleted) await this.outbox.append({ event: OrderEvent.Deleted, order: toOrder(deleted) });
      // Owed until the catalog's answer is recorded, so the sweeper can queue the release again if its job is lost.
      if (deleted && owesRelease(deleted)) await this.orders.oweRelease(id);
      return deleted;
    });
    if (!row) throw new NotFoundError('Order not found');
    this.relay.kick();
    if (owesRelease(row)) await this.jobs.releaseStock(id);
    return { message: 'Order removed', ...(transferProofKeys.length > 0 ? { transferProofKeys } : {}) };
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

  /**
   * The catalog asks about reservations held past their time. Each id is decided once, under its lock: a stored
   * order is kept; any other id is marked abandoned, so that no order is written under it afterwards, and its
   * stock may be released.
   */
  async settleReservations({ orderIds }: PatternRequest<typeof Pattern.OrdersSettleReservations>): Promise<SettleReservationsResponse> {
    const kept: string[] = [];
    const abandoned: string[] = [];
    for (const id of orderIds) {
      const stored = await this.tx.run(async () => {
        await this.orders.lockId(id);
        if (await this.orders.exists(id)) return true;
        await this.orders.abandon(id);
        return false;
      });
      (stored ? kept : abandoned).push(id);
    }
    if (abandoned.length > 0) this.logger.info({ abandoned }, 'reservations without a stored order abandoned; the catalog releases them');
    return { kept, abandoned };
  }

  /** Gives the stock of an order that will not be written back now; when that fails the catalog's sweeper does it at the hold's end. */
  private async abandonNow(orderId: string): Promise<void> {
    try {
      const { abandoned } = await this.settleReservations({ orderIds: [orderId] });
      if (abandoned.length > 0) await this.services.send(Pattern.StockRelease, { orderId });
    } catch (err) {
      this.logger.warn({ err, orderId }, 'releasing the stock of an order not written failed; the catalog releases it at the end of its hold');
    }
  }
}

/** A write that came after the reservation was settled as abandoned (see `create`). */
export const TOO_LATE_MESSAGE = 'Placing this order took too long and its reserved items were put back on sale; please place your order again';

/** Why an order priced from its reservation cannot be written: a changed total (409), a code's minimum (409), nothing to pay (400). */
function refusalOf(priced: PricedCart): Error | null {
  const changed = changedTotalRefusal(priced);
  if (changed) return changed;
  if (priced.belowMinimum) return new ConflictError(`${priced.belowMinimum}. ${FULL_PRICE_HINT}`);
  if (priced.totalCents <= 0) return new ValidationError('The order total must be above 0');
  return null;
}

/** A reserved line as the pricing takes a variant: the reservation holds its whole quantity. */
function reservedProduct(line: ReservedLine): StockLookupItem {
  const variant = { variant: lineVariant(line), variantLabel: line.variantLabel ?? '' };
  return { product: line.product, ...variant, name: line.name, image: line.image, price: line.price, countInStock: line.qty, deleted: false };
}

/** A line as sold: its display name, and its variant's id and label (issue 28; absent for a product's implicit variant). */
function toStoredLine(line: ReservedLine): StoredLine {
  return {
    product: line.product,
    ...variantFields(line.product, lineVariant(line), line.variantLabel ?? ''),
    name: line.name,
    image: line.image,
    qty: line.qty,
    priceCents: toCents(line.price),
  };
}

/** A deleted order gives its stock back when it was not delivered and its stock is still reserved. */
function owesRelease(row: OrderRow): boolean {
  return !row.is_delivered && row.stock_state === 'reserved';
}
