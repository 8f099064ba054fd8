import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  ConflictError,
  ProductIdSchema,
  type ReservedLine,
  type ReserveStockResponse,
  type StockChangeResponse,
  type StockLine,
  validate,
  ValidationError,
} from '@shop/contracts';
import { fromCents } from '@shop/money';
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
      }),
    )
    .min(1, 'The order has no items')
    .max(100, 'The order has too many lines'),
});

/**
 * Stock is the catalog's: reservations are conditional updates that never take stock below zero, all
 * lines or none, and every operation is keyed by order id so that a repeat changes nothing.
 */
@Injectable()
export class StockService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async reserve(raw: unknown): Promise<ReserveStockResponse> {
    const { orderId, items } = validate(ReserveSchema, raw);
    const lines = mergeLines(items);
    return this.dataSource.transaction(async (em) => {
      // Serialise calls for the same order; different orders run in parallel.
      await em.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`stock:${orderId}`]);
      const existing = await this.reservedLines(em, orderId);
      if (existing.length > 0) return { orderId, items: existing };

      for (const line of lines) {
        const updated = await queryRows(
          em,
          `UPDATE catalog.products SET count_in_stock = count_in_stock - $2, updated_at = now()
            WHERE id = $1 AND deleted_at IS NULL AND count_in_stock >= $2
            RETURNING id`,
          [line.product, line.qty],
        );
        if (updated.length === 0) await this.explainShortfall(em, line);
      }
      await em.query(
        `INSERT INTO catalog.stock_reservations (order_id, product_id, qty)
         SELECT $1, unnest($2::uuid[]), unnest($3::int[])`,
        [orderId, lines.map((l) => l.product), lines.map((l) => l.qty)],
      );
      return { orderId, items: await this.reservedLines(em, orderId) };
    });
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
    const [product] = await em.query('SELECT name, count_in_stock FROM catalog.products WHERE id = $1 AND deleted_at IS NULL', [line.product]);
    if (!product) throw new ValidationError(`Unknown product: ${line.product}`);
    const left = Number(product.count_in_stock);
    throw new ConflictError(
      left === 0 ? `${product.name} is out of stock` : `Only ${left} of ${product.name} left in stock`,
    );
  }
}

/** One line per product (quantities added), in id order so that concurrent orders lock rows in the same order. */
function mergeLines(items: StockLine[]): StockLine[] {
  const byProduct = new Map<string, number>();
  for (const item of items) byProduct.set(item.product, (byProduct.get(item.product) ?? 0) + item.qty);
  return [...byProduct.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([product, qty]) => ({ product, qty }));
}
