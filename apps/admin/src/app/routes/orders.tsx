import { adminGetOrders, isAbortError } from '@shop/api-client';
import { type OrderPage, OrderTab } from '@shop/contracts';
import { ErrorPanel } from '@shop/web-ui';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { paths } from '../../config/paths';
import { OrderCard } from '../../features/orders/components/order-card';
import { OrderListSkeleton } from '../../features/orders/components/order-list-skeleton';
import { OrderPager } from '../../features/orders/components/order-pager';
import { OrderTabs } from '../../features/orders/components/order-tabs';
import { DEFAULT_TAB, isOrderTab, ORDER_TABS } from '../../features/orders/utils/order-state';
import { withAdminSession } from '../../lib/auth';
import { errorMessage } from '../../lib/error-message';

const PAGE_SIZE = 12;
const SEARCH_PAUSE_MS = 300;

/** A finished load remembers which list it was for, so a list of the tab before never shows under the new one. */
type ListState = { status: 'loading' } | { status: 'ready'; key: string; result: OrderPage } | { status: 'failed'; key: string; message: string };

interface ListQuery {
  tab: OrderTab;
  q: string;
  page: number;
}

/** The URL parameters of a tab, search and page; defaults stay out of the URL. */
function listParams({ tab, q, page }: ListQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (tab !== DEFAULT_TAB) params.set('tab', tab);
  if (q) params.set('q', q);
  if (page > 1) params.set('page', String(page));
  return params;
}

function listHref(query: ListQuery): string {
  const search = listParams(query).toString();
  return search ? `${paths.orders}?${search}` : paths.orders;
}

function readQuery(params: URLSearchParams): ListQuery {
  const tab = params.get('tab');
  const page = Number(params.get('page'));
  return {
    tab: isOrderTab(tab) ? tab : DEFAULT_TAB,
    q: (params.get('q') ?? '').trim().slice(0, 100),
    page: Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1,
  };
}

function summary({ orders, page, total }: OrderPage): string {
  if (total === 0 || orders.length === 0) return `${total} ${total === 1 ? 'order' : 'orders'}`;
  const first = (page - 1) * PAGE_SIZE + 1;
  return `Showing ${first}–${first + orders.length - 1} of ${total} ${total === 1 ? 'order' : 'orders'}`;
}

/** The Order Screen: six tabs, a search and the orders as cards, with tab, search and page in the URL. */
export function OrdersRoute() {
  const id = useId();
  const [params, setParams] = useSearchParams();
  const query = readQuery(params);
  const { tab, q, page } = query;
  const [text, setText] = useState(q);
  const [state, setState] = useState<ListState>({ status: 'loading' });
  const [reload, setReload] = useState(0);
  // How many cards the placeholder draws: as many as were last shown, so the page keeps its height.
  const [lastCount, setLastCount] = useState(PAGE_SIZE / 2);

  // The box follows the URL when it changes from outside (back button, a tab link, 'Search all orders').
  const [textOf, setTextOf] = useState(q);
  if (textOf !== q) {
    setTextOf(q);
    setText(q);
  }

  // Typing searches after a short pause; the search goes into the URL and starts at page 1.
  useEffect(() => {
    if (text.trim() === q) return;
    const timer = setTimeout(() => setParams(listParams({ tab, q: text.trim(), page: 1 }), { replace: true }), SEARCH_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [text, q, tab, setParams]);

  const key = `${tab}\n${q}\n${page}\n${reload}`;
  useEffect(() => {
    const controller = new AbortController();
    withAdminSession(() => adminGetOrders({ tab, q, page, pageSize: PAGE_SIZE, signal: controller.signal })).then(
      (result) => {
        setState({ status: 'ready', key, result });
        setLastCount(Math.max(1, result.orders.length));
      },
      (error: unknown) => {
        if (!isAbortError(error)) setState({ status: 'failed', key, message: errorMessage(error) });
      },
    );
    return () => controller.abort();
  }, [key, tab, q, page]);
  const shown: ListState = state.status !== 'loading' && state.key === key ? state : { status: 'loading' };

  function search(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setParams(listParams({ tab, q: text.trim(), page: 1 }));
  }

  const tabLabel = ORDER_TABS.find((t) => t.tab === tab)?.label ?? '';

  return (
    <>
      <title>{`Orders: ${tabLabel} | Island Glow Admin`}</title>
      <h1 className="page-title">Orders</h1>
      <OrderTabs current={tab} hrefOf={(next) => listHref({ tab: next, q, page: 1 })} />
      <form className="order-search" role="search" onSubmit={search}>
        <label className="visually-hidden" htmlFor={`${id}-search`}>
          Search for an order
        </label>
        <input
          id={`${id}-search`}
          className="field__input"
          type="search"
          placeholder="Search for an order"
          maxLength={100}
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
        <button type="submit" className="button button--secondary">
          Search
        </button>
      </form>
      {shown.status === 'loading' && <OrderListSkeleton count={lastCount} />}
      {shown.status === 'failed' && <ErrorPanel message={shown.message} onRetry={() => setReload((n) => n + 1)} />}
      {shown.status === 'ready' && (
        <>
          <p className="order-summary" role="status">
            {summary(shown.result)}
          </p>
          {shown.result.orders.length === 0 ? (
            <div className="order-empty">
              <p>{q ? `No orders match “${q}” in ${tabLabel}.` : `No orders in ${tabLabel}.`}</p>
              {q && tab !== OrderTab.All && <Link to={listHref({ tab: OrderTab.All, q, page: 1 })}>Search all orders</Link>}
              {page > 1 && <Link to={listHref({ tab, q, page: 1 })}>Go to the first page</Link>}
            </div>
          ) : (
            <ul className="order-list">
              {shown.result.orders.map((order) => (
                <OrderCard key={order._id} order={order} />
              ))}
            </ul>
          )}
          <OrderPager page={shown.result.page} pages={shown.result.pages} hrefOf={(next) => listHref({ tab, q, page: next })} />
        </>
      )}
    </>
  );
}
