import { Injectable } from '@nestjs/common';
import type { StockLine, StockMovementKind } from '@shop/contracts';
import { queryRows, TransactionContext } from '@shop/server-database';

/** Where a reservation can move, what it does to its products, and the status it must have now. */
const MOVES = {
  committed: { productChange: 'purchases = p.purchases + r.qty', from: 'reserved' },
  released: { productChange: 'count_in_stock = p.count_in_stock + r.qty', from: 'reserved' },
  returned: { productChange: 'count_in_stock = p.count_in_stock + r.qty, purchases = greatest(p.purchases - r.qty, 0)', from: 'committed' },
} as const;

export type ReservationMove = keyof typeof MOVES;

/** A product row after `take`: what the order pays, and what the low-stock alert needs. */
export interface TakenRow {
  name: string;
  price_cents: number;
  image: string;
  count_in_stock: number;
  low_stock_alerted: boolean;
}

export interface ReservedRow {
  product_id: string;
  name: string;
  price_cents: number;
  image: string;
  qty: number;
  status: string;
}

/** A row of `catalog.stock_movements` with the product's name. */
export interface StockMovementRow {
  id: string;
  product_id: string;
  name: string;
  kind: StockMovementKind;
  change: number;
  count_after: number;
  reason: string | null;
  actor: string;
  created_at: Date;
}

/** All SQL of stock: products' counts, the reservations keyed by order id, and the inventory history (issue 26). Queries join the current transaction. */
@Injectable()
export class StockRepository {
  constructor(private readonly tx: TransactionContext) {}

  /** Serialises work on one order's stock until the current transaction ends; different orders run in parallel. */
  async lockOrder(orderId: string): Promise<void> {
    await this.tx.db().query('SELECT pg_advisory_xact_lock(hashtext($1))', [`stock:${orderId}`]);
  }

  /**
   * Takes `qty` off a live product's stock only if that much is left; answers its name and price, or
   * undefined. The row stays locked until the commit, so the price read here is the price the order pays.
   * A product the owner keeps out of the shop is not sold (issue 26) unless `includeHidden` (a sale already
   * made, taken back off the shelf).
   */
  async take(line: StockLine, includeHidden = false): Promise<TakenRow | undefined> {
    const [updated] = await queryRows<TakenRow>(
      this.tx.db(),
      `UPDATE catalog.products SET count_in_stock = count_in_stock - $2, updated_at = now()
        WHERE id = $1 AND deleted_at IS NULL AND (visible OR $3) AND count_in_stock >= $2
        RETURNING name, price_cents, image, count_in_stock, low_stock_alerted`,
      [line.product, line.qty, includeHidden],
    );
    return updated;
  }

  /** The low-stock threshold in force (site settings; 3 before the settings exist). */
  async lowStockThreshold(): Promise<number> {
    const [row] = await this.tx.db().query('SELECT low_stock_threshold FROM catalog.site_settings WHERE singleton LIMIT 1');
    return row ? Number(row.low_stock_threshold) : 3;
  }

  /**
   * Flags a product as alerted (issue 17). Called under the row lock `take` holds, so two orders cannot both
   * see the flag down: answers false when it was already up.
   */
  async flagLowStock(productId: string): Promise<boolean> {
    const rows = await queryRows<{ id: string }>(
      this.tx.db(),
      'UPDATE catalog.products SET low_stock_alerted = true WHERE id = $1 AND NOT low_stock_alerted RETURNING id',
      [productId],
    );
    return rows.length > 0;
  }

  /** Which of these product ids have a row (deleted products included): an unknown id cannot be reserved. */
  async knownProducts(ids: string[]): Promise<Set<string>> {
    const rows: Array<{ id: string }> = await this.tx.db().query('SELECT id FROM catalog.products WHERE id = ANY($1::uuid[])', [ids]);
    return new Set(rows.map((r) => r.id));
  }

  /** The reservation is held `holdSeconds` from now; only a stored order (asked by the stock sweeper) keeps it longer. */
  async insertReservation(orderId: string, lines: StockLine[], holdSeconds: number): Promise<void> {
    await this.tx.db().query(
      `INSERT INTO catalog.stock_reservations (order_id, product_id, qty, held_until)
       SELECT $1, unnest($2::uuid[]), unnest($3::int[]), now() + make_interval(secs => $4)`,
      [orderId, lines.map((l) => l.product), lines.map((l) => l.qty), holdSeconds],
    );
  }

  /** The order's reserved lines with their products' current name, price and picture, in product id order. */
  async reservedLines(orderId: string): Promise<ReservedRow[]> {
    return this.tx.db().query(
      `SELECT r.product_id, p.name, p.price_cents, p.image, r.qty, r.status
         FROM catalog.stock_reservations r JOIN catalog.products p ON p.id = r.product_id
        WHERE r.order_id = $1 ORDER BY r.product_id`,
      [orderId],
    );
  }

