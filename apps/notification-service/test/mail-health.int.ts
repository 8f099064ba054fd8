import { MAIL_FAILURE_TEXT, type MailHealth, MailFailureCause, type NotificationPage, OrderEvent } from '@shop/contracts';
import { MailStack, OWNER } from './support/mail-stack';
import { makeOrder } from './support/order-events';
import { waitUntil } from './support/test-smtp';

const ADMIN = { ADMIN_USERNAME: 'mail-health-owner', ADMIN_PASSWORD: 'mail-health-pass-1' };

/**
 * Issue 26: the dashboard's mail warning. Over the real stack: a mail the server refuses, then the mail server
 * stopped (a port where nothing listens: ECONNREFUSED), mails left waiting, and the owner's retry.
 */
describe('mail health (GET /api/notifications/health)', () => {
  const shop = MailStack.forTests(ADMIN, {
    services: ['notification-service'],
    env: {
      // A temporary failure leaves the mail waiting for its next attempt, ten minutes on: "stuck" is then up to its age.
      MAIL_RETRY_ATTEMPTS: '3',
      MAIL_RETRY_BASE_MS: '600000',
    },
  });



  const auth = () => shop.admin;
  const health = async (): Promise<MailHealth> => {
    const res = await shop.stack.request('/api/notifications/health', { headers: auth() });
    expect(res.status).toBe(200);
    return res.body as MailHealth;
  };
  const mailLog = async (): Promise<NotificationPage> => (await shop.stack.request('/api/notifications?pageSize=100', { headers: auth() })).body as NotificationPage;
  const row = async (recipient: string) => (await shop.db.query('SELECT * FROM notifications.mails WHERE recipient = $1', [recipient])).rows[0] as Record<string, unknown>;
  /** Makes a waiting mail look as if it had been queued `minutes` ago (the test cannot wait ten minutes). */
  const age = (recipient: string, minutes: number) =>
    shop.db.query(`UPDATE notifications.mails SET queued_at = now() - make_interval(mins => $2) WHERE recipient = $1`, [recipient, minutes]);

  it('answers only an admin', async () => {
    const res = await shop.stack.request('/api/notifications/health');
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: 'Not authorized, no token' });
  });

  it('says nothing is wrong while mails go out', async () => {
    const order = makeOrder({ isInPerson: true, email: 'fine@shopper.test' });
    await shop.events.emit(OrderEvent.Placed, order);
    await waitUntil(() => shop.smtp.for('fine@shopper.test').length === 1, 'the mail sent');
    expect(await health()).toEqual({ failed: 0, stuck: 0, oldestStuckSince: null, causes: [] });

    // The mail log names the order by its number (and knows it is an in-person order), not by its id alone.
    const logged = (await mailLog()).notifications.find((m) => m.recipient === 'fine@shopper.test');
    expect(logged).toMatchObject({ orderId: order._id, orderNumber: order.orderNumber, orderInPerson: true, status: 'sent', failureCause: null });
  });

  it('counts a mail the server refused, with the cause in plain words', async () => {
    shop.smtp.policy = (recipients) => (recipients.includes('nobody@shopper.test') ? { code: 550, message: '5.1.1 No such user' } : null);
    await shop.events.emit(OrderEvent.Placed, makeOrder({ isInPerson: true, email: 'nobody@shopper.test' }));
    await waitUntil(async () => (await row('nobody@shopper.test'))?.status === 'failed', 'the refused mail failed');

    expect(await health()).toEqual({
      failed: 1,
      stuck: 0,
      oldestStuckSince: null,
      causes: [{ cause: MailFailureCause.MailRefused, text: MAIL_FAILURE_TEXT.mail_refused, mails: 1 }],
    });
    const logged = (await mailLog()).notifications.find((m) => m.recipient === 'nobody@shopper.test');
    expect(logged).toMatchObject({ status: 'failed', failureCause: 'mail_refused' });
    expect(logged?.lastError).toMatch(/550/);
  });

  it('with the mail server stopped: mails waiting over ten minutes are stuck, and the refused connection is named', async () => {
    await shop.smtp.stop();
    const order = makeOrder({ isInPerson: true, email: 'waiting@shopper.test' });
    await shop.events.emit(OrderEvent.Placed, order);
    // The first attempt fails (ECONNREFUSED) and the mails wait for the next one.
    await waitUntil(async () => (await row('waiting@shopper.test'))?.last_error != null, 'the first attempt failed');
    await waitUntil(async () => (await shop.db.query(`SELECT 1 FROM notifications.mails WHERE order_id = $1 AND last_error IS NOT NULL`, [order._id])).rowCount === 2, 'both attempts failed');
    const waiting = await row('waiting@shopper.test');
    expect(waiting).toMatchObject({ status: 'queued', failure_cause: 'connection_refused' });
    expect(String(waiting.last_error)).toMatch(/ECONNREFUSED/);

    // Just queued: not stuck yet.
    expect((await health()).stuck).toBe(0);

    // The shopper's mail has waited 11 minutes, the owner's 5: only the first is stuck.
    await age('waiting@shopper.test', 11);
    await age(OWNER, 5);
    const h = await health();
    expect(h).toMatchObject({ failed: 1, stuck: 1 });
    expect(Date.now() - Date.parse(String(h.oldestStuckSince))).toBeGreaterThan(10 * 60_000);
    expect(h.causes).toEqual(
      expect.arrayContaining([
        { cause: 'connection_refused', text: 'The mail server refused the connection. It may be stopped, or the shop has the wrong mail server address or port.', mails: 1 },
        { cause: 'mail_refused', text: MAIL_FAILURE_TEXT.mail_refused, mails: 1 },
      ]),
    );
    expect(h.causes).toHaveLength(2);
  });

  it("the owner's retry takes a failed mail off the warning (queued anew, not stuck)", async () => {
    const failed = (await mailLog()).notifications.find((m) => m.recipient === 'nobody@shopper.test');
    // It was first queued long ago: the retry queues it anew, so it is not counted as stuck since then.
    await age('nobody@shopper.test', 30);
    const res = await shop.stack.request(`/api/notifications/${failed?._id}/retry`, { method: 'POST', headers: auth() });
    expect(res.status).toBe(200);
    // The mail server is still stopped: the retry's first attempt fails too, and the mail waits again.
    await waitUntil(async () => (await row('nobody@shopper.test'))?.failure_cause === 'connection_refused', 'the retry attempted');
    const h = await health();
    expect(h).toMatchObject({ failed: 0, stuck: 1 });
    expect(h.causes).toEqual([{ cause: 'connection_refused', text: MAIL_FAILURE_TEXT.connection_refused, mails: 1 }]);
  });
});
