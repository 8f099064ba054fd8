import { DeliveryStatus, type Order } from '@shop/contracts';

/**
 * A card order awaiting payment, as the order service publishes it, with fixed ids and figures: the unit specs
 * override what each is about. The shopper's address is typed with capitals, as shoppers do.
 */
export function testOrder(overrides: Partial<Order> = {}): Order {
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
