import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  ConflictError,
  ProductIdSchema,
  type ReservedLine,
  type ReserveStockResponse,
  type StockChangeResponse,
  type StockLine,
  type StockLookupItem,
  validate,
  ValidationError,
} from '@shop/contracts';
import { formatTTD, fromCents, isMoneyAmount, toCents } from '@shop/money';
import { queryRows } from '@shop/server-database';
import type { DataSource, EntityManager } from 'typeorm';
import { z } from 'zod';

/** Order ids the catalog accepts as reservation keys. */
const OrderIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'Order id is not valid');

const ReserveSchema = z.object({
  orderId: OrderIdSchema,
  items: z
    .array(
      z.object({
        product: z.string().refine((v) => ProductIdSchema.safeParse(v).success, 'Unknown product'),
        qty: z.number().int('Quantity must be a whole number').min(1, 'Quantity must be at least 1').max(10_000, 'Quantity is too large'),
        confirmedPrice: z.number().refine(isMoneyAmount, 'Confirmed price is not valid').optional(),
      }),
    )
    .min(1, 'The order has no items')
    .max(100, 'The order has too many lines'),
  expectedItemsTotal: z.number().refine(isMoneyAmount, 'Expected total is not valid').optional(),
});

const LookupSchema = z.object({
  products: z.array(z.string()).max(100, 'Too many products'),
});

/**
 * Stock is the catalog's: reservations are conditional updates that never take stock below zero, all
 * lines or none, and every operation is keyed by order id so that a repeat changes nothing.
 */
@Injectable()
export class StockService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async reserve(raw: unknown): Promise<ReserveStockResponse> {
    const { orderId, items, expectedItemsTotal } = validate(ReserveSchema, raw);
    const lines = mergeLines(items);
    return this.dataSource.transaction(async (em) => {
      // Serialise calls for the same order; different orders run in parallel.
      await em.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`stock:${orderId}`]);
      const existing = await this.reservedLines(em, orderId);
      if (existing.length > 0) return { orderId, items: existing };

