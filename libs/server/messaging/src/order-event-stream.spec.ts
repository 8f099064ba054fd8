import { loadConfig, notificationConfigSchema } from '@shop/server-config';
import { eventConsumerSettings, maxDeliveriesStream, orderEventStream, retryDelayMs } from './order-event-stream';

describe('order event stream', () => {
  it('names the stream after the stack and keeps event subjects apart from request-reply subjects', () => {
    const stream = orderEventStream({ NATS_SUBJECT_PREFIX: 't1a2b3c4.' });
    expect(stream.name).toBe('t1a2b3c4_order_events');
    expect(stream.subjects).toBe('t1a2b3c4.events.>');
    expect(stream.subjectOf('catalog.stock.low')).toBe('t1a2b3c4.events.catalog.stock.low');
    expect(stream.subjectOf('order.paid')).toBe('t1a2b3c4.events.order.paid');
    expect(stream.eventOf('t1a2b3c4.events.order.paid')).toBe('order.paid');
    // A request subject of the order service is not the stream's.
    expect(stream.eventOf('t1a2b3c4.order.orders.create')).toBeNull();
    expect(orderEventStream({ NATS_SUBJECT_PREFIX: '' }).name).toBe('shop_order_events');
  });

  it('retries a failed handling after a doubling delay that never exceeds the ack wait', () => {
    const settings = eventConsumerSettings(loadConfig(notificationConfigSchema, { EVENT_RETRY_BASE_MS: '1000', EVENT_ACK_WAIT_SECONDS: '5', EVENT_MAX_DELIVER: '6' }), 'notification-service');
    expect(settings).toEqual({ durable: 'notification-service', ackWaitMs: 5000, maxDeliver: 6, retryBaseMs: 1000 });
    expect([1, 2, 3, 4, 5].map((d) => retryDelayMs(settings, d))).toEqual([1000, 2000, 4000, 5000, 5000]);
  });

  it("keeps the server's max-deliveries advisories about the stream's consumers in a stream named after it", () => {
    const advisories = maxDeliveriesStream(orderEventStream({ NATS_SUBJECT_PREFIX: 't1a2b3c4.' }));
    expect(advisories.name).toBe('t1a2b3c4_order_events_max_deliveries');
    expect(advisories.subjects).toBe('$JS.EVENT.ADVISORY.CONSUMER.MAX_DELIVERIES.t1a2b3c4_order_events.*');
    expect(advisories.subjectOf('notification-service')).toBe('$JS.EVENT.ADVISORY.CONSUMER.MAX_DELIVERIES.t1a2b3c4_order_events.notification-service');
  });
});
