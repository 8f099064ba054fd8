import type { OrderStats } from '@shop/contracts';
import { formatTTD } from '@shop/money';
import { formatLongDay } from '../utils/date-range';
import { BestSellersChart } from './best-sellers-chart';
import { DayChart } from './day-chart';
import { TabsChart } from './tabs-chart';

const count = (n: number) => String(n);
const cents = (n: number) => Math.round(n * 100);

function bestDay(days: OrderStats['days'], pick: (d: OrderStats['days'][number]) => number) {
  return days.reduce<OrderStats['days'][number] | null>((top, d) => (pick(d) > 0 && (!top || pick(d) > pick(top)) ? d : top), null);
}

/** The figures of one range: totals, revenue and orders per day, orders by tab and best sellers. */
export function StatsOverview({ stats }: { stats: OrderStats }) {
  // Summed in cents so that the total matches the server's to the cent.
  const revenue = stats.days.reduce((sum, d) => sum + cents(d.revenue), 0) / 100;
  const paidOrders = stats.days.reduce((sum, d) => sum + d.orders, 0);
  const topRevenue = bestDay(stats.days, (d) => d.revenue);
  const topOrders = bestDay(stats.days, (d) => d.orders);
  const period = `${formatLongDay(stats.from)} to ${formatLongDay(stats.to)}`;
  const perDay = (key: 'revenue' | 'orders') => stats.days.map((d) => ({ date: d.date, value: d[key] }));
  const revenueSummary = topRevenue
    ? `${formatTTD(revenue)} in total; the best day was ${formatLongDay(topRevenue.date)} with ${formatTTD(topRevenue.revenue)}.`
    : 'No paid orders in this range.';
  const ordersSummary = topOrders
    ? `${paidOrders} paid ${paidOrders === 1 ? 'order' : 'orders'} in total; the busiest day was ${formatLongDay(topOrders.date)} with ${topOrders.orders}.`
    : 'No paid orders in this range.';

  return (
    <>
      <p className="stats-period">{period}</p>
      <dl className="stat-tiles">
        <div className="stat-tile stat-tile--money card">
          <dt>Revenue (paid)</dt>
          <dd>{formatTTD(revenue)}</dd>
        </div>
        <div className="stat-tile card">
          <dt>Paid orders</dt>
          <dd>{paidOrders}</dd>
        </div>
        <div className="stat-tile card">
          <dt>Waiting for you</dt>
          <dd>{stats.badge}</dd>
        </div>
        <div className="stat-tile card">
          <dt>Orders in all</dt>
          <dd>{stats.tabs.all}</dd>
        </div>
      </dl>
      {stats.tabs.all === 0 ? (
        <p className="empty-note card">No orders yet. The charts fill in once the first order comes in.</p>
      ) : (
        <div className="chart-grid">
          <DayChart title="Revenue per day" valueLabel="Revenue" days={perDay('revenue')} format={formatTTD} summary={revenueSummary} />
          <DayChart title="Orders per day" valueLabel="Paid orders" days={perDay('orders')} format={count} summary={ordersSummary} />
          <TabsChart tabs={stats.tabs} />
          <BestSellersChart sellers={stats.bestSellers} />
        </div>
      )}
    </>
  );
}
