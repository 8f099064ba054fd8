import { fulfilmentWord, type Order, type OrderSort, paymentWord, SHOP_TIME_ZONE } from '@shop/contracts';
import { formatTTD } from '@shop/money';
import { formatShopTime } from '@shop/web-ui';
import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { firstDirection, type OrderListQuery } from '../utils/order-query';
import { fullName, orderCardState } from '../utils/order-state';
import './order-list.css';
import { TableHead } from '../../../components/ui/table-head';

interface OrderTableProps {
  orders: Order[];
  query: OrderListQuery;
  /** The address of the first page sorted by a column in a direction. */
  hrefOf: (sort: OrderSort, dir: 'asc' | 'desc') => string;
}

/** A column heading that sorts (on the server: the list is paged); the column sorted says so (aria-sort). */
function SortHeading({ label, sort, query, hrefOf, numeric }: { label: string; sort: OrderSort; query: OrderListQuery; hrefOf: OrderTableProps['hrefOf']; numeric?: boolean }) {
  const current = query.sort ?? 'date';
  const dir = query.dir ?? firstDirection(current);
  const sorted = current === sort;
  const next = sorted ? (dir === 'asc' ? 'desc' : 'asc') : firstDirection(sort);
  return (
    <th scope="col" className={numeric ? 'order-grid__number' : undefined} aria-sort={sorted ? (dir === 'asc' ? 'ascending' : 'descending') : undefined}>
      <Link className="order-grid__sort" to={hrefOf(sort, next)}>
        {label}
        <span className="visually-hidden">{`, sort ${next === 'asc' ? 'ascending' : 'descending'}`}</span>
        <span className="order-grid__arrow" aria-hidden="true">
          {sorted ? (dir === 'asc' ? '▲' : '▼') : '↕'}
        </span>
      </Link>
    </th>
  );
}

/**
 * The orders as a table on a desktop (issue 26): number, date, customer, delivery area, total, payment and fulfilment,
 * sortable by the columns where an order makes sense (payment and fulfilment have their tabs). The number links to the order.
 */
export function OrderTable({ orders, query, hrefOf }: OrderTableProps) {
  return (
    // Scrolls on its own where the screen is narrower than the table (a 1024 px screen beside the sidebar).
    <div className="order-grid-scroll" role="region" aria-label="Orders table" tabIndex={0}>
    <table className="order-grid">
      <caption className="visually-hidden">Orders</caption>
      <TableHead columns={['Payment', 'Fulfilment']}>
        <SortHeading label="Order" sort="number" query={query} hrefOf={hrefOf} />
        <SortHeading label="Date" sort="date" query={query} hrefOf={hrefOf} />
        <SortHeading label="Customer" sort="customer" query={query} hrefOf={hrefOf} />
        <SortHeading label="Delivery area" sort="area" query={query} hrefOf={hrefOf} />
        <SortHeading label="Total" sort="total" query={query} hrefOf={hrefOf} numeric />
      </TableHead>
      <tbody>
        {orders.map((order) => (
          <tr key={order._id} className={`order-grid__row order-card--${orderCardState(order)}`}>
            <th scope="row">
              <Link to={paths.order(order._id, order.isInPerson)}>{order.orderNumber}</Link>
              {/* An unusual order (issue 23): a mark that keeps the row one line high; the reasons are read out and on its page. */}
              {order.flags && order.flags.length > 0 && (
                <span className="order-card__flag order-grid__flag" title={`Flagged: ${order.flags.join('; ')}`}>
                  <span aria-hidden="true"> ⚑</span>
                  <span className="visually-hidden">{` Flagged: ${order.flags.join('; ')}`}</span>
                </span>
              )}
            </th>
            <td>
              <time dateTime={order.createdAt}>{shortShopTime(order.createdAt)}</time>
            </td>
            <td>{fullName(order)}</td>
            <td>{order.deliveryArea?.name ?? '—'}</td>
            <td className="order-grid__number">{formatTTD(order.totalPrice)}</td>
            <td>{paymentWord(order)}</td>
            <td>
              <span className="order-grid__state">{fulfilmentWord(order)}</span>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
    </div>
  );
}

const SAME_YEAR = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZone: SHOP_TIME_ZONE });
const YEAR_OF = new Intl.DateTimeFormat('en-US', { year: 'numeric', timeZone: SHOP_TIME_ZONE });

/** A date short enough for a table cell, in the shop's time: 'Nov 26, 7:45 AM' this year, the full date and time before. */
function shortShopTime(iso: string): string {
  const at = new Date(iso);
  return YEAR_OF.format(at) === YEAR_OF.format(new Date()) ? SAME_YEAR.format(at) : formatShopTime(iso);
}
