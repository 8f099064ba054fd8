import { Injectable } from '@nestjs/common';
import type { StockLine, StockMovementKind } from '@shop/contracts';
import { queryRows, TransactionContext } from '@shop/server-database';

/** Where a reservation can move, what it does to its variants, and the status it must have now. */
const MOVES = {
  committed: { variantChange: 'purchases = v.purchases + r.qty', from: 'reserved' },
  released: { variantChange: 'count_in_stock = v.count_in_stock + r.qty', from: 'reserved' },
  returned: { variantChange: 'count_in_stock = v.count_in_stock + r.qty, purchases = greatest(v.purchases - r.qty, 0)', from: 'committed' },
} as const;

/** A variant's label ("16 oz / Cocoa"; '' for the implicit variant), from its product `p` and variant `v`. */
const LABEL = 'catalog.variant_label(p.options, v.value_ids)';
/** A variant's picture, else its product's. */
const IMAGE = "coalesce(nullif(v.image, ''), p.image)";

export type ReservationMove = keyof typeof MOVES;

/** A variant after `take`: what the order pays, and what the low-stock alert needs. */
export interface TakenRow {
  name: string;
  variant_label: string;
  price_cents: number;
  image: string;
  count_in_stock: number;
  low_stock_alerted: boolean;
}

export interface ReservedRow {
  product_id: string;
  variant_id: string;
  name: string;
  variant_label: string;
  price_cents: number;
  image: string;
  qty: number;
  status: string;
}

/** A row of `catalog.stock_movements` with the product's name and the variant's label. */
export interface StockMovementRow {
  id: string;
  product_id: string;
  variant_id: string;
  name: string;
  variant_label: string;
  kind: StockMovementKind;
  change: number;
  count_after: number;
  reason: string | null;
  actor: string;
  created_at: Date;
}

/** A variant's stock, price and state as a cart line names it (`catalog.stock.lookup`). */
export interface VariantLookupRow {
  product_id: string;
  variant_id: string;
  name: string;
  variant_label: string;
  image: string;
  price_cents: number;
  count_in_stock: number;
  deleted: boolean;
}

/** What a line's variant is now, to say why it cannot be sold: `variant_id` null when the product has no such variant. */
export interface VariantStateRow {
  name: string;
  variant_id: string | null;
  variant_label: string;
  count_in_stock: number;
  deleted: boolean;
  hidden: boolean;
}

/**
 * All SQL of stock: variants' counts (issue 28: each product's stock is its variants'), the reservations keyed by order
 * id, and the inventory history (issue 26). Queries join the current transaction. Every write of variants locks their
 * products' rows first, in id order (`lockProducts`): the variants' trigger locks the product to keep its figures, so a
 * variant locked before its product could deadlock with another order of the same product.
 */
@Injectable()
export class StockRepository {
  constructor(private readonly tx: TransactionContext) {}

  /** Serialises work on one order's stock until the current transaction ends; different orders run in parallel. */
  async lockOrder(orderId: string): Promise<void> {
    await this.tx.db().query('SELECT pg_advisory_xact_lock(hashtext($1))', [`stock:${orderId}`]);
  }

  /**
   * Locks these products' rows (`FOR NO KEY UPDATE`, in id order) until the transaction ends: the first step of every
   * write of their variants. No key-share lock (a reservation's foreign key) waits for it.
   */
  async lockProducts(productIds: string[]): Promise<void> {
    await this.tx.db().query('SELECT 1 FROM catalog.products WHERE id = ANY($1::uuid[]) ORDER BY id FOR NO KEY UPDATE', [productIds]);
  }

  /**
   * Takes `qty` off a live variant's stock only if that much is left; answers its product's name, its label and
   * price, or undefined. The row stays locked until the commit, so the price read here is the price the order pays.
   * A product the owner keeps out of the shop (issue 26), or a variant switched off, is not sold unless
   * `includeHidden` (a sale already made, taken back off the shelf). The caller has locked the product.
   */
  async take(line: Required<StockLine>, includeHidden = false): Promise<TakenRow | undefined> {
    const [updated] = await queryRows<TakenRow>(
      this.tx.db(),
      `UPDATE catalog.product_variants v SET count_in_stock = v.count_in_stock - $3, updated_at = now()
         FROM catalog.products p
        WHERE v.id = $2 AND v.product_id = $1 AND p.id = v.product_id
          AND p.deleted_at IS NULL AND v.deleted_at IS NULL AND ((p.visible AND v.active) OR $4) AND v.count_in_stock >= $3
        RETURNING p.name, ${LABEL} AS variant_label, v.price_cents, ${IMAGE} AS image, v.count_in_stock, v.low_stock_alerted`,
      [line.product, line.variant, line.qty, includeHidden],
    );
    return updated;
  }

