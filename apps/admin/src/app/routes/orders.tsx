import { type OrderPage, OrderTab } from '@shop/contracts';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { Link, useLoaderData, useSearchParams } from 'react-router-dom';
import { OrderDocumentsPanel } from '../../features/documents/components/order-documents-panel';
import { OrderCard } from '../../features/orders/components/order-card';
import { OrderListSkeleton } from '../../features/orders/components/order-list-skeleton';
import { Pager } from '../../components/ui/pager';
import { OrderTable } from '../../features/orders/components/order-table';
import { OrderTabs } from '../../features/orders/components/order-tabs';
import { ORDER_PAGE_SIZE, type OrderListQuery, orderListHref, orderListParams } from '../../features/orders/utils/order-query';
import { ORDER_TABS } from '../../features/orders/utils/order-state';
import { identityKey } from '../../lib/identity-key';
import { TABLE_MEDIA, useMediaQuery } from '../../lib/use-media-query';
import type { ordersLoader } from './orders-loaders';
import { useFollowingState } from '../../lib/use-following-state';
import { SearchBox } from '../../components/ui/search-box';
import { Deferred } from '../../components/ui/deferred';

const SEARCH_PAUSE_MS = 300;

function summary({ orders, page, total }: OrderPage): string {
  if (total === 0 || orders.length === 0) return `${total} ${total === 1 ? 'order' : 'orders'}`;
  const first = (page - 1) * ORDER_PAGE_SIZE + 1;
  return `Showing ${first}–${first + orders.length - 1} of ${total} ${total === 1 ? 'order' : 'orders'}`;
}

interface OrderResultsProps {
  result: OrderPage;
  query: OrderListQuery;
  tabLabel: string;
  /** A table on a desktop, cards on a phone. */
  table: boolean;
  /** Told how many orders are shown, so the next placeholder draws as many. */
  onShown: (count: number) => void;
}

function OrderResults({ result, query, tabLabel, table, onShown }: OrderResultsProps) {
  const { tab, q, page } = query;
  const archived = query.status === 'archived';
  const where = archived ? `the archive (${tabLabel})` : tabLabel;
  const count = result.orders.length;
  useEffect(() => onShown(Math.max(1, count)), [count, onShown]);
  return (
    <>
      <p className="order-summary" role="status">
        {summary(result)}
        {archived ? ' in the archive' : ''}
      </p>
      {result.orders.length === 0 ? (
        <div className="order-empty">
          <p>{q ? `No orders match “${q}” in ${where}.` : `No orders in ${where}.`}</p>
          {q && tab !== OrderTab.All && <Link to={orderListHref({ ...query, tab: OrderTab.All, page: 1 })}>Search all orders</Link>}
          {page > 1 && <Link to={orderListHref({ ...query, page: 1 })}>Go to the first page</Link>}
        </div>
      ) : table ? (
        <OrderTable orders={result.orders} query={query} hrefOf={(sort, dir) => orderListHref({ ...query, sort, dir, page: 1 })} />
      ) : (
        <ul className="order-list">
          {result.orders.map((order) => (
            <OrderCard key={order._id} order={order} />
          ))}
        </ul>
      )}
      <Pager page={result.page} pages={result.pages} hrefOf={(next) => orderListHref({ ...query, page: next })} />
    </>
  );
}

/**
 * The Order Screen: the tabs, a search and the orders (a sortable table on a desktop, cards on a phone), the current
 * ones or the archive, with tab, search, sort and page in the URL.
 */
export function OrdersRoute() {
  const id = useId();
  const { query, orders } = useLoaderData<typeof ordersLoader>();
  const [, setParams] = useSearchParams();
  const table = useMediaQuery(TABLE_MEDIA);
  const { tab, q } = query;
  const archived = query.status === 'archived';
  // The box follows the URL when it changes from outside (back button, a tab link, 'Search all orders').
  const [text, setText] = useFollowingState(q);
  // How many cards the placeholder draws: as many as were last shown, so the page keeps its height.
  const [lastCount, setLastCount] = useState(ORDER_PAGE_SIZE / 2);

  // Typing searches after a short pause; the search goes into the URL and starts at page 1.
  useEffect(() => {
    if (text.trim() === q) return;
    const timer = setTimeout(() => setParams(orderListParams({ ...query, q: text.trim(), page: 1 }), { replace: true }), SEARCH_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [text, q, query, setParams]);

  function search(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setParams(orderListParams({ ...query, q: text.trim(), page: 1 }));
  }

  const tabLabel = ORDER_TABS.find((t) => t.tab === tab)?.label ?? '';

  return (
    <>
      <title>{`${archived ? 'Archived orders' : 'Orders'}: ${tabLabel} | Island Glow Admin`}</title>
      <h1 className="page-title">{archived ? 'Archived orders' : 'Orders'}</h1>
      {!archived && <OrderDocumentsPanel />}
      <OrderTabs current={tab} hrefOf={(next) => orderListHref({ ...query, tab: next, page: 1 })} />
      <form className="order-search" role="search" onSubmit={search}>
        <SearchBox id={`${id}-search`} label="Search for an order" value={text} onValue={setText} />
        <button type="submit" className="button button--secondary">
          Search
        </button>
      </form>
      <p className="head-row order-views">
        {archived ? (
          <Link to={orderListHref({ ...query, status: undefined, page: 1 })}>Back to the current orders</Link>
        ) : (
          <Link to={orderListHref({ ...query, status: 'archived', page: 1 })}>Archived orders</Link>
        )}
      </p>
      {/* Each load draws the placeholder afresh: a list of the tab before never shows under the new one. */}
      <Deferred key={identityKey(orders)} resolve={orders} placeholder={<OrderListSkeleton count={lastCount} table={table} />}>
        {(result) => <OrderResults result={result} query={query} tabLabel={tabLabel} table={table} onShown={setLastCount} />}
      </Deferred>
    </>
  );
}
