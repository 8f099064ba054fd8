import { Injectable } from '@nestjs/common';
import { type OrderStats, OrderTab, validate, ValidationError } from '@shop/contracts';
import { fromCents } from '@shop/money';
import { z } from 'zod';
import { BADGE_WHERE, OrdersRepository, TAB_WHERE } from './orders.repository';

/** Days are the shop's days, in Trinidad and Tobago. */
export const SHOP_TIME_ZONE = 'America/Port_of_Spain';
const MAX_DAYS = 366;

const Day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Dates must be YYYY-MM-DD').refine((v) => !Number.isNaN(Date.parse(v)), 'Dates must be YYYY-MM-DD');

/** The dashboard's figures, from the shop's own orders. */
@Injectable()
export class OrderStatsService {
  constructor(private readonly orders: OrdersRepository) {}

  async stats(raw: unknown): Promise<OrderStats> {
    const { from, to } = validate(z.object({ from: Day, to: Day }), raw);
    const span = (Date.parse(to) - Date.parse(from)) / 86_400_000;
    if (span < 0) throw new ValidationError('from must not be after to');
    if (span >= MAX_DAYS) throw new ValidationError(`The range is at most ${MAX_DAYS} days`);
    const db = this.orders.dataSource;
    const paidDay = `(o.paid_at AT TIME ZONE '${SHOP_TIME_ZONE}')::date`;

    const days: Array<{ date: string; revenue: string; orders: number }> = await db.query(
      `SELECT to_char(d.day, 'YYYY-MM-DD') AS date, coalesce(sum(o.total_cents), 0)::bigint AS revenue, count(o.id)::int AS orders
         FROM generate_series($1::date, $2::date, interval '1 day') AS d(day)
         LEFT JOIN orders.orders o ON o.is_paid AND ${paidDay} = d.day::date
        GROUP BY d.day ORDER BY d.day`,
      [from, to],
    );
    const tabKeys = Object.values(OrderTab);
    const [tabRow] = await db.query(
      `SELECT ${tabKeys.map((t) => `count(*) FILTER (WHERE ${TAB_WHERE[t]})::int AS "${t}"`).join(', ')},
              count(*) FILTER (WHERE ${BADGE_WHERE})::int AS badge
         FROM orders.orders`,
    );
    const sellers: Array<{ product: string; name: string; qty: number; revenue: string }> = await db.query(
      `SELECT l->>'product' AS product, max(l->>'name') AS name, sum((l->>'qty')::int)::int AS qty,
              sum((l->>'qty')::bigint * (l->>'priceCents')::bigint)::bigint AS revenue
         FROM orders.orders o CROSS JOIN LATERAL jsonb_array_elements(o.items) AS l
        WHERE o.is_paid AND ${paidDay} BETWEEN $1::date AND $2::date
        GROUP BY 1 ORDER BY qty DESC, revenue DESC LIMIT 5`,
      [from, to],
    );
    return {
      from,
      to,
      days: days.map((d) => ({ date: d.date, revenue: fromCents(Number(d.revenue)), orders: d.orders })),
      tabs: Object.fromEntries(tabKeys.map((t) => [t, tabRow[t] as number])) as OrderStats['tabs'],
      bestSellers: sellers.map((s) => ({ product: s.product, name: s.name, qty: s.qty, revenue: fromCents(Number(s.revenue)) })),
      badge: tabRow.badge,
    };
  }
}
