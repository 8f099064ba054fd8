import { DeliveryStatus, MailKind, type Order, OrderEvent, type OrderEventMessage } from '@shop/contracts';
import { testOrder } from '../../test/support/test-order';
import { mailsForOrderEvent } from './mail-plan';

const OWNER = 'owner@shop.test';

// Built for any event name, as the relay would carry it: the union is checked where the message arrives.
const event = (e: OrderEventMessage['event'], o: Order, previousStatus?: DeliveryStatus): OrderEventMessage =>
  ({
  event: e,
  eventId: 'e1',
  occurredAt: '2026-11-22T00:00:00.000Z',
  order: o,
  previousStatus,
  }) as OrderEventMessage;

const plan = (p: OrderEventMessage) => mailsForOrderEvent(p, OWNER).map((m) => [m.kind, m.recipient, m.dedupeKey]);

describe('mailsForOrderEvent', () => {
  it('a card order placed mails nobody; paid mails the shopper and the owner', () => {
    expect(plan(event(OrderEvent.Placed, testOrder()))).toEqual([]);
    expect(plan(event(OrderEvent.Paid, testOrder({ isPaid: true })))).toEqual([
      [MailKind.PaymentReceived, 'Kavi@Shopper.test', 'order.paid|oid-abcdefabcdef|kavi@shopper.test'],
      [MailKind.OwnerNewOrder, OWNER, 'order.paid|oid-abcdefabcdef|owner@shop.test'],
    ]);
  });

  it('a payment for stock sold meanwhile (paid, out of stock) tells the shopper the shop will contact them and alerts the owner, once per event', () => {
    const short = testOrder({ isPaid: true, state: 'paid_out_of_stock' });
    expect(plan(event(OrderEvent.Paid, short))).toEqual([
      [MailKind.PaidOutOfStock, 'Kavi@Shopper.test', 'order.paid|oid-abcdefabcdef|kavi@shopper.test'],
      [MailKind.OwnerPaidOutOfStock, OWNER, 'order.paid|oid-abcdefabcdef|owner@shop.test'],
    ]);
  });

  it('an in-person order that expired unconfirmed mails the shopper and the owner; a card expiry or a decline mails nobody', () => {
    const inPerson = testOrder({ isInPerson: true, paymentMethod: 'in_person', deliveryStatus: DeliveryStatus.PreparingInPerson, state: 'expired' });
    const failed = (o: Order, reason: 'expired' | 'declined'): OrderEventMessage => ({ ...event(OrderEvent.PaymentFailed, o), reason }) as OrderEventMessage;
    expect(plan(failed(inPerson, 'expired'))).toEqual([
      [MailKind.InPersonExpired, 'Kavi@Shopper.test', 'order.payment_failed|oid-abcdefabcdef|kavi@shopper.test'],
      [MailKind.OwnerInPersonExpired, OWNER, 'order.payment_failed|oid-abcdefabcdef|owner@shop.test'],
    ]);
    expect(plan(failed(testOrder({ state: 'expired' }), 'expired'))).toEqual([]);
    expect(plan(failed(testOrder({ state: 'payment_failed' }), 'declined'))).toEqual([]);
  });

  it('an in-person order mails both when placed and nobody when paid', () => {
    const inPerson = testOrder({ isInPerson: true, paymentMethod: 'in_person', deliveryStatus: DeliveryStatus.PreparingInPerson });
    expect(plan(event(OrderEvent.Placed, inPerson)).map(([k]) => k)).toEqual([MailKind.OrderPlacedInPerson, MailKind.OwnerNewOrder]);
    expect(plan(event(OrderEvent.Paid, { ...inPerson, isPaid: true }))).toEqual([]);
  });

  it('status changes mail the shopper for out for delivery and delivered, each under its own key', () => {
    const out = plan(event(OrderEvent.StatusChanged, testOrder({ deliveryStatus: DeliveryStatus.OutForDelivery }), DeliveryStatus.Preparing));
    const done = plan(event(OrderEvent.StatusChanged, testOrder({ deliveryStatus: DeliveryStatus.Delivered }), DeliveryStatus.OutForDelivery));
    expect(out).toEqual([[MailKind.OutForDelivery, 'Kavi@Shopper.test', 'order.status_changed.Out for Delivery|oid-abcdefabcdef|kavi@shopper.test']]);
    expect(done).toEqual([[MailKind.Delivered, 'Kavi@Shopper.test', 'order.status_changed.Delivered|oid-abcdefabcdef|kavi@shopper.test']]);
    expect(plan(event(OrderEvent.StatusChanged, testOrder({ deliveryStatus: DeliveryStatus.Delivered }), DeliveryStatus.Delivered))).toEqual([]);
    expect(plan(event(OrderEvent.StatusChanged, testOrder({ deliveryStatus: DeliveryStatus.Preparing }), DeliveryStatus.OutForDelivery))).toEqual([]);
  });

  it('without a shopper address only the owner is mailed; other events mail nobody', () => {
    const noMail = testOrder({ customer: { id: 'uid-abcdefabcdef', fname: 'Kavi' }, isPaid: true });
    expect(plan(event(OrderEvent.Paid, noMail)).map(([k]) => k)).toEqual([MailKind.OwnerNewOrder]);
    expect(plan(event(OrderEvent.PaymentFailed, testOrder()))).toEqual([]);
    expect(plan(event(OrderEvent.Deleted, testOrder()))).toEqual([]);
  });
});
