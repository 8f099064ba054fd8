import { Inject, Injectable } from '@nestjs/common';
import {
  CatalogEvent,
  ConflictError,
  NotFoundError,
  type Pattern,
  type PatternRequest,
  ProductIdSchema,
  type ReclaimStockResponse,
  type ReservedLine,
  type ReserveStockResponse,
  type RestockResponse,
  type StockMovement,
  type StockChangeResponse,
  type StockLine,
  type StockLookupItem,
  lineDisplayName,
  lineVariant,
  ValidationError,
  variantFields,
} from '@shop/contracts';
import { fromCents } from '@shop/money';
import { MAX_COUNT_IN_STOCK } from '@shop/rules';
import { APP_CONFIG, type CatalogConfig } from '@shop/server-config';
import { TransactionContext } from '@shop/server-database';
import { type ReservationMove, type ReservedRow, type StockMovementRow, StockRepository, type VariantStateRow } from './stock.repository';
import { CatalogOutboxRelay } from '../stock-alerts/catalog-outbox.relay';
import { CatalogOutbox } from '../stock-alerts/catalog-outbox';
import { StockWaitsService } from '../stock-waits/stock-waits.service';

/**
 * Stock is the catalog's: reservations are conditional updates that never take stock below zero, all
 * lines or none, and every operation is keyed by order id so that a repeat changes nothing.
 */
@Injectable()
export class StockService {
  constructor(
    private readonly stock: StockRepository,
    private readonly tx: TransactionContext,
    @Inject(APP_CONFIG) private readonly config: CatalogConfig,
    private readonly outbox: CatalogOutbox,
    private readonly relay: CatalogOutboxRelay,
    private readonly stockWaits: StockWaitsService,
  ) {}

  /**
   * Takes the lines off the shelf (all or none, never below zero) and answers each line's price, read under its row
   * lock: what the order pays. The order service decides whether that is the total the shopper confirmed, and
   * releases the reservation when it is not.
   */
  async reserve({ orderId, items }: PatternRequest<typeof Pattern.StockReserve>): Promise<ReserveStockResponse> {
    const lines = mergeLines(items);
    let wroteAlert = false;
    const answer = await this.tx.run(async (): Promise<ReserveStockResponse> => {
      // Serialise calls for the same order; different orders run in parallel.
      await this.stock.lockOrder(orderId);
      const existing = await this.stock.reservedLines(orderId);
      if (existing.length > 0) {
        // Released without ever being committed: its order was never stored (the stock sweeper asked) or was
        // deleted. Answering the lines would let an order be written with no stock behind it.
        if (existing[0].status === 'released') throw new ConflictError(ABANDONED_MESSAGE);
        return { orderId, items: existing.map(toReservedLine) };
      }
      // A variant with no row, or another product's, is refused before the insert (the reservation's foreign key);
      // so is a line the shelf already could not fill when last committed, before any lock is taken, so that once a
      // hot variant is sold out its refusals do not queue on its product's row. The conditional take below decides.
      const stock = await this.stock.committedStock(lines);
      const refused = lines.find((l) => (stock.get(`${l.product}:${l.variant}`) ?? -1) < l.qty);
      if (refused) return this.explainShortfall(refused);
      // The reservation rows go in first and the stock updates last, so each product's row lock (held until the
      // commit) is held for as short a time as possible: a hot product's orders queue on it.
      await this.stock.insertReservation(orderId, lines, this.config.STOCK_HOLD_SECONDS);
      // The products first, in id order, then their variants (the variants' trigger locks the product too).
      await this.stock.lockProducts(lines.map((l) => l.product));
      const reserved: ReservedLine[] = [];
      const low: LowStockCandidate[] = [];
      for (const line of lines) {
        // The row stays locked until the commit, so the price read here is the price the order pays.
        const updated = await this.stock.take(line);
        if (!updated) return this.explainShortfall(line);
        const name = lineDisplayName(updated.name, updated.variant_label);
        reserved.push({
          product: line.product,
          ...variantFields(line.product, line.variant, updated.variant_label),
          name,
          price: fromCents(Number(updated.price_cents)),
          image: updated.image,
          qty: line.qty,
        });
        if (!updated.low_stock_alerted) low.push({ product: line.product, variant: line.variant, name, countInStock: Number(updated.count_in_stock) });
      }
      if (low.length > 0) wroteAlert = await this.alertLowStock(orderId, low);
      // In product then variant id order, as a repeat reads them back.
      return { orderId, items: reserved };
    });
    // The low-stock events written with the reservation go out now rather than at the relay's next tick.
    if (wroteAlert) this.relay.kick();
    return answer;
  }

