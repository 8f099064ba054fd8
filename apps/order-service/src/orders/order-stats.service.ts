import { Injectable } from '@nestjs/common';
import {
  type OrderStats,
  OrderTab,
  Pattern,
  type PatternRequest,
  ValidationError,
} from '@shop/contracts';
import { fromCents } from '@shop/money';
import { OrderStatsRepository } from './order-stats.repository';

const MAX_DAYS = 366;

/** The dashboard's figures, from the shop's own orders. */
@Injectable()
export class OrderStatsService {
  constructor(private readonly repository: OrderStatsRepository) {}

  async stats({ from, to }: PatternRequest<typeof Pattern.OrdersStats>): Promise<OrderStats> {
    const span = (Date.parse(to) - Date.parse(from)) / 86_400_000;
    if (span < 0) throw new ValidationError('from must not be after to');
    if (span >= MAX_DAYS) throw new ValidationError(`The range is at most ${MAX_DAYS} days`);

    const days = await this.repository.paidPerDay(from, to);
    const tabKeys = Object.values(OrderTab);
    const tabRow = await this.repository.tabCounts();
    const sellers = await this.repository.bestSellers(from, to);
    return {
      from,
      to,
      days: days.map((d) => ({ date: d.date, revenue: fromCents(Number(d.revenue)), orders: d.orders })),
      tabs: Object.fromEntries(tabKeys.map((t) => [t, tabRow[t]])) as OrderStats['tabs'],
      bestSellers: sellers.map((s) => ({ product: s.product, name: s.name, qty: s.qty, revenue: fromCents(Number(s.revenue)) })),
      badge: tabRow.badge,
    };
  }
}
