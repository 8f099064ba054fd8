import { queryRows, type TransactionContext } from '@shop/server-database';

/** A move of the release before variants: what it did to the product, and the status it needed. */
const MOVES = {
  committed: { productChange: 'purchases = p.purchases + r.qty', from: 'reserved' },
  released: { productChange: 'count_in_stock = p.count_in_stock + r.qty', from: 'reserved' },
  returned: { productChange: 'count_in_stock = p.count_in_stock + r.qty, purchases = greatest(p.purchases - r.qty, 0)', from: 'committed' },
} as const;

export type PreviousMove = keyof typeof MOVES;

/**
 * The stock statements of the release before issue 28's stock per variant, as its replicas still run them during a
 * rollout: they name `catalog.products` only (the expand step's triggers pass their writes to the implicit variant).
 * Kept here, word for word, so the expand migration's test keeps testing against that release's code.
 */
export class PreviousReleaseStock {
  constructor(private readonly tx: TransactionContext) {}

  async insertReservation(orderId: string, lines: Array<{ product: string; qty: number }>, holdSeconds: number): Promise<void> {
    await this.tx.db().query(
      `INSERT INTO catalog.stock_reservations (order_id, product_id, qty, held_until)
       SELECT $1, unnest($2::uuid[]), unnest($3::int[]), now() + make_interval(secs => $4)`,
      [orderId, lines.map((l) => l.product), lines.map((l) => l.qty), holdSeconds],
    );
  }

  async take(line: { product: string; qty: number }, includeHidden = false): Promise<{ price_cents: number; count_in_stock: number } | undefined> {
    const [updated] = await queryRows<{ price_cents: number; count_in_stock: number }>(
      this.tx.db(),
      `UPDATE catalog.products SET count_in_stock = count_in_stock - $2, updated_at = now()
        WHERE id = $1 AND deleted_at IS NULL AND (visible OR $3) AND count_in_stock >= $2
        RETURNING name, price_cents, image, count_in_stock, low_stock_alerted`,
      [line.product, line.qty, includeHidden],
    );
    return updated;
  }

  async flagLowStock(productId: string): Promise<void> {
    await this.tx.db().query('UPDATE catalog.products SET low_stock_alerted = true WHERE id = $1 AND NOT low_stock_alerted', [productId]);
  }

  async moveReservation(orderId: string, to: PreviousMove): Promise<void> {
    const { productChange, from } = MOVES[to];
    await this.tx.db().query(
      `WITH moved AS (
         UPDATE catalog.stock_reservations SET status = $2, held_until = NULL, updated_at = now()
          WHERE order_id = $1 AND status = $3
          RETURNING product_id, qty
       )
       UPDATE catalog.products p SET ${productChange}, updated_at = now()
         FROM moved r WHERE p.id = r.product_id`,
      [orderId, to, from],
    );
  }

  async reservedLines(orderId: string): Promise<unknown[]> {
    return this.tx.db().query(
      `SELECT r.product_id, p.name, p.price_cents, p.image, r.qty, r.status
         FROM catalog.stock_reservations r JOIN catalog.products p ON p.id = r.product_id
        WHERE r.order_id = $1 ORDER BY r.product_id`,
      [orderId],
    );
  }

  async restock(productId: string, qty: number, max: number, reason: string | null, actor: string): Promise<void> {
    await this.tx.db().query(
      `WITH changed AS (
         UPDATE catalog.products SET count_in_stock = count_in_stock + $2, updated_at = now()
          WHERE id = $1 AND deleted_at IS NULL AND count_in_stock + $2 <= $3
          RETURNING id, name, count_in_stock
       )
       INSERT INTO catalog.stock_movements (product_id, kind, change, count_after, reason, actor)
       SELECT id, 'restock', $2, count_in_stock, $4, $5 FROM changed`,
      [productId, qty, max, reason, actor],
    );
  }

  async history(productId: string, limit: number): Promise<unknown[]> {
    return this.tx.db().query(
      `SELECT m.id::text AS id, m.product_id, p.name, m.kind, m.change, m.count_after, m.reason, m.actor, m.created_at
         FROM catalog.stock_movements m JOIN catalog.products p ON p.id = m.product_id
        WHERE m.product_id = $1
        ORDER BY m.id DESC
        LIMIT $2`,
      [productId, limit],
    );
  }

  async setPrice(id: string, priceCents: number): Promise<void> {
    await this.tx.db().query('UPDATE catalog.products SET price_cents = $2, updated_at = now() WHERE id = $1', [id, priceCents]);
  }

  async setStock(id: string, count: number, change: number, reason: string, actor: string): Promise<void> {
    await this.tx.db().query(
      `WITH changed AS (
         UPDATE catalog.products SET count_in_stock = $2, updated_at = now() WHERE id = $1 RETURNING id, count_in_stock
       )
       INSERT INTO catalog.stock_movements (product_id, kind, change, count_after, reason, actor)
       SELECT id, 'import', $3, count_in_stock, $4, $5 FROM changed`,
      [id, count, change, reason, actor],
    );
  }
}