  /**
   * Low-stock alerts (issue 17, per variant since issue 28): a variant this reservation took to the threshold or
   * below, and not flagged yet, is flagged and gets one outbox event, in the reservation's transaction (its row is
   * still locked by the stock update, so concurrent orders cannot both alert). The flag comes down in the database
   * when the variant's stock rises above the threshold again.
   */
  private async alertLowStock(orderId: string, candidates: LowStockCandidate[]): Promise<boolean> {
    const threshold = await this.stock.lowStockThreshold();
    let wrote = false;
    for (const c of candidates) {
      if (c.countInStock > threshold) continue;
      if (!(await this.stock.flagLowStock(c.variant))) continue;
      // Issue 28: the owner's mail says how many shoppers wait for it to be back.
      const waiting = await this.stockWaits.waitingFor(c.variant);
      await this.outbox.append({
        event: CatalogEvent.LowStock,
        product: { _id: c.product, name: c.name, countInStock: c.countInStock },
        ...(c.variant === c.product ? {} : { variant: c.variant }),
        threshold,
        orderId,
        waiting,
      });
      wrote = true;
    }
    return wrote;
  }

  /**
   * The catalog's current name, picture, price and stock of the variants a cart names (each product's implicit one
   * for `products`), deleted ones included; a line whose product is unknown is left out.
   */
  async lookup({ products, lines }: PatternRequest<typeof Pattern.StockLookup>): Promise<StockLookupItem[]> {
    const wanted = [...new Set(products)].map((product) => ({ product, variant: product }));
    for (const line of lines ?? []) wanted.push({ product: line.product, variant: lineVariant(line) });
    const valid = wanted.filter((l) => ProductIdSchema.safeParse(l.product).success && ProductIdSchema.safeParse(l.variant).success);
    if (valid.length === 0) return [];
    const rows = await this.stock.lookup(valid);
    return rows.map((r) => ({
      product: r.product_id,
      variant: r.variant_id,
      variantLabel: r.variant_label,
      productName: r.name,
      name: lineDisplayName(r.name, r.variant_label),
      image: r.image,
      price: fromCents(Number(r.price_cents)),
      countInStock: Number(r.count_in_stock),
      deleted: r.deleted,
    }));
  }

  /** Turns a reservation into a sale: adds its quantities to `purchases`. A repeat changes nothing. */
  commit({ orderId }: PatternRequest<typeof Pattern.StockCommit>): Promise<StockChangeResponse> {
    return this.transition(orderId, 'committed');
  }

  /** Gives a reservation's quantities back to stock. A repeat, or a release after a commit, changes nothing. */
  release({ orderId }: PatternRequest<typeof Pattern.StockRelease>): Promise<StockChangeResponse> {
    return this.transition(orderId, 'released');
  }

  /** Puts a cancelled sale back on the shelf: its quantities return to stock and leave `purchases`. A repeat changes nothing. */
  returnSale({ orderId }: PatternRequest<typeof Pattern.StockReturn>): Promise<StockChangeResponse> {
    return this.transition(orderId, 'returned');
  }

