import { OrderTab } from '@shop/contracts';
import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths';

/**
 * Issue 23: paid orders whose stock was sold before the payment arrived wait for the owner (restock and fulfil, or
 * cancel and refund). Shown above the figures while there are any, with a link to their tab.
 */
export function OutOfStockAlert({ count }: { count: number }) {
  if (count <= 0) return null;
  return (
    <div className="dashboard-alert" role="alert">
      <p>
        <strong>{count === 1 ? '1 paid order is out of stock.' : `${count} paid orders are out of stock.`}</strong> The payment arrived after
        the items were sold: restock and fulfil, or cancel and refund.
      </p>
      <Link to={`${paths.orders}?tab=${OrderTab.OutOfStock}`}>See the paid orders out of stock</Link>
    </div>
  );
}