  async lookup(ids: string[]): Promise<Array<{ id: string; name: string; image: string; price_cents: number; count_in_stock: number; deleted: boolean }>> {
    return queryRows<{ id: string; name: string; image: string; price_cents: number; count_in_stock: number; deleted: boolean }>(
      this.tx.db(),
      `SELECT id, name, image, price_cents, count_in_stock, deleted_at IS NOT NULL OR NOT visible AS deleted
         FROM catalog.products WHERE id = ANY($1::uuid[])`,
      [ids],
    );
  }

  /** Moves the order's reservation rows to `to` and changes their products to match; answers the products changed. */
  async moveReservation(orderId: string, to: ReservationMove): Promise<Array<{ product_id: string }>> {
    const { productChange, from } = MOVES[to];
    return queryRows<{ product_id: string }>(
      this.tx.db(),
      `WITH moved AS (
         UPDATE catalog.stock_reservations SET status = $2, held_until = NULL, updated_at = now()
          WHERE order_id = $1 AND status = $3
          RETURNING product_id, qty
       )
       UPDATE catalog.products p SET ${productChange}, updated_at = now()
         FROM moved r WHERE p.id = r.product_id
       RETURNING p.id AS product_id`,
      [orderId, to, from],
    );
  }

  /**
   * A released reservation becomes a sale again (a late payment's stock, taken back off the shelf by `take` in the
   * same transaction): its rows move to committed and its products' purchases go up. Answers the products changed.
   */
  async recommitReleased(orderId: string): Promise<Array<{ product_id: string }>> {
    return queryRows<{ product_id: string }>(
      this.tx.db(),
      `WITH moved AS (
         UPDATE catalog.stock_reservations SET status = 'committed', held_until = NULL, updated_at = now()
          WHERE order_id = $1 AND status = 'released'
          RETURNING product_id, qty
       )
       UPDATE catalog.products p SET purchases = p.purchases + r.qty, updated_at = now()
         FROM moved r WHERE p.id = r.product_id
       RETURNING p.id AS product_id`,
      [orderId],
    );
  }

  /** Orders whose reservation is still held past its time: no stored order has claimed it yet. */
  async pastHold(limit: number): Promise<string[]> {
    const rows: Array<{ order_id: string }> = await this.tx.db().query(
      `SELECT DISTINCT order_id FROM catalog.stock_reservations
        WHERE status = 'reserved' AND held_until IS NOT NULL AND held_until < now()
        LIMIT ${Number(limit)}`,
    );
    return rows.map((r) => r.order_id);
  }

  /** The orders are stored: their reservations are held until committed or released, no longer until a time. */
  async keep(orderIds: string[]): Promise<void> {
    await this.tx.db().query(
      `UPDATE catalog.stock_reservations SET held_until = NULL, updated_at = now()
        WHERE order_id = ANY($1::text[]) AND status = 'reserved' AND held_until IS NOT NULL`,
      [orderIds],
    );
  }

  async reservationStatus(orderId: string): Promise<string | undefined> {
    const [current] = await this.tx.db().query('SELECT status FROM catalog.stock_reservations WHERE order_id = $1 LIMIT 1', [orderId]);
    return current?.status;
  }

  async productStock(productId: string): Promise<{ name: string; count_in_stock: number; deleted: boolean; hidden: boolean } | undefined> {
    const [product] = await this.tx.db().query(
      'SELECT name, count_in_stock, deleted_at IS NOT NULL AS deleted, NOT visible AS hidden FROM catalog.products WHERE id = $1',
      [productId],
    );
    return product;
  }

  /**
   * Adds `qty` to a live product's stock and records the movement, in one statement: the update is
   * conditional (the product exists, is on sale, and the sum stays within `max`), so nothing is read and then
   * written; no row back means nothing changed and nothing was recorded.
   */
  async restock(productId: string, qty: number, max: number, reason: string | null, actor: string): Promise<StockMovementRow | undefined> {
    const [row] = await queryRows<StockMovementRow>(
      this.tx.db(),
      `WITH changed AS (
         UPDATE catalog.products SET count_in_stock = count_in_stock + $2, updated_at = now()
          WHERE id = $1 AND deleted_at IS NULL AND count_in_stock + $2 <= $3
          RETURNING id, name, count_in_stock
       ), recorded AS (
         INSERT INTO catalog.stock_movements (product_id, kind, change, count_after, reason, actor)
         SELECT id, 'restock', $2, count_in_stock, $4, $5 FROM changed
         RETURNING id, product_id, kind, change, count_after, reason, actor, created_at
       )
       SELECT r.id::text AS id, r.product_id, c.name, r.kind, r.change, r.count_after, r.reason, r.actor, r.created_at
         FROM recorded r JOIN changed c ON c.id = r.product_id`,
      [productId, qty, max, reason, actor],
    );
    return row;
  }


  /** A product's movements, newest first. */
  async history(productId: string, limit: number): Promise<StockMovementRow[]> {
    return queryRows<StockMovementRow>(
      this.tx.db(),
      `SELECT m.id::text AS id, m.product_id, p.name, m.kind, m.change, m.count_after, m.reason, m.actor, m.created_at
         FROM catalog.stock_movements m JOIN catalog.products p ON p.id = m.product_id
        WHERE m.product_id = $1
        ORDER BY m.id DESC
        LIMIT $2`,
      [productId, limit],
    );
  }
}
