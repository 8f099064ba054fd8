import type { OrderTab } from '@shop/contracts';
import { Link } from 'react-router-dom';
import { ORDER_TABS } from '../utils/order-state';
import './order-list.css';

interface OrderTabsProps {
  current: OrderTab;
  /** The address of a tab's first page, keeping the search. */
  hrefOf: (tab: OrderTab) => string;
}

/**
 * The six tabs as a nav of links rather than an ARIA tablist: each tab is its own address (shareable,
 * back button works), so links with aria-current say what they are; Tab and Enter work as for any link.
 */
export function OrderTabs({ current, hrefOf }: OrderTabsProps) {
  return (
    <nav className="order-tabs" aria-label="Order tabs">
      <ul className="chip-list">
        {ORDER_TABS.map(({ tab, label }) => (
          <li key={tab}>
            <Link className="order-tabs__link" to={hrefOf(tab)} aria-current={tab === current ? 'page' : undefined}>
              {label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
