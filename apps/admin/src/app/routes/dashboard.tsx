import { Suspense } from 'react';
import { Await, Link, useLoaderData } from 'react-router-dom';
import { Spinner } from '../../components/ui/spinner';
import { paths } from '../../config/paths';
import { OutOfStockAlert } from '../../features/dashboard/components/out-of-stock-alert';
import { ExpiredCardOrders } from '../../features/dashboard/components/expired-card-orders';
import { MailHealthWarning } from '../../features/dashboard/components/mail-health-warning';
import { RangePicker } from '../../features/dashboard/components/range-picker';
import { RestockSummary } from '../../features/dashboard/components/restock-summary';
import { StatsOverview } from '../../features/dashboard/components/stats-overview';
import type { dashboardLoader } from './dashboard-loader';
import { Deferred } from '../../components/ui/deferred';
import './dashboard.css';

/**
 * The owner's home: the shop's own charts (product rules section 6 replaces the spec's third-party ones) and
 * the items to restock. The products table that used to sit here is on View/Edit Products already.
 */
export function DashboardRoute() {
  const { range, stats, restock, lowStock, mailHealth, expiredCard } = useLoaderData<typeof dashboardLoader>();
  return (
    <>
      <title>Shop admin | Island Glow</title>
      <h1 className="page-title">Shop admin</h1>
      {/* No placeholder: the warning appears when there is something to warn about, and only then. */}
      <Suspense fallback={null}>
        <Await resolve={mailHealth}>{(health) => <MailHealthWarning health={health} />}</Await>
      </Suspense>
      <section className="dashboard-section" aria-labelledby="sales-heading">
        <div className="head-row dashboard-section__head">
          <h2 id="sales-heading" className="section-title">
            Sales
          </h2>
          <RangePicker current={range} />
        </div>
        <Deferred key={range} resolve={stats} placeholder={<Spinner label="Loading the figures…" />}>
          {(figures) => (
            <>
              <OutOfStockAlert count={figures.tabs.outofstock ?? 0} />
              <StatsOverview stats={figures} />
            </>
          )}
        </Deferred>
      </section>
      <ExpiredCardOrders orders={expiredCard} />
      <div className="dashboard-stock">
        <section className="dashboard-section" aria-labelledby="restock-heading">
          <h2 id="restock-heading" className="section-title">
            <Link to={paths.restock}>Items In Need of Restocking</Link>
          </h2>
          <Deferred resolve={restock} placeholder={<Spinner label="Loading the items to restock…" />}>
            {(products) => <RestockSummary products={products} />}
          </Deferred>
        </section>
        <section className="dashboard-section" aria-labelledby="low-stock-heading">
          <h2 id="low-stock-heading" className="section-title">
            Low on Stock
          </h2>
          <Deferred resolve={lowStock} placeholder={<Spinner label="Loading the items low on stock…" />}>
            {(list) => (
              <>
                <p className="dashboard-section__note">
                  {list.threshold === 0
                    ? 'The low-stock alert is off (threshold 0 in Site Settings).'
                    : `${list.threshold === 1 ? '1 left' : `1 to ${list.threshold} left`} (the low-stock alert in Site Settings).`}
                </p>
                <RestockSummary products={list.products} empty="Nothing is running low." moreOnRestock={false} />
              </>
            )}
          </Deferred>
        </section>
      </div>
    </>
  );
}
