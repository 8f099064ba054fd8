import type { Order } from '@shop/contracts';
import { fullName, paymentStatus } from '../utils/order-state';

/** 'Customer Details': who ordered, where it goes, and whether it is paid. */
export function CustomerDetails({ order }: { order: Order }) {
  const { customer } = order;
  const rows: Array<[string, string]> = [
    ['User Session Id', customer.id],
    ['Payment Status', paymentStatus(order)],
    ['Full Name', fullName(order)],
    ['Email', customer.email ?? ''],
    ['Phone', customer.phone ?? ''],
    ['City', customer.city ?? ''],
    ['Street', customer.street ?? ''],
  ];
  return (
    <section className="order-section card" aria-labelledby="customer-details">
      <h2 className="order-section__title" id="customer-details">
        Customer Details
      </h2>
      <dl className="order-facts">
        {rows.map(([label, value]) => (
          <div key={label} className="order-facts__row">
            <dt>{label}</dt>
            <dd className={label === 'Payment Status' ? `order-facts__payment${order.isPaid ? ' order-facts__payment--paid' : ''}` : undefined}>
              {label === 'Email' && value ? <a href={`mailto:${value}`}>{value}</a> : label === 'Phone' && value ? <a href={`tel:${value}`}>{value}</a> : value || '—'}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
