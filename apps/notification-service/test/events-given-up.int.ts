import { OrderEvent } from '@shop/contracts';
import { Client } from 'pg';
import { EventStreamProbe } from './support/event-stream';
import { makeOrder, OrderEventPublisher } from './support/order-events';
import { MailStack } from './support/mail-stack';
import { waitUntil } from './support/test-smtp';

const ADMIN = { ADMIN_USERNAME: 'given-up-owner', ADMIN_PASSWORD: 'given-up-owner-pass-1' };

/**
 * An event whose last delivery dies with its replica is not lost from sight: JetStream's "maximum deliveries"
 * advisory, kept in a stream of its own, brings it to the dead letters the owner lists, even though no replica
 * was running when its deliveries ran out. One delivery per event here, so the first delivery is the last.
 */
describe('an order event whose last delivery was never acknowledged', () => {
  const shop = MailStack.forTests(ADMIN, {
    services: ['notification-service'],
    env: { SEED_DEMO_DATA: 'false', LOG_LEVEL: 'info', EVENT_MAX_DELIVER: '1', EVENT_ACK_WAIT_SECONDS: '2' },
  });
  let probe: EventStreamProbe;

  beforeAll(async () => {
    probe = await EventStreamProbe.open(shop.stack.env.NATS_URL, shop.stack.env.NATS_SUBJECT_PREFIX);
  }, 90_000);

  afterAll(async () => {
    await probe?.close();
  });

  it('is kept as a dead letter once a replica is back, with the event read from the stream, and recorded once', async () => {
    const events = new OrderEventPublisher(shop.stack.env.NATS_URL, shop.stack.env.NATS_SUBJECT_PREFIX);
    const locker = new Client({ connectionString: shop.stack.env.DATABASE_URL });
    await locker.connect();
    try {
      // Writes to the mail log wait on this lock: the handler holds its only delivery without acknowledging it.
      await locker.query('BEGIN');
      await locker.query('LOCK TABLE notifications.mails IN SHARE ROW EXCLUSIVE MODE');
      const order = makeOrder({ isInPerson: true, email: 'lost.delivery@shopper.test' });
      const placed = await events.emit(OrderEvent.Placed, order);
      await waitUntil(async () => (await probe.consumer()).num_ack_pending === 1, 'the event delivered and not acknowledged');
      const [service] = shop.stack.running('notification-service');
      await service.stop('SIGKILL');
      await locker.query('ROLLBACK');
      // Nobody runs while the ack wait ends; the replica that starts afterwards asks for events, and the server,
      // which has no delivery left for this one, says so in an advisory.
      await new Promise((r) => setTimeout(r, 3000));
      await shop.stack.startApp('notification-service');

      const listDeadLetters = async () => (await shop.stack.request('/api/notifications/dead-letters?pageSize=100', { headers: shop.admin })).body.deadLetters as Array<Record<string, unknown>>;
      let letters: Array<Record<string, unknown>> = [];
      await waitUntil(
        async () => {
          letters = (await listDeadLetters()).filter((d) => d.eventId === placed.eventId);
          return letters.length > 0;
        },
        'the dead letter of the killed delivery',
        30_000,
      );
      expect(letters).toEqual([
        expect.objectContaining({
          event: OrderEvent.Placed,
          orderId: order._id,
          consumer: 'notification-service',
          stream: probe.streamName,
          deliveries: 1,
          error: expect.stringMatching(/never acknowledged within the ack wait/),
        }),
      ]);
      // Given up means given up: no mail for it, and the consumer has nothing pending.
      await waitUntil(async () => probe.consumerIdle(), 'the consumer idle');
      expect(shop.smtp.for('lost.delivery@shopper.test')).toHaveLength(0);

      // A second replica, and a restart of the first, record nothing twice.
      await shop.stack.startApp('notification-service');
      const [first] = shop.stack.running('notification-service');
      await first.stop('SIGTERM');
      await shop.stack.startApp('notification-service');
      await new Promise((r) => setTimeout(r, 2000));
      expect((await listDeadLetters()).filter((d) => d.eventId === placed.eventId)).toHaveLength(1);
    } finally {
      await locker.end();
      await events.close();
    }
  }, 120_000);
});