  /** The low-stock threshold in force (site settings; 3 before the settings exist). */
  async lowStockThreshold(): Promise<number> {
    const [row] = await this.tx.db().query('SELECT low_stock_threshold FROM catalog.site_settings WHERE singleton LIMIT 1');
    return row ? Number(row.low_stock_threshold) : 3;
  }

  /**
   * Flags a variant as alerted (issue 17, per variant since issue 28). Called under the row lock `take` holds, so two
   * orders cannot both see the flag down: answers false when it was already up.
   */
  async flagLowStock(variantId: string): Promise<boolean> {
    const rows = await queryRows<{ id: string }>(
      this.tx.db(),
      'UPDATE catalog.product_variants SET low_stock_alerted = true WHERE id = $1 AND NOT low_stock_alerted RETURNING id',
      [variantId],
    );
    return rows.length > 0;
  }

  /**
   * The stock of these variants as last committed (no lock), keyed `product:variant`, deleted ones included: a
   * variant missing from the answer is unknown or another product's and cannot be reserved.
   */
  async committedStock(lines: Array<Required<Pick<StockLine, 'product' | 'variant'>>>): Promise<Map<string, number>> {
    const rows = await queryRows<{ key: string; count_in_stock: number }>(
      this.tx.db(),
      `SELECT product_id || ':' || id AS key, count_in_stock FROM catalog.product_variants WHERE id = ANY($1::uuid[])`,
      [lines.map((l) => l.variant)],
    );
    return new Map(rows.map((r) => [r.key, Number(r.count_in_stock)]));
  }

  /** The reservation is held `holdSeconds` from now; only a stored order (asked by the stock sweeper) keeps it longer. */
  async insertReservation(orderId: string, lines: Array<Required<StockLine>>, holdSeconds: number): Promise<void> {
    await this.tx.db().query(
      `INSERT INTO catalog.stock_reservations (order_id, product_id, variant_id, qty, held_until)
       SELECT $1, unnest($2::uuid[]), unnest($3::uuid[]), unnest($4::int[]), now() + make_interval(secs => $5)`,
      [orderId, lines.map((l) => l.product), lines.map((l) => l.variant), lines.map((l) => l.qty), holdSeconds],
    );
  }

  /** The order's reserved lines with their variants' current price and picture and their label, in product then variant id order. */
  async reservedLines(orderId: string): Promise<ReservedRow[]> {
    return queryRows<ReservedRow>(
      this.tx.db(),
      `SELECT r.product_id, r.variant_id, p.name, ${LABEL} AS variant_label, v.price_cents, ${IMAGE} AS image, r.qty, r.status
         FROM catalog.stock_reservations r
         JOIN catalog.product_variants v ON v.id = r.variant_id
         JOIN catalog.products p ON p.id = r.product_id
        WHERE r.order_id = $1 ORDER BY r.product_id, r.variant_id`,
      [orderId],
    );
  }

  /**
   * The lines' variants now, one row per line that names a known product (in the lines' order): a variant that is
   * unknown, another product's, deleted or switched off, or whose product is deleted or hidden, is `deleted`.
   */
  async lookup(lines: Array<Required<Pick<StockLine, 'product' | 'variant'>>>): Promise<VariantLookupRow[]> {
    return queryRows<VariantLookupRow>(
      this.tx.db(),
      `SELECT p.id AS product_id, l.variant AS variant_id, p.name, coalesce(${LABEL}, '') AS variant_label,
              coalesce(${IMAGE}, p.image) AS image, coalesce(v.price_cents, 0) AS price_cents, coalesce(v.count_in_stock, 0) AS count_in_stock,
              p.deleted_at IS NOT NULL OR NOT p.visible OR v.id IS NULL OR v.deleted_at IS NOT NULL OR NOT v.active AS deleted
         FROM unnest($1::uuid[], $2::uuid[]) WITH ORDINALITY AS l(product, variant, ord)
         JOIN catalog.products p ON p.id = l.product
         LEFT JOIN catalog.product_variants v ON v.id = l.variant AND v.product_id = p.id
        ORDER BY l.ord`,
      [lines.map((l) => l.product), lines.map((l) => l.variant)],
    );
  }

  /** Locks the products of the order's reservation rows in `status` (see `lockProducts`); the caller holds the order's lock. */
  async lockReservedProducts(orderId: string, status: string): Promise<void> {
    await this.tx.db().query(
      `SELECT 1 FROM catalog.products
        WHERE id IN (SELECT product_id FROM catalog.stock_reservations WHERE order_id = $1 AND status = $2)
        ORDER BY id FOR NO KEY UPDATE`,
      [orderId, status],
    );
  }