      const priced: PricedLine[] = [];
      for (const line of lines) {
        // The row stays locked until the commit, so the price read here is the price the order pays.
        const [updated] = await queryRows<{ name: string; price_cents: number }>(
          em,
          `UPDATE catalog.products SET count_in_stock = count_in_stock - $2, updated_at = now()
            WHERE id = $1 AND deleted_at IS NULL AND count_in_stock >= $2
            RETURNING name, price_cents`,
          [line.product, line.qty],
        );
        if (!updated) return this.explainShortfall(em, line);
        priced.push({ ...line, name: updated.name, priceCents: Number(updated.price_cents) });
      }
      // Throwing rolls the whole reservation back: a refused order leaves no trace in stock.
      if (expectedItemsTotal !== undefined) refuseChangedTotal(priced, toCents(expectedItemsTotal));
      await em.query(
        `INSERT INTO catalog.stock_reservations (order_id, product_id, qty)
         SELECT $1, unnest($2::uuid[]), unnest($3::int[])`,
        [orderId, lines.map((l) => l.product), lines.map((l) => l.qty)],
      );
      return { orderId, items: await this.reservedLines(em, orderId) };
    });
  }

  /** The catalog's current name, picture, price and stock of the products a cart names, deleted ones included. */
  async lookup(raw: unknown): Promise<StockLookupItem[]> {
    const { products } = validate(LookupSchema, raw);
    const ids = [...new Set(products.filter((id) => ProductIdSchema.safeParse(id).success))];
    if (ids.length === 0) return [];
    const rows = await queryRows<{ id: string; name: string; image: string; price_cents: number; count_in_stock: number; deleted: boolean }>(
      this.dataSource.manager,
      `SELECT id, name, image, price_cents, count_in_stock, deleted_at IS NOT NULL AS deleted
         FROM catalog.products WHERE id = ANY($1::uuid[])`,
      [ids],
    );
    return rows.map((r) => ({
      product: r.id,
      name: r.name,
      image: r.image,
      price: fromCents(Number(r.price_cents)),
      countInStock: Number(r.count_in_stock),
      deleted: r.deleted,
    }));
  }

  /** Turns a reservation into a sale: adds its quantities to `purchases`. A repeat changes nothing. */
  commit(raw: unknown): Promise<StockChangeResponse> {
    return this.transition(raw, 'committed', 'purchases = p.purchases + r.qty');
  }

  /** Gives a reservation's quantities back to stock. A repeat, or a release after a commit, changes nothing. */
  release(raw: unknown): Promise<StockChangeResponse> {
    return this.transition(raw, 'released', 'count_in_stock = p.count_in_stock + r.qty');
  }

  private async transition(raw: unknown, to: 'committed' | 'released', productChange: string): Promise<StockChangeResponse> {
    const { orderId } = validate(z.object({ orderId: OrderIdSchema }), raw);
    return this.dataSource.transaction(async (em) => {
      await em.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`stock:${orderId}`]);
      const moved = await queryRows<{ product_id: string }>(
        em,
        `WITH moved AS (
           UPDATE catalog.stock_reservations SET status = $2, updated_at = now()
            WHERE order_id = $1 AND status = 'reserved'
            RETURNING product_id, qty
         )
         UPDATE catalog.products p SET ${productChange}, updated_at = now()
           FROM moved r WHERE p.id = r.product_id
         RETURNING p.id AS product_id`,
        [orderId, to],
      );
      if (moved.length > 0) return { orderId, changed: true, status: to };
      const [current] = await em.query('SELECT status FROM catalog.stock_reservations WHERE order_id = $1 LIMIT 1', [orderId]);
      return { orderId, changed: false, status: current?.status ?? 'none' };
    });
  }

  private async reservedLines(em: EntityManager, orderId: string): Promise<ReservedLine[]> {
    const rows: Array<{ product_id: string; name: string; price_cents: number; image: string; qty: number }> = await em.query(
      `SELECT r.product_id, p.name, p.price_cents, p.image, r.qty
         FROM catalog.stock_reservations r JOIN catalog.products p ON p.id = r.product_id
        WHERE r.order_id = $1 ORDER BY r.product_id`,
      [orderId],
    );
    return rows.map((r) => ({ product: r.product_id, name: r.name, price: fromCents(r.price_cents), image: r.image, qty: r.qty }));
  }

  private async explainShortfall(em: EntityManager, line: StockLine): Promise<never> {
    const [product] = await em.query('SELECT name, count_in_stock, deleted_at IS NOT NULL AS deleted FROM catalog.products WHERE id = $1', [line.product]);
    if (!product) throw new ValidationError(`Unknown product: ${line.product}`);
    // Deleted products keep their row (and name) for the orders that name them: the shopper can tell which line to remove.
    if (product.deleted) throw new ValidationError(`${product.name} is no longer available`);
    const left = Number(product.count_in_stock);
    throw new ConflictError(
      left === 0 ? `${product.name} is out of stock` : `Only ${left} of ${product.name} left in stock`,
    );
  }
}

interface MergedLine extends StockLine {
  confirmedPrice?: number;
}

interface PricedLine extends MergedLine {
  name: string;
  priceCents: number;
}

/** One line per product (quantities added), in id order so that concurrent orders lock rows in the same order. */
function mergeLines(items: MergedLine[]): MergedLine[] {
  const byProduct = new Map<string, MergedLine>();
  for (const item of items) {
    const seen = byProduct.get(item.product);
    byProduct.set(item.product, { product: item.product, qty: (seen?.qty ?? 0) + item.qty, confirmedPrice: seen?.confirmedPrice ?? item.confirmedPrice });
  }
  return [...byProduct.values()].sort((a, b) => a.product.localeCompare(b.product));
}

/** A 409 naming each price that moved since the shopper confirmed, when the items total is not the confirmed one. */
function refuseChangedTotal(lines: PricedLine[], expectedCents: number): void {
  const totalCents = lines.reduce((sum, l) => sum + l.priceCents * l.qty, 0);
  if (totalCents === expectedCents) return;
  const changes = lines
    .filter((l) => l.confirmedPrice !== undefined && toCents(l.confirmedPrice) !== l.priceCents)
    .map((l) => `${l.name} is now ${formatTTD(fromCents(l.priceCents))} (was ${formatTTD(l.confirmedPrice ?? 0)})`);
  const what = changes.length > 0 ? `Prices changed: ${changes.join('; ')}.` : `The items now come to ${formatTTD(fromCents(totalCents))}.`;
  throw new ConflictError(`${what} Please check the new total and confirm your order again.`);
}