  /**
   * A paid order's stock as a sale, whatever became of its reservation (issue 23: a card payment that arrived after
   * the reservation ran out): still reserved, it is committed; released, it is taken off the shelf again (all lines
   * or none, never below zero) and committed; already committed, nothing changes. When the shelf no longer has it,
   * nothing changes and `shortfall` names what is missing.
   */
  async reclaim({ orderId }: PatternRequest<typeof Pattern.StockReclaim>): Promise<ReclaimStockResponse> {
    try {
      return await this.tx.run(async (): Promise<ReclaimStockResponse> => {
        await this.stock.lockOrder(orderId);
        const lines = await this.stock.reservedLines(orderId);
        const status = lines[0]?.status;
        if (status === 'reserved') {
          await this.stock.moveReservation(orderId, 'committed');
          return { orderId, changed: true, status: 'committed', shortfall: null };
        }
        if (status !== 'released') {
          const none = status === undefined ? 'This order holds no stock' : null;
          return { orderId, changed: false, status: (status ?? 'none') as ReclaimStockResponse['status'], shortfall: status === 'committed' ? null : none ?? 'This order was returned to the shelf' };
        }
        // Products locked first, then the variants in product then variant id order, as every reservation takes them.
        await this.stock.lockProducts(lines.map((l) => l.product_id));
        for (const row of lines) {
          const line = { product: row.product_id, variant: row.variant_id, qty: row.qty };
          // Hidden or switched off since the sale was made: the shopper paid for it, so it is still theirs.
          if (!(await this.stock.take(line, true))) throw new StockShortfall(await this.shortfall(line));
        }
        await this.stock.recommitReleased(orderId);
        return { orderId, changed: true, status: 'committed', shortfall: null };
      });
    } catch (err) {
      // Thrown inside the transaction so that the lines already taken go back with its rollback.
      if (err instanceof StockShortfall) return { orderId, changed: false, status: 'released', shortfall: err.message };
      throw err;
    }
  }

  private async transition(orderId: string, to: ReservationMove): Promise<StockChangeResponse> {
    return this.tx.run(async () => {
      await this.stock.lockOrder(orderId);
      const moved = await this.stock.moveReservation(orderId, to);
      if (moved.length > 0) return { orderId, changed: true, status: to };
      return { orderId, changed: false, status: ((await this.stock.reservationStatus(orderId)) ?? 'none') as StockChangeResponse['status'] };
    });
  }

  /**
   * The owner's "+N" (issue 26) on a product's variant (its implicit one when none is named): one conditional update
   * that adds the stock and records the movement (who, how many, why, when) in the same statement and transaction.
   * A product that is unknown or deleted is a 404, a variant that is not the product's a 400; a sum past the most
   * the shop may hold is a 400 and changes nothing.
   */
  async restock({ product, input, actor }: PatternRequest<typeof Pattern.StockRestock>): Promise<RestockResponse> {
    if (!ProductIdSchema.safeParse(product).success) throw new NotFoundError(PRODUCT_NOT_FOUND);
    const line = { product, variant: input.variant ?? product, qty: input.qty };
    return this.tx.run(async () => {
      await this.stock.lockProducts([product]);
      const row = await this.stock.restock(line, MAX_COUNT_IN_STOCK, input.reason ?? null, actor);
      if (row) {
        const name = lineDisplayName(row.name, row.variant_label);
        return { product: { _id: row.product_id, name, countInStock: Number(row.count_after) }, movement: toMovement(row) };
      }
      const current = await this.stock.variantState(line);
      if (!current || current.deleted) throw new NotFoundError(PRODUCT_NOT_FOUND);
      if (current.variant_id === null) throw new ValidationError(notAVariantMessage(current.name));
      const room = MAX_COUNT_IN_STOCK - Number(current.count_in_stock);
      const name = lineDisplayName(current.name, current.variant_label);
      throw new ValidationError(`${name} has ${Number(current.count_in_stock).toLocaleString('en-US')} in stock; at most ${room.toLocaleString('en-US')} more can be added`);
    });
  }

  /** A product's inventory history (all its variants, or the one named), newest first (deleted products keep theirs). */
  async movements({ product, variant, limit }: PatternRequest<typeof Pattern.StockMovements>): Promise<StockMovement[]> {
    if (!ProductIdSchema.safeParse(product).success) throw new NotFoundError(PRODUCT_NOT_FOUND);
    if (variant !== undefined && !ProductIdSchema.safeParse(variant).success) throw new ValidationError('Variant is not valid');
    if (!(await this.stock.variantState({ product, variant: variant ?? product }))) throw new NotFoundError(PRODUCT_NOT_FOUND);
    return (await this.stock.history(product, variant ?? null, limit ?? 50)).map(toMovement);
  }

  /** Reservations held past their time, for the stock sweeper. */
  pastHold(limit: number): Promise<string[]> {
    return this.stock.pastHold(limit);
  }

