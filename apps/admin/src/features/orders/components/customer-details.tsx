import type { Order } from '@shop/contracts';
import { Fragment } from 'react';
import { fullName, paymentStatus } from '../utils/order-state';

/** A mail address that may wrap after its dots and before its @, rather than inside a word. */
function BreakableEmail({ address }: { address: string }) {
  const parts = address.split(/(?=@)|(?<=\.)/);
  return parts.map((part, index) => (
    <Fragment key={index}>
      {index > 0 && <wbr />}
      {part}
    </Fragment>
  ));
}

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
            <dd className={label === 'Payment Status' ? `order-facts__payment${paymentStatus(order) === 'Paid' ? ' order-facts__payment--paid' : ''}` : undefined}>
              {label === 'Email' && value ? <a href={`mailto:${value}`}>
                  <BreakableEmail address={value} />
                </a> : label === 'Phone' && value ? <a href={`tel:${value}`}>{value}</a> : value || '—'}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
