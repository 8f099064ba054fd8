import { Injectable } from '@nestjs/common';
import { OrderTab, SHOP_TIME_ZONE } from '@shop/contracts';
import { TransactionContext } from '@shop/server-database';
import { BADGE_WHERE, TAB_WHERE } from './orders.repository';

/** Days are the shop's days, in Trinidad and Tobago. */
const PAID_DAY = `(o.paid_at AT TIME ZONE '${SHOP_TIME_ZONE}')::date`;

/** The dashboard's SQL: paid revenue per shop day, orders per admin tab, best sellers. */
@Injectable()
export class OrderStatsRepository {
  constructor(private readonly tx: TransactionContext) {}

  /** Every day from `from` to `to`, with the revenue and the number of orders paid that day. */
  async paidPerDay(from: string, to: string): Promise<Array<{ date: string; revenue: string; orders: number }>> {
    return this.tx.db().query(
      `SELECT to_char(d.day, 'YYYY-MM-DD') AS date, coalesce(sum(o.total_cents), 0)::bigint AS revenue, count(o.id)::int AS orders
         FROM generate_series($1::date, $2::date, interval '1 day') AS d(day)
         LEFT JOIN orders.orders o ON o.is_paid AND o.cancelled_at IS NULL AND ${PAID_DAY} = d.day::date
        GROUP BY d.day ORDER BY d.day`,
      [from, to],
    );
  }

  /** How many orders each admin tab holds, and the badge's count. */
  async tabCounts(): Promise<Record<OrderTab, number> & { badge: number }> {
    const tabKeys = Object.values(OrderTab);
    const [tabRow] = await this.tx.db().query(
      `SELECT ${tabKeys.map((t) => `count(*) FILTER (WHERE ${TAB_WHERE[t]})::int AS "${t}"`).join(', ')},
              count(*) FILTER (WHERE ${BADGE_WHERE})::int AS badge
         FROM orders.orders`,
    );
    return tabRow;
  }

  /**
   * The five products sold most (by quantity, then revenue) in orders paid from `from` to `to`, all their variants
   * together: a line's name is its display name ("Mango Body Butter - 16 oz"), so the product's is that name without
   * the variant's label (issue 28).
   */
  async bestSellers(from: string, to: string): Promise<Array<{ product: string; name: string; qty: number; revenue: string }>> {
    return this.tx.db().query(
      `SELECT l->>'product' AS product, max(${PRODUCT_NAME}) AS name, sum((l->>'qty')::int)::int AS qty,
              sum((l->>'qty')::bigint * (l->>'priceCents')::bigint)::bigint AS revenue
         FROM orders.orders o CROSS JOIN LATERAL jsonb_array_elements(o.items) AS l
        WHERE o.is_paid AND o.cancelled_at IS NULL AND ${PAID_DAY} BETWEEN $1::date AND $2::date
        GROUP BY 1 ORDER BY qty DESC, revenue DESC LIMIT 5`,
      [from, to],
    );
  }
}

/** A stored line's product name: its display name less ' - <variant label>' (lines of a named variant only). */
const PRODUCT_NAME = `CASE WHEN coalesce(l->>'variantLabel', '') = '' THEN l->>'name'
  ELSE left(l->>'name', length(l->>'name') - length(' - ' || (l->>'variantLabel'))) END`;
