import { DeliveryStatus, OrderEvent } from '@shop/contracts';
import { MailStack, OWNER } from './support/mail-stack';
import { makeOrder } from './support/order-events';
import { waitUntil } from './support/test-smtp';

const STOREFRONT = 'https://shop.islandglow.test';
const ADMIN = { ADMIN_USERNAME: 'mail-owner', ADMIN_PASSWORD: 'mail-owner-pass-1' };

/** Order events in, mails out: over the real stack, to a real SMTP server that parses every mail. */
describe('order mails', () => {
  const shop = MailStack.forTests(ADMIN, {
    services: ['notification-service'],
    env: {
      STOREFRONT_URL: STOREFRONT,
      MAIL_FROM: 'Island Glow <shop@islandglow.test>',
      MAIL_RETRY_ATTEMPTS: '3',
      MAIL_RETRY_BASE_MS: '100',
    },
  });



  beforeEach(() => {
    shop.smtp.policy = () => null;
    shop.smtp.delayMs = 0;
  });

  const rows = async (orderId: string) =>
    (await shop.db.query('SELECT * FROM notifications.mails WHERE order_id = $1 ORDER BY created_at', [orderId])).rows as Array<Record<string, unknown>>;
  const auth = () => shop.admin;
  /** Waits until the service logged that it handled the event (so a duplicate had its chance to queue a mail). */
  const handled = (eventId: string) =>
    waitUntil(
      () => shop.stack.running('notification-service').some((p) => p.lines.some((l) => l.msg === 'order event handled' && l.eventId === eventId)),
      `event ${eventId} handled`,
    );
  const settle = () => new Promise((r) => setTimeout(r, 700));

  it('a card order: payment mails the shopper and the owner once, with amounts, delivery cost and tracking link; replays send nothing', async () => {
    const order = makeOrder({ email: 'Card.Shopper@shopper.test' });
    const placed = await shop.events.emit(OrderEvent.Placed, order);
    await handled(placed.eventId);
    const paidOrder = shop.events.paid(order);
    await shop.events.emit(OrderEvent.Paid, paidOrder);
    await waitUntil(() => shop.smtp.for('card.shopper@shopper.test').length === 1 && shop.smtp.for(OWNER).some((m) => m.subject.includes(order.orderNumber)), 'payment mails');

    const [shopperMail] = shop.smtp.for('card.shopper@shopper.test');
    expect(shopperMail.to).toBe('Card.Shopper@shopper.test');
    expect(shopperMail.subject).toBe(`Payment received for your Island Glow order ${order.orderNumber}`);
    for (const part of [shopperMail.text, shopperMail.html]) {
      expect(part).toContain('TT$1,260.50');
      expect(part).toContain('TT$45.50');
      expect(part).toContain('TT$1,215.00');
      expect(part).toContain('TT$191.00');
      expect(part).toContain(`${STOREFRONT}/tracking/${order._id}`);
      expect(part).not.toMatch(/(^|[^T])\$\d/);
    }
    expect(shopperMail.text).toContain('Coconut Curl Cream x 2');
    expect(shopperMail.parsed.from?.text).toContain('shop@islandglow.test');
    expect(shopperMail.messageId).toMatch(/@shop\.islandglow\.test>$/);

    const ownerMail = shop.smtp.for(OWNER).find((m) => m.subject.includes(order.orderNumber))!;
    expect(ownerMail.subject).toBe(`New order ${order.orderNumber}: TT$1,260.50 (paid by card)`);
    expect(ownerMail.text).toContain('Aaliyah Mohammed');
    expect(ownerMail.text).toContain('+1 868 555 0101');
    expect(ownerMail.text).toContain('12 Coffee Street, San Fernando');

    // The payment redirect replayed, and the same event published twice: nothing new.
    const replay = await shop.events.emit(OrderEvent.Paid, paidOrder);
    await shop.events.emit(OrderEvent.Paid, paidOrder);
    await handled(replay.eventId);
    await settle();
    expect(shop.smtp.for('card.shopper@shopper.test')).toHaveLength(1);
    expect(shop.smtp.for(OWNER).filter((m) => m.subject.includes(order.orderNumber))).toHaveLength(1);

    // Out for delivery, then delivered: one mail each, even when an event repeats.
    const out = shop.events.withStatus(paidOrder, DeliveryStatus.OutForDelivery);
    await shop.events.emit(OrderEvent.StatusChanged, out, DeliveryStatus.Preparing);
    await shop.events.emit(OrderEvent.StatusChanged, out, DeliveryStatus.Preparing);
    await waitUntil(() => shop.smtp.for('card.shopper@shopper.test').length === 2, 'out for delivery mail');
    const delivered = shop.events.withStatus(out, DeliveryStatus.Delivered);
    await shop.events.emit(OrderEvent.StatusChanged, delivered, DeliveryStatus.OutForDelivery);
    const again = await shop.events.emit(OrderEvent.StatusChanged, delivered, DeliveryStatus.OutForDelivery);
    await waitUntil(() => shop.smtp.for('card.shopper@shopper.test').length === 3, 'delivered mail');
    await handled(again.eventId);
    await settle();

    const subjects = shop.smtp.for('card.shopper@shopper.test').map((m) => m.subject);
    expect(subjects).toEqual([
      `Payment received for your Island Glow order ${order.orderNumber}`,
      `Your Island Glow order ${order.orderNumber} is out for delivery`,
      `Your Island Glow order ${order.orderNumber} was delivered`,
    ]);
    expect(shop.smtp.for('card.shopper@shopper.test')[2].text).toContain(`${STOREFRONT}/tracking/${order._id}`);
    expect(shop.smtp.for(OWNER).filter((m) => m.subject.includes(order.orderNumber))).toHaveLength(1);

    const logged = await rows(order._id);
    expect(logged.map((r) => [r.kind, r.recipient, r.status, r.attempts])).toEqual([
      ['payment_received', 'Card.Shopper@shopper.test', 'sent', 1],
      ['owner_new_order', OWNER, 'sent', 1],
      ['out_for_delivery', 'Card.Shopper@shopper.test', 'sent', 1],
      ['delivered', 'Card.Shopper@shopper.test', 'sent', 1],
    ]);
    for (const r of logged) {
      expect(r.sent_at).toBeInstanceOf(Date);
      expect(String(r.provider_message_id)).toContain('@shop.islandglow.test>');
      expect(r.last_error).toBeNull();
    }
  });

  it('an in-person order: the shopper and the owner hear once when it is placed, not again when it is paid', async () => {
    const order = makeOrder({ isInPerson: true, email: 'inperson@shopper.test', fname: 'Kavi' });
    await shop.events.emit(OrderEvent.Placed, order);
    await waitUntil(() => shop.smtp.for('inperson@shopper.test').length === 1 && shop.smtp.for(OWNER).some((m) => m.subject.includes(order.orderNumber)), 'in-person mails');
    const paid = await shop.events.emit(OrderEvent.Paid, shop.events.paid(order));
    await shop.events.emit(OrderEvent.Placed, order);
    await handled(paid.eventId);
    await settle();

    const [shopperMail] = shop.smtp.for('inperson@shopper.test');
    expect(shop.smtp.for('inperson@shopper.test')).toHaveLength(1);
    expect(shopperMail.subject).toBe(`Your Island Glow order ${order.orderNumber} is confirmed`);
    expect(shopperMail.text).toContain('Hi Kavi');
    expect(shopperMail.text).toContain('pay in person');
    expect(shopperMail.text).toContain('TT$1,260.50');
    // Issue 29: the link is signed (`?k=<end>.<signature>`), so it opens the order in any browser.
    expect(shopperMail.html).toMatch(new RegExp(`href="${STOREFRONT}/tracking/${order._id}\\?k=[\\w-]+\\.[\\w-]+"`));
    const ownerMails = shop.smtp.for(OWNER).filter((m) => m.subject.includes(order.orderNumber));
    expect(ownerMails.map((m) => m.subject)).toEqual([`New order ${order.orderNumber}: TT$1,260.50 (pay in person)`]);
    expect((await rows(order._id)).map((r) => r.kind)).toEqual(['order_placed_in_person', 'owner_new_order']);
  });

  it('an SMTP server that refuses twice and then accepts gets the mail exactly once', async () => {
    const shopper = 'flaky@shopper.test';
    shop.smtp.policy = (rcpt, attempt) => (rcpt.includes(shopper) && attempt <= 2 ? { code: 451, message: '451 4.3.0 Try again later' } : null);
    const order = makeOrder({ email: shopper });
    await shop.events.emit(OrderEvent.Paid, shop.events.paid(order));
    await waitUntil(() => shop.smtp.for(shopper).length === 1, 'the mail after two refusals');
    await settle();
    expect(shop.smtp.for(shopper)).toHaveLength(1);
    expect(shop.smtp.attempts.get(shopper)).toBe(3);
    const [row] = (await rows(order._id)).filter((r) => r.recipient === shopper);
    expect(row).toMatchObject({ status: 'sent', attempts: 3, last_error: null });
  });

  it('an SMTP server that always refuses leaves the mail failed and visible; the admin retry sends it', async () => {
    const shopper = 'bounce@shopper.test';
    shop.smtp.policy = (rcpt) => (rcpt.includes(shopper) ? { code: 451, message: '451 4.2.1 Mailbox busy' } : null);
    const order = makeOrder({ email: shopper });
    await shop.events.emit(OrderEvent.Paid, shop.events.paid(order));
    const failedRow = async () => (await rows(order._id)).find((r) => r.recipient === shopper && r.status === 'failed');
    await waitUntil(async () => Boolean(await failedRow()), 'the mail to fail');
    expect(shop.smtp.attempts.get(shopper)).toBe(3);
    expect(shop.smtp.for(shopper)).toHaveLength(0);

    const list = await shop.stack.request('/api/notifications?status=failed', { headers: auth() });
    expect(list.status).toBe(200);
    const failed = list.body.notifications.find((n: { orderId: string }) => n.orderId === order._id);
    expect(failed).toMatchObject({ recipient: shopper, kind: 'payment_received', status: 'failed', attempts: 3, sentAt: null });
    expect(failed.lastError).toContain('451');
    expect(list.body.notifications.every((n: { status: string }) => n.status === 'failed')).toBe(true);

    // Only the owner may see or retry.
    expect((await shop.stack.request('/api/notifications')).status).toBe(401);
    expect((await shop.stack.request(`/api/notifications/${failed._id}/retry`, { method: 'POST' })).status).toBe(401);

    shop.smtp.policy = () => null;
    const retry = await shop.stack.request(`/api/notifications/${failed._id}/retry`, { method: 'POST', headers: auth() });
    expect(retry.status).toBe(200);
    expect(retry.body).toMatchObject({ _id: failed._id, status: 'queued' });
    await waitUntil(() => shop.smtp.for(shopper).length === 1, 'the retried mail');
    await waitUntil(async () => (await rows(order._id)).some((r) => r.recipient === shopper && r.status === 'sent'), 'the retried mail logged sent');
    const after = await shop.stack.request(`/api/notifications/${failed._id}/retry`, { method: 'POST', headers: auth() });
    expect(after.status).toBe(409);
    expect((await shop.stack.request('/api/notifications/00000000-0000-4000-8000-000000000000/retry', { method: 'POST', headers: auth() })).status).toBe(404);
    expect((await shop.stack.request('/api/notifications/not-a-uuid/retry', { method: 'POST', headers: auth() })).status).toBe(404);
    await settle();
    expect(shop.smtp.for(shopper)).toHaveLength(1);

    const page = await shop.stack.request('/api/notifications?page=1&pageSize=2', { headers: auth() });
    expect(page.status).toBe(200);
    expect(page.body.notifications).toHaveLength(2);
    expect(page.body.total).toBeGreaterThan(2);
    expect(page.body.pages).toBe(Math.ceil(page.body.total / 2));
    expect((await shop.stack.request('/api/notifications?status=lost', { headers: auth() })).body.message).toMatch(/status must be one of/);
  });

  it('a permanent refusal (5xx) fails the mail at once, with the reason kept', async () => {
    const shopper = 'nobody@shopper.test';
    shop.smtp.policy = (rcpt) => (rcpt.includes(shopper) ? { code: 550, message: '550 5.1.1 No such mailbox' } : null);
    const order = makeOrder({ email: shopper });
    await shop.events.emit(OrderEvent.Paid, shop.events.paid(order));
    await waitUntil(async () => (await rows(order._id)).some((r) => r.recipient === shopper && r.status === 'failed'), 'the mail to fail');
    await settle();
    expect(shop.smtp.attempts.get(shopper)).toBe(1);
    const row = (await rows(order._id)).find((r) => r.recipient === shopper)!;
    expect(row).toMatchObject({ status: 'failed', attempts: 1, sent_at: null });
    expect(String(row.last_error)).toContain('550 5.1.1 No such mailbox');
    // The owner's copy of the same order is not held back by the shopper's bad address.
    await waitUntil(() => shop.smtp.for(OWNER).some((m) => m.subject.includes(order.orderNumber)), 'the owner mail');
  });

  it('restarting the service while mails are queued loses none and duplicates none', async () => {
    shop.smtp.delayMs = 250;
    const orders = Array.from({ length: 6 }, (_, i) => makeOrder({ email: `restart-${i}@shopper.test` }));
    for (const order of orders) await shop.events.emit(OrderEvent.Paid, shop.events.paid(order));
    const mine = () => shop.smtp.received.filter((m) => m.envelopeTo.some((r) => r.startsWith('restart-')) || orders.some((o) => m.subject.includes(o.orderNumber)));
    await waitUntil(() => mine().length >= 2, 'the first mails');
    const [first] = shop.stack.running('notification-service');
    expect(await first.stop('SIGTERM')).toBe(0);
    expect(first.lines.filter((l) => Number(l.level) >= 50)).toEqual([]);
    const sentBeforeRestart = mine().length;
    expect(sentBeforeRestart).toBeLessThan(12);

    await shop.stack.startApp('notification-service');
    await waitUntil(() => mine().length >= 12, 'every queued mail after the restart', 30_000);
    await settle();
    const got = mine();
    expect(got).toHaveLength(12);
    expect(new Set(got.map((m) => m.messageId)).size).toBe(12);
    for (const order of orders) {
      expect(got.filter((m) => m.subject.includes(order.orderNumber))).toHaveLength(2);
      expect((await rows(order._id)).map((r) => r.status)).toEqual(['sent', 'sent']);
    }
  }, 60_000);
});