  /** Moves the order's reservation rows to `to` and changes their variants to match; answers the variants changed. */
  async moveReservation(orderId: string, to: ReservationMove): Promise<Array<{ variant_id: string }>> {
    const { variantChange, from } = MOVES[to];
    await this.lockReservedProducts(orderId, from);
    return queryRows<{ variant_id: string }>(
      this.tx.db(),
      `WITH moved AS (
         UPDATE catalog.stock_reservations SET status = $2, held_until = NULL, updated_at = now()
          WHERE order_id = $1 AND status = $3
          RETURNING variant_id, qty
       )
       UPDATE catalog.product_variants v SET ${variantChange}, updated_at = now()
         FROM moved r WHERE v.id = r.variant_id
       RETURNING v.id AS variant_id`,
      [orderId, to, from],
    );
  }

  /**
   * A released reservation becomes a sale again (a late payment's stock, taken back off the shelf by `take` in the
   * same transaction, which locked the products): its rows move to committed and its variants' purchases go up.
   */
  async recommitReleased(orderId: string): Promise<Array<{ variant_id: string }>> {
    return queryRows<{ variant_id: string }>(
      this.tx.db(),
      `WITH moved AS (
         UPDATE catalog.stock_reservations SET status = 'committed', held_until = NULL, updated_at = now()
          WHERE order_id = $1 AND status = 'released'
          RETURNING variant_id, qty
       )
       UPDATE catalog.product_variants v SET purchases = v.purchases + r.qty, updated_at = now()
         FROM moved r WHERE v.id = r.variant_id
       RETURNING v.id AS variant_id`,
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

  /** A product and the variant a line names, to say why the line cannot be sold; undefined for an unknown product. */
  async variantState(line: Required<Pick<StockLine, 'product' | 'variant'>>): Promise<VariantStateRow | undefined> {
    const [row] = await queryRows<VariantStateRow>(
      this.tx.db(),
      `SELECT p.name, v.id AS variant_id, coalesce(${LABEL}, '') AS variant_label, coalesce(v.count_in_stock, 0) AS count_in_stock,
              p.deleted_at IS NOT NULL OR coalesce(v.deleted_at IS NOT NULL, false) AS deleted, NOT p.visible OR NOT coalesce(v.active, true) AS hidden
         FROM catalog.products p LEFT JOIN catalog.product_variants v ON v.id = $2 AND v.product_id = p.id
        WHERE p.id = $1`,
      [line.product, line.variant],
    );
    return row;
  }

  /**
   * Adds `qty` to a live variant's stock and records the movement, in one statement: the update is conditional (the
   * product and variant exist, are not deleted, and the sum stays within `max`), so nothing is read and then written;
   * no row back means nothing changed and nothing was recorded. The caller has locked the product.
   */
  async restock(line: Required<StockLine>, max: number, reason: string | null, actor: string): Promise<StockMovementRow | undefined> {
    const [row] = await queryRows<StockMovementRow>(
      this.tx.db(),
      `WITH changed AS (
         UPDATE catalog.product_variants v SET count_in_stock = v.count_in_stock + $3, updated_at = now()
           FROM catalog.products p
          WHERE v.id = $2 AND v.product_id = $1 AND p.id = v.product_id
            AND p.deleted_at IS NULL AND v.deleted_at IS NULL AND v.count_in_stock + $3 <= $4
          RETURNING v.id, v.product_id, p.name, ${LABEL} AS variant_label, v.count_in_stock
       ), recorded AS (
         INSERT INTO catalog.stock_movements (product_id, variant_id, kind, change, count_after, reason, actor)
         SELECT product_id, id, 'restock', $3, count_in_stock, $5, $6 FROM changed
         RETURNING id, product_id, variant_id, kind, change, count_after, reason, actor, created_at
       )
       SELECT r.id::text AS id, r.product_id, r.variant_id, c.name, c.variant_label, r.kind, r.change, r.count_after, r.reason, r.actor, r.created_at
         FROM recorded r JOIN changed c ON c.id = r.variant_id`,
      [line.product, line.variant, line.qty, max, reason, actor],
    );
    return row;
  }

  /** A product's movements (of all its variants, or only `variant`'s), newest first. */
  async history(productId: string, variantId: string | null, limit: number): Promise<StockMovementRow[]> {
    return queryRows<StockMovementRow>(
      this.tx.db(),
      `SELECT m.id::text AS id, m.product_id, m.variant_id, p.name, ${LABEL} AS variant_label,
              m.kind, m.change, m.count_after, m.reason, m.actor, m.created_at
         FROM catalog.stock_movements m
         JOIN catalog.products p ON p.id = m.product_id
         JOIN catalog.product_variants v ON v.id = m.variant_id
        WHERE m.product_id = $1 AND ($2::uuid IS NULL OR m.variant_id = $2)
        ORDER BY m.id DESC
        LIMIT $3`,
      [productId, variantId, limit],
    );
  }
}
