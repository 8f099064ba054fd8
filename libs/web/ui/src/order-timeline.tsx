// Types only: the contracts' index also holds server-side validation, which must stay out of the shop's first view.
import { type OrderActor, type OrderTimelineEntry, SHOP_TIME_ZONE } from '@shop/contracts';
import './order-timeline.css';

const SHOP_TIME = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: SHOP_TIME_ZONE });

/** A time as the shop reads it: Trinidad and Tobago's clock ('Nov 23, 2026, 1:04 PM'). */
export function formatShopTime(iso: string): string {
  return SHOP_TIME.format(new Date(iso));
}

/** What happened, in a shopper's and an owner's words. */
function what(entry: OrderTimelineEntry, inPerson: boolean): string {
  switch (entry.action) {
    case 'place':
      return inPerson ? 'Order placed, to pay in person' : entry.to === 'awaiting_transfer' ? 'Order placed, to pay by bank transfer' : 'Order placed';
    case 'pay':
      return entry.to === 'refund_due' ? 'Card payment received after the cancel: refund due' : 'Card payment received';
    case 'record_card_payment':
    case 'record_card_payment_without_stock':
      return 'Card payment received (recorded by the shop)';
    case 'record_transfer':
      return 'Bank transfer received';
    case 'remind_transfer':
      return 'Reminder sent: the order is waiting for the bank transfer';
    case 'upload_transfer_proof':
      return 'Proof of transfer uploaded';
    case 'decline':
      return 'Card payment declined';
    case 'expire':
      return entry.from === 'awaiting_transfer' ? 'No bank transfer in time: items back on sale' : 'No payment in time: order not completed';
    case 'prepare':
      return 'Back to being prepared';
    case 'send_out':
      return 'Out for delivery';
    case 'deliver':
      return inPerson ? 'Delivered and paid in person' : 'Delivered';
    case 'cancel':
      return entry.to === 'refund_due' ? 'Cancelled: refund due' : 'Cancelled';
    case 'record_refund':
      return 'Refund paid';
    default:
      return String(entry.action);
  }
}

/** Who did it; the shopper reads 'you' for their own steps. */
function who(actor: OrderActor, audience: 'shopper' | 'owner'): string {
  switch (actor) {
    case 'shopper':
      return audience === 'shopper' ? 'by you' : 'by the shopper';
    case 'owner':
      return audience === 'shopper' ? 'by the shop' : 'by the owner';
    case 'payment_provider':
      return 'by the payment provider';
    default:
      return 'by the shop, automatically';
  }
}

interface OrderTimelineProps {
  entries: OrderTimelineEntry[];
  inPerson: boolean;
  audience: 'shopper' | 'owner';
  /** The heading's id, so the list is named by it. */
  headingId: string;
}

/** An order's history as a vertical timeline, oldest first, with times in Trinidad and Tobago. */
export function OrderTimeline({ entries, inPerson, audience, headingId }: OrderTimelineProps) {
  return (
    <ol className="order-timeline" aria-labelledby={headingId}>
      {entries.map((entry, index) => (
        <li key={`${entry.at}-${index}`} className="order-timeline__step">
          <span className="order-timeline__what">{what(entry, inPerson)}</span>
          <span className="order-timeline__meta">
            <time dateTime={entry.at}>{formatShopTime(entry.at)}</time> · {who(entry.actor, audience)}
          </span>
          {entry.note && <span className="order-timeline__note">“{entry.note}”</span>}
        </li>
      ))}
    </ol>
  );
}
