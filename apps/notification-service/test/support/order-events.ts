import { randomUUID } from 'node:crypto';
import { DeliveryStatus, type Order, OrderEvent, type OrderEventMessage } from '@shop/contracts';
import { loadConfig, notificationConfigSchema } from '@shop/server-config';
import { ensureOrderEventStream, type OrderEventStream } from '@shop/server-messaging';
import { connect, type NatsConnection } from 'nats';

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
    deliveryArea: null,
    discount: null,
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
    state: inPerson ? 'in_person' : 'awaiting_payment',
  };
}

/** Publishes order events the way the order service's outbox relay does: on the JetStream stream of order events, the event id as Nats-Msg-Id. */
export class OrderEventPublisher {
  private readonly ready: Promise<{ nc: NatsConnection; stream: OrderEventStream }>;

  constructor(natsUrl: string, prefix: string) {
    this.ready = (async () => {
      const nc = await connect({ servers: [natsUrl] });
      const stream = await ensureOrderEventStream(await nc.jetstreamManager(), loadConfig(notificationConfigSchema, { NATS_URL: natsUrl, NATS_SUBJECT_PREFIX: prefix }));
      return { nc, stream };
    })();
  }

  async emit(event: OrderEvent, order: Order, previousStatus?: DeliveryStatus): Promise<OrderEventMessage> {
    // Any event name with any order, as the relay would publish it.
    const payload = { event, eventId: randomUUID(), occurredAt: new Date().toISOString(), order, previousStatus } as OrderEventMessage;
    await this.publish(payload);
    return payload;
  }

  /** Publishes a payload as it is (a replay of an earlier event, or one that breaks the contract), with its own message id. */
  async publish(payload: { event: string; eventId?: string }): Promise<void> {
    const { nc, stream } = await this.ready;
    await nc.jetstream().publish(stream.subjectOf(payload.event), JSON.stringify(payload), { msgID: payload.eventId ?? randomUUID(), expect: { streamName: stream.name } });
  }

  paid(order: Order): Order {
    return { ...order, isPaid: true, paidAt: new Date().toISOString() };
  }

  withStatus(order: Order, status: DeliveryStatus): Order {
    const delivered = status === DeliveryStatus.Delivered;
    return { ...order, deliveryStatus: status, isDelivered: delivered, deliveredAt: delivered ? new Date().toISOString() : null };
  }

  async close(): Promise<void> {
    const { nc } = await this.ready;
    await nc.close();
  }
}

export { OrderEvent };
