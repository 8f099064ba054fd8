import { randomUUID } from 'node:crypto';
import { ClientNats } from '@nestjs/microservices';
import { DeliveryStatus, type Order, OrderEvent, type OrderEventPayload } from '@shop/contracts';
import { lastValueFrom } from 'rxjs';

// Distinct per order in a run, and unlike any other run's (tests find mails by the number in the subject).
let nextNumber = 10_000_000 + Math.floor(Math.random() * 80_000_000);

/** An order as the order service publishes it, with figures that show the order's own delivery cost. */
export function makeOrder(overrides: { isInPerson?: boolean; email?: string; fname?: string } = {}): Order {
  const inPerson = overrides.isInPerson ?? false;
  return {
    _id: `oid-${randomUUID().replace(/-/g, '').slice(0, 12)}`,
    orderNumber: `IG-${(nextNumber += 1)}`,
    customer: {
      id: `uid-${randomUUID().replace(/-/g, '').slice(0, 12)}`,
      fname: overrides.fname ?? 'Aaliyah',
      lname: 'Mohammed',
      email: overrides.email ?? 'aaliyah@shopper.test',
      phone: '+1 868 555 0101',
      city: 'San Fernando',
      street: '12 Coffee Street',
    },
    orderItems: [
      { name: 'Coconut Curl Cream', product: randomUUID(), qty: 2, price: 95.5, image: '/api/files/demo/curl-cream.jpg' },
      { name: 'Shea Butter Edge Control', product: randomUUID(), qty: 1, price: 1024, image: '/api/files/demo/edge.jpg' },
    ],
    itemsPrice: 1215,
    deliveryCost: 45.5,
    totalPrice: 1260.5,
    paymentMethod: inPerson ? 'in_person' : 'card',
    paymentReference: inPerson ? null : `oid-${randomUUID().slice(0, 12)}`,
    isPaid: false,
    paidAt: null,
    isDelivered: false,
    deliveredAt: null,
    deliveryStatus: inPerson ? DeliveryStatus.PreparingInPerson : DeliveryStatus.Preparing,
    isInPerson: inPerson,
    createdAt: new Date().toISOString(),
  };
}

/** Publishes order events the way the order service does: Nest NATS events on the prefixed subject. */
export class OrderEventPublisher {
  private readonly client: ClientNats;

  constructor(
    natsUrl: string,
    private readonly prefix: string,
  ) {
    this.client = new ClientNats({ servers: [natsUrl] });
  }

  async emit(event: OrderEvent, order: Order, previousStatus?: DeliveryStatus): Promise<OrderEventPayload> {
    const payload: OrderEventPayload = { event, eventId: randomUUID(), occurredAt: new Date().toISOString(), order, previousStatus };
    await lastValueFrom(this.client.emit(this.prefix + event, payload), { defaultValue: undefined });
    return payload;
  }

  paid(order: Order): Order {
    return { ...order, isPaid: true, paidAt: new Date().toISOString() };
  }

  withStatus(order: Order, status: DeliveryStatus): Order {
    const delivered = status === DeliveryStatus.Delivered;
    return { ...order, deliveryStatus: status, isDelivered: delivered, deliveredAt: delivered ? new Date().toISOString() : null };
  }

  async close(): Promise<void> {
    await this.client.close();
  }
}

export { OrderEvent };