  /** Their orders are stored: the reservations stay until the order commits or releases them. */
  async keep(orderIds: string[]): Promise<void> {
    if (orderIds.length > 0) await this.tx.run(() => this.stock.keep(orderIds));
  }

  /** What is missing for a line: '{name} is out of stock', 'Only N of {name} left in stock', '{name} is no longer available'. */
  private async shortfall(line: Required<StockLine>): Promise<string> {
    const state = await this.stock.variantState(line);
    if (!state) return `Unknown product: ${line.product}`;
    const name = lineDisplayName(state.name, state.variant_label);
    if (state.deleted || state.variant_id === null) return `${name} is no longer available`;
    const left = Number(state.count_in_stock);
    return left === 0 ? `${name} is out of stock` : `Only ${left} of ${name} left in stock (${line.qty} needed)`;
  }

  private async explainShortfall(line: Required<StockLine>): Promise<never> {
    const state = await this.stock.variantState(line);
    if (!state) throw new ValidationError(`Unknown product: ${line.product}`);
    throw refusalFor(state);
  }
}

/**
 * Why a line's variant cannot be sold now, named so the shopper can tell which line to change: a variant that is not
 * the product's (400), deleted (400: products and variants keep their rows and names for the orders that name them),
 * kept out of the shop or switched off by the owner (409), or short (409).
 */
function refusalFor(state: VariantStateRow): Error {
  if (state.variant_id === null) return new ValidationError(notAVariantMessage(state.name));
  const name = lineDisplayName(state.name, state.variant_label);
  if (state.deleted) return new ValidationError(`${name} is no longer available`);
  if (state.hidden) return new ConflictError(hiddenMessage(name));
  const left = Number(state.count_in_stock);
  return new ConflictError(left === 0 ? `${name} is out of stock` : `Only ${left} of ${name} left in stock`);
}

/** A line names a variant that is unknown or another product's. */
function notAVariantMessage(productName: string): string {
  return `The chosen option is not one of ${productName}'s; please choose it again`;
}

/** A line of a reservation whose variant may go low: its display name and its stock after the reservation. */
interface LowStockCandidate {
  product: string;
  variant: string;
  name: string;
  countInStock: number;
}

/** A reclaim found the shelf short: rolls its transaction back, and is answered as `shortfall`. */
class StockShortfall extends Error {}

/** The catalog's refusal to reserve again under an order id whose reservation was released without a sale. */
export const ABANDONED_MESSAGE = 'This checkout took too long and its reserved items were put back on sale; please place your order again';

const PRODUCT_NOT_FOUND = 'Product not found';

/** Why an order cannot have a product the owner keeps out of the shop. */
export function hiddenMessage(name: string): string {
  return `${name} is not for sale at the moment. Please remove it from your cart to place your order.`;
}

function toMovement(r: StockMovementRow): StockMovement {
  return {
    _id: r.id,
    product: r.product_id,
    ...variantFields(r.product_id, r.variant_id, r.variant_label),
    kind: r.kind,
    change: Number(r.change),
    countAfter: Number(r.count_after),
    reason: r.reason,
    actor: r.actor,
    createdAt: new Date(r.created_at).toISOString(),
  };
}

function toReservedLine(r: ReservedRow): ReservedLine {
  return {
    product: r.product_id,
    ...variantFields(r.product_id, r.variant_id, r.variant_label),
    name: lineDisplayName(r.name, r.variant_label),
    price: fromCents(r.price_cents),
    image: r.image,
    qty: r.qty,
  };
}

/**
 * One line per variant (quantities added; a line without a variant is its product's implicit one), in product then
 * variant id order, so that concurrent orders lock rows in the same order and a repeat reads them back the same.
 */
function mergeLines(items: StockLine[]): Array<Required<StockLine>> {
  const byVariant = new Map<string, Required<StockLine>>();
  for (const item of items) {
    const variant = lineVariant(item);
    const key = `${item.product}:${variant}`;
    byVariant.set(key, { product: item.product, variant, qty: (byVariant.get(key)?.qty ?? 0) + item.qty });
  }
  return [...byVariant.values()].sort((a, b) => a.product.localeCompare(b.product) || a.variant.localeCompare(b.variant));
}
