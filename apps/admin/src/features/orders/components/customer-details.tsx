import { type Order, paymentMethodLabel } from '@shop/contracts';
import { formatTTD } from '@shop/money';
import { formatShopTime } from '@shop/web-ui';
import { Fragment } from 'react';
import { fullName, paymentStatus, shortVisitor } from '../utils/order-state';
import { Section } from '../../../components/ui/section';

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

/**
 * 'Customer Details': who ordered, where it goes, and whether it is paid, in plain words (issue 26): the shopper's
 * visitor id as 'Visitor' and a short code, and for a card payment the provider's transaction id (for a dispute).
 */
export function CustomerDetails({ order }: { order: Order }) {
  const { customer } = order;
  const rows: Array<[string, string]> = [
    ['Payment Status', paymentStatus(order)],
    // Issue 29: card, bank transfer, or pay on delivery with the shopper's cash or Linx.
    ['Payment method', paymentMethodLabel(order)],
    ...(order.transactionId ? [['Card transaction', order.transactionId] as [string, string]] : []),
    ...(order.paymentReference ? [['Payment reference', order.paymentReference] as [string, string]] : []),
    ...(order.transferPayment ? [['Bank transfer', transferText(order.transferPayment)] as [string, string]] : []),
    ...(order.state === 'awaiting_transfer' && order.holdUntil ? [['Held until', formatShopTime(order.holdUntil)] as [string, string]] : []),
    ['Full Name', fullName(order)],
    ['Email', customer.email ?? ''],
    ['Phone', customer.phone ?? ''],
    ['Delivery area', order.deliveryArea?.name ?? ''],
    ['City', customer.city ?? ''],
    ['Street', customer.street ?? ''],
    ['Visitor', customer.id ? shortVisitor(customer.id) : ''],
  ];
  return (
    <Section id="customer-details" className="order-section card" titleClassName="order-section__title" title="Customer Details">
      <dl className="order-facts">
        {rows.map(([label, value]) => (
          <div key={label} className="order-facts__row">
            <dt>{label}</dt>
            <dd className={ddClass(label, order)} title={label === 'Visitor' && customer.id ? customer.id : undefined}>
              {label === 'Email' && value ? <a href={`mailto:${value}`}>
                  <BreakableEmail address={value} />
                </a> : label === 'Phone' && value ? <a href={`tel:${value}`}>{value}</a> : value || '—'}
            </dd>
          </div>
        ))}
      </dl>
    </Section>
  );
}

/** Issue 29: what the owner recorded of a transfer, with what it lacks or exceeds. */
function transferText(t: NonNullable<Order['transferPayment']>): string {
  const off = t.difference < 0 ? `, ${formatTTD(-t.difference)} short` : t.difference > 0 ? `, ${formatTTD(t.difference)} over` : '';
  return `${formatTTD(t.amount)} on ${t.date}, reference ${t.reference}${off}`;
}

function ddClass(label: string, order: Order): string | undefined {
  if (label === 'Payment Status') return `order-facts__payment${paymentStatus(order) === 'Paid' ? ' order-facts__payment--paid' : ''}`;
  if (label === 'Card transaction' || label === 'Payment reference') return 'order-facts__code';
  return undefined;
}
