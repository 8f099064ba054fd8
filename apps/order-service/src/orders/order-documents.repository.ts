import { Injectable } from '@nestjs/common';
import { type OrderState, SHOP_TIME_ZONE } from '@shop/contracts';
import { TransactionContext } from '@shop/server-database';
import type { OrderRow } from './order-row';

const PLACED_DAY = `(created_at AT TIME ZONE '${SHOP_TIME_ZONE}')::date`;
const DELIVERED_DAY = `(delivered_at AT TIME ZONE '${SHOP_TIME_ZONE}')::date`;

/** The SQL of the owner's documents (issue 26): a day's run and the orders export. */
@Injectable()
export class OrderDocumentsRepository {
  constructor(private readonly tx: TransactionContext) {}

  /**
   * A day's run: the orders waiting to go out that were placed on or before the day, and the orders delivered that
   * day (so a past day's sheet still lists what went out). At most `limit`, by order number.
   */
  async runSheet(day: string, waiting: readonly OrderState[], limit: number): Promise<OrderRow[]> {
    return this.tx.db().query(
      `SELECT * FROM orders.orders
        WHERE (state = ANY($2::text[]) AND ${PLACED_DAY} <= $1::date) OR (state = 'delivered' AND ${DELIVERED_DAY} = $1::date)
        ORDER BY order_number LIMIT $3`,
      [day, waiting, limit],
    );
  }

  /** A page of the orders placed from `from` to `to` (shop days, both included), oldest first, and how many there are. */
  async exportPage(from: string, to: string, offset: number, limit: number): Promise<{ rows: OrderRow[]; total: number }> {
    const [{ total }] = await this.tx.db().query(`SELECT count(*)::int AS total FROM orders.orders WHERE ${PLACED_DAY} BETWEEN $1::date AND $2::date`, [from, to]);
    const rows: OrderRow[] = await this.tx.db().query(
      `SELECT * FROM orders.orders WHERE ${PLACED_DAY} BETWEEN $1::date AND $2::date ORDER BY created_at, order_number OFFSET $3 LIMIT $4`,
      [from, to, offset, limit],
    );
    return { rows, total };
  }
}
