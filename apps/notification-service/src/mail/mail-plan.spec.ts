import { DeliveryStatus, MailKind, type Order, OrderEvent, type OrderEventMessage } from '@shop/contracts';
import { mailsForOrderEvent } from './mail-plan';

const OWNER = 'owner@shop.test';

function order(overrides: Partial<Order> = {}): Order {
  return {
    _id: 'oid-abcdefabcdef',
    orderNumber: 'IG-10001',
    customer: { id: 'uid-abcdefabcdef', fname: 'Kavi', lname: 'Ramdial', email: 'Kavi@Shopper.test' },
    orderItems: [{ name: 'Curl Cream', product: 'p1', qty: 1, price: 50, image: '/x.jpg' }],
    itemsPrice: 50,
    deliveryCost: 35,
    deliveryArea: null,
    discount: null,
    totalPrice: 85,
    paymentMethod: 'card',
    paymentReference: null,
    isPaid: false,
    paidAt: null,
    isDelivered: false,
    deliveredAt: null,
    deliveryStatus: DeliveryStatus.Preparing,
    isInPerson: false,
    createdAt: '2026-11-22T00:00:00.000Z',
    state: 'awaiting_payment',
    ...overrides,
  };
}

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
    expect(plan(event(OrderEvent.Placed, order()))).toEqual([]);
    expect(plan(event(OrderEvent.Paid, order({ isPaid: true })))).toEqual([
      [MailKind.PaymentReceived, 'Kavi@Shopper.test', 'order.paid|oid-abcdefabcdef|kavi@shopper.test'],
      [MailKind.OwnerNewOrder, OWNER, 'order.paid|oid-abcdefabcdef|owner@shop.test'],
    ]);
  });

  it('a payment for stock sold meanwhile (paid, out of stock) tells the shopper the shop will contact them and alerts the owner, once per event', () => {
    const short = order({ isPaid: true, state: 'paid_out_of_stock' });
    expect(plan(event(OrderEvent.Paid, short))).toEqual([
      [MailKind.PaidOutOfStock, 'Kavi@Shopper.test', 'order.paid|oid-abcdefabcdef|kavi@shopper.test'],
      [MailKind.OwnerPaidOutOfStock, OWNER, 'order.paid|oid-abcdefabcdef|owner@shop.test'],
    ]);
  });

  it('an in-person order that expired unconfirmed mails the shopper and the owner; a card expiry or a decline mails nobody', () => {
    const inPerson = order({ isInPerson: true, paymentMethod: 'in_person', deliveryStatus: DeliveryStatus.PreparingInPerson, state: 'expired' });
    const failed = (o: Order, reason: 'expired' | 'declined'): OrderEventMessage => ({ ...event(OrderEvent.PaymentFailed, o), reason }) as OrderEventMessage;
    expect(plan(failed(inPerson, 'expired'))).toEqual([
      [MailKind.InPersonExpired, 'Kavi@Shopper.test', 'order.payment_failed|oid-abcdefabcdef|kavi@shopper.test'],
      [MailKind.OwnerInPersonExpired, OWNER, 'order.payment_failed|oid-abcdefabcdef|owner@shop.test'],
    ]);
    expect(plan(failed(order({ state: 'expired' }), 'expired'))).toEqual([]);
    expect(plan(failed(order({ state: 'payment_failed' }), 'declined'))).toEqual([]);
  });

  it('an in-person order mails both when placed and nobody when paid', () => {
    const inPerson = order({ isInPerson: true, paymentMethod: 'in_person', deliveryStatus: DeliveryStatus.PreparingInPerson });
    expect(plan(event(OrderEvent.Placed, inPerson)).map(([k]) => k)).toEqual([MailKind.OrderPlacedInPerson, MailKind.OwnerNewOrder]);
    expect(plan(event(OrderEvent.Paid, { ...inPerson, isPaid: true }))).toEqual([]);
  });

  it('status changes mail the shopper for out for delivery and delivered, each under its own key', () => {
    const out = plan(event(OrderEvent.StatusChanged, order({ deliveryStatus: DeliveryStatus.OutForDelivery }), DeliveryStatus.Preparing));
    const done = plan(event(OrderEvent.StatusChanged, order({ deliveryStatus: DeliveryStatus.Delivered }), DeliveryStatus.OutForDelivery));
    expect(out).toEqual([[MailKind.OutForDelivery, 'Kavi@Shopper.test', 'order.status_changed.Out for Delivery|oid-abcdefabcdef|kavi@shopper.test']]);
    expect(done).toEqual([[MailKind.Delivered, 'Kavi@Shopper.test', 'order.status_changed.Delivered|oid-abcdefabcdef|kavi@shopper.test']]);
    expect(plan(event(OrderEvent.StatusChanged, order({ deliveryStatus: DeliveryStatus.Delivered }), DeliveryStatus.Delivered))).toEqual([]);
    expect(plan(event(OrderEvent.StatusChanged, order({ deliveryStatus: DeliveryStatus.Preparing }), DeliveryStatus.OutForDelivery))).toEqual([]);
  });

  it('without a shopper address only the owner is mailed; other events mail nobody', () => {
    const noMail = order({ customer: { id: 'uid-abcdefabcdef', fname: 'Kavi' }, isPaid: true });
    expect(plan(event(OrderEvent.Paid, noMail)).map(([k]) => k)).toEqual([MailKind.OwnerNewOrder]);
    expect(plan(event(OrderEvent.PaymentFailed, order()))).toEqual([]);
    expect(plan(event(OrderEvent.Deleted, order()))).toEqual([]);
  });
});
