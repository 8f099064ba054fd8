import type { Order } from './order.schemas';
import { OrderState } from './order-lifecycle';
import { fulfilmentWord, isPickUp, paymentWord } from './order-status-words';

const area = (name: string) => ({ name, estimatedDays: '1-2 days' });
const facts = (state: OrderState, isInPerson = false, isPaid = false, deliveryArea: Order['deliveryArea'] = area('Central')) => ({ state, isInPerson, isPaid, deliveryArea });

describe('payment and fulfilment words (issue 26)', () => {
  it('gives every state one payment word and one fulfilment word', () => {
    const rows = [
      facts(OrderState.AwaitingPayment),
      facts(OrderState.PaymentFailed),
      facts(OrderState.Expired),
      facts(OrderState.Paid, false, true),
      facts(OrderState.PaidOutOfStock, false, true),
      facts(OrderState.InPerson, true),
      facts(OrderState.OutForDelivery, true),
      facts(OrderState.Delivered, true, true),
      facts(OrderState.Cancelled, true),
      facts(OrderState.RefundDue, false, true),
      facts(OrderState.Refunded, false, true),
    ].map((o) => `${o.state}: ${paymentWord(o)} / ${fulfilmentWord(o)}`);
    expect(rows).toEqual([
      'awaiting_payment: Unpaid / Waiting for payment',
      'payment_failed: Payment failed / Not sent',
      'expired: Unpaid, expired / Not sent',
      'paid: Paid / Preparing',
      'paid_out_of_stock: Paid / Out of stock',
      'in_person: Pay in person / Preparing',
      'out_for_delivery: Pay in person / Out for delivery',
      'delivered: Paid / Delivered',
      'cancelled: Not paid / Cancelled',
      'refund_due: Refund due / Cancelled',
      'refunded: Refunded / Cancelled',
    ]);
  });

  it('says ready for pick-up and picked up for an order collected at the shop', () => {
    expect(isPickUp({ deliveryArea: area('Pick up in store') })).toBe(true);
    expect(isPickUp({ deliveryArea: area('Pickup at the shop') })).toBe(true);
    expect(isPickUp({ deliveryArea: area('South Trinidad') })).toBe(false);
    expect(isPickUp({ deliveryArea: null })).toBe(false);
    expect(fulfilmentWord(facts(OrderState.OutForDelivery, false, true, area('Pick up in store')))).toBe('Ready for pick-up');
    expect(fulfilmentWord(facts(OrderState.Delivered, false, true, area('Pick up in store')))).toBe('Picked up');
  });
});
