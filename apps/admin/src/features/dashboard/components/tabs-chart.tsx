import { OrderTab } from '@shop/contracts';
import { useId } from 'react';

/** The admin order tabs in the order screen's order, with the spec's labels (its spelling included). */
const TAB_LABELS: Array<[OrderTab, string]> = [
  [OrderTab.InPerson, 'New Pay In Person Orders'],
  [OrderTab.Card, 'New Credit Card Orders'],
  [OrderTab.Delivering, 'Delivering'],
  [OrderTab.Delivered, 'Delivered'],
  [OrderTab.All, 'All'],
  [OrderTab.Unpaid, 'Unpaid/Unsuccessful'],
];

/**
 * Orders per tab as horizontal bars. Label and count are written out in each row, so the bars (hidden from
 * screen readers) add nothing a reader would miss.
 */
export function TabsChart({ tabs }: { tabs: Record<OrderTab, number> }) {
  const id = useId();
  const max = Math.max(0, ...Object.values(tabs));
  return (
    <figure className="chart card" aria-labelledby={`${id}-title`}>
      <figcaption>
        <h3 id={`${id}-title`} className="chart__title">
          Orders by tab
        </h3>
        <p className="chart__summary">{tabs.all === 0 ? 'No orders yet.' : `${tabs.all} ${tabs.all === 1 ? 'order' : 'orders'} in all, counted across all time.`}</p>
      </figcaption>
      <ul className="bar-list">
        {TAB_LABELS.map(([tab, label]) => (
          <li key={tab} className="bar-list__row" data-tab={tab}>
            <span className="bar-list__label">{label}</span>
            <span className="bar-list__value">{tabs[tab]}</span>
            <span className="bar-list__track" aria-hidden="true">
              <span className="bar-list__bar" style={{ width: max > 0 ? `${(tabs[tab] / max) * 100}%` : 0 }} />
            </span>
          </li>
        ))}
      </ul>
    </figure>
  );
}
