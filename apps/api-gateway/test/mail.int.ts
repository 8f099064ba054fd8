import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { bearer, useShop } from '@shop/server-testing';
import { simpleParser } from 'mailparser';
import { nonAdminToken } from './support/auth';

const OWNER = 'owner@islandglow.test';

const valid = () => ({
  firstName: 'Renée',
  lastName: 'Baptiste',
  email: 'renee.baptiste@shopper.test',
  tel: '+1 (868) 555-2233',
  message: 'Good day!\nDo you carry the curl cream in the big jar?\r\nThanks',
});

/** The contact form and the owner's outbox, through the gateway and the notification service writing .eml files. */
describe('contact form and notifications API', () => {
  const shop = useShop({ services: ['notification-service'], env: { SHOP_OWNER_EMAIL: OWNER, MAIL_RETRY_BASE_MS: '100' } }, { admin: true, timeoutMs: 60_000 });
  let ip = 0;
  /** Mails already in the outbox before the tests: the owner's new-browser alert of the login above. */
  let earlier = new Set<string>();

  beforeAll(async () => {
    // The account's first sign-in is from a new browser: the owner is mailed about it (admin sessions).
    await waitForOutbox(1);
    earlier = new Set(outbox());
  }, 60_000);

  /** Each call comes from its own client address unless one is given, so that only the rate-limit test meets the limit. */
  const send = (body: unknown, client = `10.0.0.${++ip}`, path = '/api/mail/') =>
    shop.stack.request(path, { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': client }, body: JSON.stringify(body) });
  const outbox = () => {
    try {
      return readdirSync(shop.stack.env.OUTBOX_DIR).filter((f) => f.endsWith('.eml') && !earlier.has(f));
    } catch {
      return [];
    }
  };
  const waitForOutbox = async (count: number) => {
    const deadline = Date.now() + 10_000;
    while (outbox().length < count) {
      if (Date.now() > deadline) throw new Error(`expected ${count} mails in the outbox, found ${outbox().length}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  };

  it('a valid message is answered 202 and reaches the owner as an .eml in the outbox, with the sender as reply-to', async () => {
    const res = await send(valid());
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ message: 'Thank you, your message is on its way to us' });
    await waitForOutbox(1);

    const [file] = outbox();
    const mail = await simpleParser(readFileSync(join(shop.stack.env.OUTBOX_DIR, file)));
    expect(mail.to && !Array.isArray(mail.to) ? mail.to.value[0].address : undefined).toBe(OWNER);
    expect(mail.replyTo?.value[0].address).toBe('renee.baptiste@shopper.test');
    expect(mail.subject).toBe('Contact form: message from Renée Baptiste');
    expect(mail.text).toContain('Do you carry the curl cream in the big jar?');
    expect(mail.text).toContain('+1 (868) 555-2233');
    expect(mail.html).toContain('Do you carry the curl cream in the big jar?');
    expect(mail.html).toContain('Island Glow');

    const list = await shop.stack.request('/api/notifications?status=sent', { headers: bearer(shop.admin) });
    expect(list.status).toBe(200);
    expect(list.body.notifications[0]).toMatchObject({ kind: 'contact_message', recipient: OWNER, status: 'sent', attempts: 1, orderId: null });
    expect(list.body.notifications[0].providerMessageId).toContain(file);
  });

  it.each([
    ['firstName missing', 'firstName', undefined, 'Please enter your first name'],
    ['firstName blank', 'firstName', '   ', 'Please enter your first name'],
    ['firstName of 61 characters', 'firstName', 'x'.repeat(61), 'Please keep your first name to at most 60 characters'],
    ['lastName empty', 'lastName', '', 'Please enter your last name'],
    ['lastName a number', 'lastName', 42, 'Please enter your last name'],
    ['email missing', 'email', undefined, 'Please enter your e-mail address'],
    ['email without @', 'email', 'renee-at-shopper.test', 'Please enter your e-mail address in full'],
    ['tel too short', 'tel', '555', 'Please enter your phone number with 7 to 15 digits'],
    ['tel in words', 'tel', 'call me', 'Please enter your phone number with 7 to 15 digits'],
    ['message empty', 'message', '', 'Please write your message'],
    ['message of 5001 characters', 'message', 'x'.repeat(5001), 'Please keep your message to at most 5000 characters'],
    ['message with a bell character', 'message', 'hello\u0007there', 'Please remove the special (control) characters from your message'],
  ])('%s is refused with 400 naming the field', async (_label, field, value, message) => {
    const res = await send({ ...valid(), [field]: value });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(message);
  });

  it('refuses header injection in the names and the address, and writes no mail', async () => {
    const before = outbox().length;
    for (const body of [
      { ...valid(), email: 'renee@shopper.test\r\nBcc: everyone@victim.test' },
      { ...valid(), email: 'renee@shopper.test\nSubject: hi' },
      { ...valid(), firstName: 'Renée\r\nBcc: everyone@victim.test' },
      { ...valid(), lastName: 'Baptiste\nTo: everyone@victim.test' },
      { ...valid(), tel: '+1 868 555 2233\r\nCc: x@victim.test' },
    ]) {
      const res = await send(body);
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/single line of text/);
    }
    await new Promise((r) => setTimeout(r, 500));
    expect(outbox()).toHaveLength(before);
  });

  it('answers 429 with Retry-After after 5 messages from one client in 10 minutes; other clients are not affected', async () => {
    const client = '10.9.9.9';
    for (let i = 0; i < 5; i++) expect((await send(valid(), client)).status).toBe(202);
    const refused = await send(valid(), client);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ message: 'Too many messages sent, please try again later' });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(590);
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(600);
    expect((await send(valid(), '10.9.9.10')).status).toBe(202);
  });

  it('does not expose the notify routes (no open relay)', async () => {
    const body = { customerName: 'X', email: 'victim@victim.test', id: 'oid-123456789012', total: 1, date: 'today', transactionId: 't' };
    for (const path of ['/api/mail/notify', '/api/mail/notify/', '/api/mail/notify2', '/api/mail/notify2/', '/api/mail/notifyCreateOrder', '/api/mail/notifyCreateOrder/']) {
      const res = await send(body, undefined, path);
      expect(res.status).toBe(404);
    }
  });

  it('the outbox routes are for the admin only and check their query', async () => {
    expect((await shop.stack.request('/api/notifications')).status).toBe(401);
    expect((await shop.stack.request('/api/notifications', { headers: bearer(await nonAdminToken(shop.stack)) })).status).toBe(403);
    expect((await shop.stack.request('/api/notifications?pageSize=500', { headers: bearer(shop.admin) })).body.message).toBe('pageSize must be a whole number from 1 to 100');
    const all = await shop.stack.request('/api/notifications?pageSize=100', { headers: bearer(shop.admin) });
    expect(all.status).toBe(200);
    expect(all.body.total).toBe(all.body.notifications.length);
    // The contact messages of the tests above, and the sign-in alert of the login in beforeAll.
    expect(all.body.notifications.filter((n: { kind: string }) => n.kind === 'security_alert')).toHaveLength(1);
    expect(all.body.notifications.every((n: { kind: string }) => n.kind === 'contact_message' || n.kind === 'security_alert')).toBe(true);
    const sentOne = all.body.notifications.find((n: { status: string; kind: string }) => n.status === 'sent' && n.kind === 'contact_message');
    const retry = await shop.stack.request(`/api/notifications/${sentOne._id}/retry`, { method: 'POST', headers: bearer(shop.admin) });
    expect(retry.status).toBe(409);
    expect(retry.body.message).toBe('Only a failed notification can be retried; this one is sent');
  });
});
