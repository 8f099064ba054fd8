import { randomBytes, randomUUID } from 'node:crypto';
import { OrderEvent } from '@shop/contracts';
import { sandboxPay, sendPaymentResult } from '@shop/server-testing';
import { Client } from 'pg';
import { EventStreamProbe } from './support/event-stream';
import { makeOrder } from './support/order-events';
import { insertProduct, MailStack, OWNER, placeShopperOrder } from './support/mail-stack';
import { waitUntil } from './support/test-smtp';

const ADMIN = { ADMIN_USERNAME: 'durable-owner', ADMIN_PASSWORD: 'durable-owner-pass-1' };
const MAX_DELIVER = 3;


/**
 * Order events are durable: they wait on JetStream for a notification service that is down, are delivered
 * again when handling fails, and end as dead letters the owner can see; mails are sent exactly once throughout.
 */
describe('order events on JetStream', () => {
  const shop = MailStack.forTests(ADMIN, {
    env: {
      SEED_DEMO_DATA: 'false',
      LOG_LEVEL: 'info',
      MAIL_RETRY_ATTEMPTS: '3',
      MAIL_RETRY_BASE_MS: '100',
      MAIL_SWEEP_SECONDS: '1',
      // Longer than the write's own retries (about 3 s), so the job's next attempt meets the mail still 'sending'.
      MAIL_SENDING_STALE_SECONDS: '10',
      EVENT_MAX_DELIVER: String(MAX_DELIVER),
      EVENT_RETRY_BASE_MS: '200',
      EVENT_ACK_WAIT_SECONDS: '4',
    },
  });
  let probe: EventStreamProbe;
  let productId: string;

  beforeAll(async () => {
    probe = await EventStreamProbe.open(shop.stack.env.NATS_URL, shop.stack.env.NATS_SUBJECT_PREFIX);
    productId = await insertProduct(shop.db, { name: `Durable Butter ${randomUUID().slice(0, 6)}`, cents: 5000, stock: 50 });
  }, 90_000);

  afterAll(async () => {
    await probe?.close();
  });

  const place = (email: string, inPerson: boolean) => placeShopperOrder(shop.stack, { email, productId, inPerson });
  const payBySandbox = async (orderId: string) => {
    const { params } = await sandboxPay(shop.stack, orderId);
    const result = await sendPaymentResult(shop.stack, orderId, params);
    expect(result.body).toMatchObject({ isPaid: true });
  };
  const mailsOf = (order: { orderNumber: string }) => shop.smtp.received.filter((m) => m.subject.includes(order.orderNumber));
  const mailRows = async (orderId: string) =>
    (await shop.db.query('SELECT recipient, kind, status, attempts FROM notifications.mails WHERE order_id = $1 ORDER BY kind, recipient', [orderId])).rows;
  /** Nothing left to happen: every event delivered and acknowledged (or given up), and no mail waiting or being sent. */
  const quiet = () =>
    waitUntil(
      async () =>
        (await probe.consumerIdle()) && Number((await shop.db.query(`SELECT count(*) AS n FROM notifications.mails WHERE status IN ('queued', 'sending')`)).rows[0].n) === 0,
      'the consumer and the mail queue to be idle',
      30_000,
    );
  /** The notification service's log lines with this message. */
  const logged = (msg: string) =>
    shop.stack
      .running('notification-service')
      .flatMap((p) => p.lines)
      .filter((l) => l.msg === msg);
  /** Runs `drill` while a trigger makes the mail log refuse the rows `when` picks (on INSERT or UPDATE) with `error`; drops it after. */
  const refusingMailWrites = async (on: 'INSERT' | 'UPDATE', when: string, error: string, drill: () => Promise<void>) => {
    const fn = `notifications.refuse_${randomBytes(4).toString('hex')}`;
    await shop.db.query(`CREATE FUNCTION ${fn}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION '${error}'; END $$`);
    await shop.db.query(`CREATE TRIGGER refuse_mail_write BEFORE ${on} ON notifications.mails FOR EACH ROW WHEN (${when}) EXECUTE FUNCTION ${fn}()`);
    try {
      await drill();
    } finally {
      await shop.db.query('DROP TRIGGER IF EXISTS refuse_mail_write ON notifications.mails');
      await shop.db.query(`DROP FUNCTION IF EXISTS ${fn}()`);
    }
  };

  it('drill 1: with the notification service down, an in-person order and a paid card order wait on the stream; once it starts every mail is sent exactly once', async () => {
    const [service] = shop.stack.running('notification-service');
    expect(await service.stop('SIGTERM')).toBe(0);

    const inPerson = await place('drill1.cash@shopper.test', true);
    const card = await place('drill1.card@shopper.test', false);
    await payBySandbox(card._id);

    // The relay published all three events (the stream acknowledged them) while nobody consumed them.
    await waitUntil(async () => {
      const { rows } = await shop.db.query(`SELECT count(*) FILTER (WHERE published_at IS NOT NULL) AS published, count(*) AS total FROM orders.outbox WHERE payload->'order'->>'_id' = ANY($1)`, [
        [inPerson._id, card._id],
      ]);
      return Number(rows[0].total) >= 3 && rows[0].published === rows[0].total;
    }, 'the outbox rows to be published');
    const waiting = await probe.consumer();
    expect(waiting.num_pending).toBeGreaterThanOrEqual(3);
    expect(mailsOf(inPerson)).toHaveLength(0);
    expect(mailsOf(card)).toHaveLength(0);

    await shop.stack.startApp('notification-service');
    await waitUntil(() => mailsOf(inPerson).length === 2 && mailsOf(card).length === 2, 'the four mails', 30_000);
    await quiet();

    expect(mailsOf(inPerson).map((m) => m.to).sort()).toEqual(['drill1.cash@shopper.test', OWNER].sort());
    expect(mailsOf(card).map((m) => m.to).sort()).toEqual(['drill1.card@shopper.test', OWNER].sort());
    expect(await mailRows(inPerson._id)).toEqual([
      { recipient: 'drill1.cash@shopper.test', kind: 'order_placed_in_person', status: 'sent', attempts: 1 },
      { recipient: OWNER, kind: 'owner_new_order', status: 'sent', attempts: 1 },
    ]);
    expect(await mailRows(card._id)).toEqual([
      { recipient: OWNER, kind: 'owner_new_order', status: 'sent', attempts: 1 },
      { recipient: 'drill1.card@shopper.test', kind: 'payment_received', status: 'sent', attempts: 1 },
    ]);
    // The owner's mail log shows them.
    const listed = await shop.stack.request('/api/notifications?pageSize=100', { headers: shop.admin });
    expect(listed.status).toBe(200);
    const ours = listed.body.notifications.filter((n: { orderId: string }) => n.orderId === inPerson._id || n.orderId === card._id);
    expect(ours).toHaveLength(4);
    expect(ours.every((n: { status: string }) => n.status === 'sent')).toBe(true);
  }, 120_000);

  it('an event whose handling keeps failing is delivered again without sending anything twice, then kept as a dead letter the owner can list', async () => {
    const order = makeOrder({ isInPerson: true, email: 'poison.shopper@shopper.test' });
    // The owner's mail of this one order cannot be written: every delivery fails after the shopper's mail was queued.
    await refusingMailWrites('INSERT', `NEW.order_id = '${order._id}' AND NEW.recipient = '${OWNER}'`, 'mail log refused for the drill', async () => {
      const placed = await shop.events.emit(OrderEvent.Placed, order);
      const listDeadLetters = () => shop.stack.request('/api/notifications/dead-letters?pageSize=100', { headers: shop.admin });
      let letter: Record<string, unknown> | undefined;
      await waitUntil(
        async () => {
          letter = (await listDeadLetters()).body.deadLetters?.find((d: { eventId: string }) => d.eventId === placed.eventId);
          return Boolean(letter);
        },
        'the dead letter',
        30_000,
      );
      expect(letter).toMatchObject({ event: OrderEvent.Placed, orderId: order._id, consumer: 'notification-service', deliveries: MAX_DELIVER, stream: probe.streamName });
      expect(String(letter!.error)).toContain('mail log refused for the drill');
      // Kept in the stream, where an operator finds it by its sequence.
      const kept = await probe.message(Number(letter!.streamSequence));
      expect(kept.json).toMatchObject({ eventId: placed.eventId, order: { _id: order._id } });

      // Delivered MAX_DELIVER times, and the shopper's mail went out once.
      const retried = () => logged('order event not handled; will be delivered again').filter((l) => l.streamSequence === letter!.streamSequence);
      await waitUntil(() => retried().length === MAX_DELIVER - 1, 'the retry log lines');
      await quiet();
      expect(shop.smtp.for('poison.shopper@shopper.test')).toHaveLength(1);
      expect(await mailRows(order._id)).toEqual([{ recipient: 'poison.shopper@shopper.test', kind: 'order_placed_in_person', status: 'sent', attempts: 1 }]);

      // An event that breaks its contract is a dead letter at once: no retry can fix it.
      const brokenId = randomUUID();
      await shop.events.publish({ event: OrderEvent.Placed, eventId: brokenId, occurredAt: new Date().toISOString(), order: { _id: 'no-such-shape' } } as never);
      await waitUntil(async () => (await listDeadLetters()).body.deadLetters?.some((d: { eventId: string }) => d.eventId === brokenId), 'the broken event as a dead letter');
      const broken = (await listDeadLetters()).body.deadLetters.find((d: { eventId: string }) => d.eventId === brokenId);
      expect(broken).toMatchObject({ deliveries: 1, orderId: 'no-such-shape' });

      // The list is the owner's: no token, no list.
      expect((await shop.stack.request('/api/notifications/dead-letters')).status).toBe(401);
    });
  }, 120_000);

  it('a mail SMTP accepted whose answer cannot be recorded is never sent again: its retries find it sending, and it ends failed as uncertain', async () => {
    const shopper = 'lost.write@shopper.test';
    const order = makeOrder({ isInPerson: true, email: shopper });
    // Recording 'sent' fails for this one mail, every time (as a dropped connection would, for longer than the write's own retries).
    await refusingMailWrites('UPDATE', `NEW.recipient = '${shopper}' AND NEW.status = 'sent'`, 'connection lost for the drill', async () => {
      await shop.events.emit(OrderEvent.Placed, order);
      await waitUntil(() => shop.smtp.for(shopper).length === 1, 'the mail at the SMTP server');
      const notResent = () => logged('mail was being sent by an earlier attempt; not sent again');
      // The job's later attempts ran and sent nothing.
      await waitUntil(() => notResent().length >= 1, 'a retry that finds the mail sending');
      await waitUntil(
        async () => (await shop.db.query(`SELECT status FROM notifications.mails WHERE order_id = $1 AND recipient = $2`, [order._id, shopper])).rows[0]?.status === 'failed',
        'the uncertain send given up as failed',
        30_000,
      );
      const [row] = (await shop.db.query(`SELECT status, attempts, last_error FROM notifications.mails WHERE order_id = $1 AND recipient = $2`, [order._id, shopper])).rows;
      expect(row).toMatchObject({ status: 'failed', attempts: 1 });
      expect(row.last_error).toContain('may have been delivered');
      await quiet();
      expect(shop.smtp.for(shopper)).toHaveLength(1);
      // The owner's mail of the same event went out normally, once.
      expect(shop.smtp.for(OWNER).filter((m) => m.subject.includes(order.orderNumber))).toHaveLength(1);
    });
  }, 120_000);

  it('a consumer deleted under the running service is created again and replays the stream, and the replay sends no mail twice', async () => {
    await quiet();
    await probe.deleteConsumer();
    await waitUntil(() => logged('order event consumer lost; creating it again').length >= 1, 'the service to notice');
    // The new consumer starts from the first event the stream keeps: every earlier event again.
    await waitUntil(async () => (await probe.consumer().catch(() => null))?.delivered.stream_seq === (await probe.messages()), 'the replay of the stream', 30_000);
    const order = makeOrder({ isInPerson: true, email: 'after.replay@shopper.test' });
    await shop.events.emit(OrderEvent.Placed, order);
    await waitUntil(() => shop.smtp.for('after.replay@shopper.test').length === 1 && shop.smtp.for(OWNER).some((m) => m.subject.includes(order.orderNumber)), 'the new order mails');
    await quiet();
    // The replayed events found their mails logged: no mail (Message-ID = the mail's row id) reached SMTP twice.
    const ids = shop.smtp.received.map((m) => m.messageId);
    expect(ids.length).toBeGreaterThan(8);
    expect(new Set(ids).size).toBe(ids.length);
  }, 120_000);

  it('an event in flight when its replica is killed (SIGKILL) is delivered again after the ack wait, and its mails are sent once', async () => {
    const locker = new Client({ connectionString: shop.stack.env.DATABASE_URL });
    await locker.connect();
    try {
      await quiet();
      // Writes to the mail log wait on this lock: the handler holds the event without acknowledging it.
      await locker.query('BEGIN');
      await locker.query('LOCK TABLE notifications.mails IN SHARE ROW EXCLUSIVE MODE');
      const order = makeOrder({ isInPerson: true, email: 'killed.replica@shopper.test' });
      await shop.events.emit(OrderEvent.Placed, order);
      await waitUntil(async () => (await probe.consumer()).num_ack_pending === 1, 'the event delivered and not acknowledged');
      const [service] = shop.stack.running('notification-service');
      await service.stop('SIGKILL');
      await locker.query('ROLLBACK');
      await shop.stack.startApp('notification-service');

      // The owner's mail is planned after the shopper's, which the killed replica never got past: only a redelivery makes it.
      await waitUntil(
        () => shop.smtp.for('killed.replica@shopper.test').length === 1 && shop.smtp.for(OWNER).some((m) => m.subject.includes(order.orderNumber)),
        'both mails after the redelivery',
        30_000,
      );
      await quiet();
      expect(shop.smtp.for('killed.replica@shopper.test')).toHaveLength(1);
      expect(shop.smtp.for(OWNER).filter((m) => m.subject.includes(order.orderNumber))).toHaveLength(1);
      expect(await mailRows(order._id)).toEqual([
        { recipient: 'killed.replica@shopper.test', kind: 'order_placed_in_person', status: 'sent', attempts: 1 },
        { recipient: OWNER, kind: 'owner_new_order', status: 'sent', attempts: 1 },
      ]);
    } finally {
      await locker.end();
    }
  }, 120_000);
});
