import { MailInbox, orderCodeOf, trackingLinkOf } from '@shop/mail-testing';
import { E2eSmtpServer, json, useShop, visitor } from '@shop/server-testing';
import { ORDER_ACCESS_COOKIE, ORDER_LINK_DAYS, OrderLookupMessage } from '@shop/contracts';
import { signOrderLink } from '@shop/server-config';

const SECRET = 'order-link-secret-of-the-lookup-test-0123456789';
const CODE_SENT = { message: OrderLookupMessage.CodeSent };
const REFUSED = { message: OrderLookupMessage.CodeRefused };
const CODE_MAIL = 'code to find your orders';

jest.setTimeout(60_000);

/**
 * "Find my orders" and the signed mail links (issue 29), over the real stack: the gateway, the order service (codes
 * and the job that mails them), the notification service sending over SMTP to a test mail server, Postgres and Redis.
 * Each test asks from its own client address (X-Forwarded-For, trusted from loopback), so the per-address limits of one
 * test never touch another's.
 */
describe('find my orders with a mailed code, and signed tracking links', () => {
  const smtp = new E2eSmtpServer();
  let inbox: MailInbox;
  beforeAll(async () => {
    await smtp.start();
    inbox = new MailInbox(smtp.mailDir);
  });
  afterAll(() => smtp.stop());
  const shop = useShop(() => ({
    env: {
      LOG_LEVEL: 'info',
      NATS_TIMEOUT_MS: '15000',
      SMTP_URL: smtp.url,
      ORDER_LINK_SECRET: SECRET,
      ORDER_LOOKUP_RATE_LIMIT: '6',
      ORDER_LOOKUP_CONTACT_RATE_LIMIT: '3',
      ORDER_CODE_RATE_LIMIT: '8',
      HOLD_MAX_OPEN_ORDERS: '50',
    },
  }));

  const from = (ip: string) => ({ 'x-forwarded-for': ip });
  const askCode = (contact: string, ip: string) => shop.stack.request('/api/order-lookup', { method: 'POST', ...json({ contact }, from(ip)) });
  const tryCode = (contact: string, code: string, ip: string) => shop.stack.request('/api/order-lookup/code', { method: 'POST', ...json({ contact, code }, from(ip)) });
  const found = (cookie: string) => shop.stack.request('/api/order-lookup/orders', { headers: { cookie } });
  /** The grant cookie (`name=value`) a right code set. */
  const grantOf = (answer: { headers: Headers }): string => {
    const set = answer.headers.get('set-cookie') ?? '';
    expect(set).toMatch(new RegExp(`^${ORDER_ACCESS_COOKIE}=[^;]+; Max-Age=3600; Path=/; Expires=[^;]+; HttpOnly; SameSite=Lax$`));
    return set.split(';')[0] ?? '';
  };
  /** An in-person order (its confirmation mail goes to the shopper) for `email` and `phone`, by a fresh visitor. */
  const order = async (email: string, phone = '8685551234') => {
    const p = await shop.db.product(20);
    const placed = await shop.stack.client.placeOrder(visitor(), [{ product: p.id, qty: 1 }], { inPerson: true, extra: { email, phone } });
    expect(placed.status).toBe(201);
    return placed.body._id as string;
  };
  const codeRows = async (contact: string) => Number((await shop.db.query('SELECT count(*) FROM orders.lookup_codes WHERE contact = $1', [contact])).rows[0].count);
  const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

  it('mails a code over SMTP that lists every order of that mailbox (and no other), whole, once; by e-mail or phone', async () => {
    const mine = [await order('maya@example.com', '8687771234'), await order('Maya@Example.com')];
    const other = await order('someone.else@example.com', '8687771234');

    expect(await askCode('  MAYA@example.com ', '10.1.0.1')).toMatchObject({ status: 202, body: CODE_SENT });
    const code = orderCodeOf(await inbox.next({ to: 'maya@example.com', subject: CODE_MAIL }));
    // The code is stored hashed: no column holds it.
    const stored = (await shop.db.query("SELECT * FROM orders.lookup_codes WHERE contact = 'maya@example.com'")).rows;
    expect(stored).toHaveLength(1);
    expect(JSON.stringify(stored)).not.toContain(code);

    expect(await tryCode('maya@example.com', wrong(code), '10.1.0.1')).toMatchObject({ status: 400, body: REFUSED });
    const right = await tryCode('maya@example.com', code, '10.1.0.1');
    expect(right).toMatchObject({ status: 200, body: { message: OrderLookupMessage.Found } });
    const grant = grantOf(right);

    const list = await found(grant);
    expect(list.status).toBe(200);
    expect(list.body.map((o: { _id: string }) => o._id).sort()).toEqual([...mine].sort());
    expect(list.body[0].customer).toMatchObject({ fname: 'Asha', phone: expect.any(String) });
    // The same grant opens those orders whole in a browser without their visitor id, and not the other shopper's.
    expect((await shop.stack.request(`/api/orders/${mine[0]}`, { headers: { cookie: grant } })).body.customer.email).toBe('maya@example.com');
    expect((await shop.stack.request(`/api/orders/${other}`, { headers: { cookie: grant } })).body.customer).toEqual({ id: '', fname: 'Asha' });
    // Without the grant, or with a forged one, nothing is listed.
    expect(await shop.stack.request('/api/order-lookup/orders')).toMatchObject({ status: 200, body: [] });
    expect(await found(grant.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')))).toMatchObject({ status: 200, body: [] });
    // A code works once.
    expect(await tryCode('maya@example.com', code, '10.1.0.1')).toMatchObject({ status: 400, body: REFUSED });

    // By phone, typed another way: a code to each mailbox on that number's orders, each opening its own mailbox's orders.
    expect(await askCode('+1 (868) 777-1234', '10.1.0.2')).toMatchObject({ status: 202, body: CODE_SENT });
    const mayaCode = orderCodeOf(await inbox.next({ to: 'maya@example.com', subject: CODE_MAIL }));
    const otherCode = orderCodeOf(await inbox.next({ to: 'someone.else@example.com', subject: CODE_MAIL }));
    const byPhone = await found(grantOf(await tryCode('868-777-1234', otherCode, '10.1.0.2')));
    expect(byPhone.body.map((o: { _id: string }) => o._id)).toEqual([other]);
    expect((await found(grantOf(await tryCode('7771234', mayaCode, '10.1.0.2')))).body).toHaveLength(2);
  });

  it('five wrong codes lock the code; an expired code is refused; a newer code replaces the older', async () => {
    await order('kavi@example.com');
    await askCode('kavi@example.com', '10.2.0.1');
    const code = orderCodeOf(await inbox.next({ to: 'kavi@example.com', subject: CODE_MAIL }));
    for (let i = 0; i < 5; i++) expect(await tryCode('kavi@example.com', wrong(code), '10.2.0.1')).toMatchObject({ status: 400, body: REFUSED });
    expect(await tryCode('kavi@example.com', code, '10.2.0.2')).toMatchObject({ status: 400, body: REFUSED });

    await askCode('kavi@example.com', '10.2.0.3');
    const older = orderCodeOf(await inbox.next({ to: 'kavi@example.com', subject: CODE_MAIL }));
    await askCode('kavi@example.com', '10.2.0.3');
    const newer = orderCodeOf(await inbox.next({ to: 'kavi@example.com', subject: CODE_MAIL }));
    if (older !== newer) expect(await tryCode('kavi@example.com', older, '10.2.0.3')).toMatchObject({ status: 400, body: REFUSED });
    // The code's own end decides (ORDER_CODE_MINUTES): moved into the past, the right code is refused.
    await shop.db.query("UPDATE orders.lookup_codes SET expires_at = now() - interval '1 second' WHERE contact = 'kavi@example.com'");
    expect(await tryCode('kavi@example.com', newer, '10.2.0.3')).toMatchObject({ status: 400, body: REFUSED });
  });

  it('answers an unknown contact exactly as a known one, and mails nothing for it', async () => {
    await order('known@example.com');
    const unknown = await askCode('nobody-ordered@example.com', '10.3.0.1');
    const unknownPhone = await askCode('868 000 0000', '10.3.0.1');
    const known = await askCode('known@example.com', '10.3.0.1');
    for (const answer of [unknown, unknownPhone]) {
      expect({ status: answer.status, body: answer.body }).toEqual({ status: known.status, body: known.body });
      expect(answer.headers.get('set-cookie')).toBeNull();
    }
    // The known contact's mail arrives after the unknown ones' jobs were queued; those stored no code.
    const code = orderCodeOf(await inbox.next({ to: 'known@example.com', subject: CODE_MAIL }));
    expect(await codeRows('nobody-ordered@example.com')).toBe(0);
    expect(await codeRows('(868)000-0000')).toBe(0);
    // Checking a code for an unknown contact says what a wrong code says.
    expect(await tryCode('nobody-ordered@example.com', code, '10.3.0.1')).toEqual(expect.objectContaining({ status: 400, body: REFUSED }));
    expect(await tryCode('known@example.com', '12 34 5x', '10.3.0.1')).toMatchObject({ status: 400, body: { message: 'Please enter the 6-digit code from the mail.' } });
    expect(await askCode('not a contact', '10.3.0.1')).toMatchObject({ status: 400 });
  });

  it('limits codes asked per contact (from any address) and per address, and codes tried per address', async () => {
    const tooMany = (answer: { status: number; body: unknown; headers: Headers }) => {
      expect(answer).toMatchObject({ status: 429, body: { message: OrderLookupMessage.TooMany } });
      expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
    };
    // Per contact: 3 in the window, whatever the address (and the same contact typed another way counts too).
    for (const ip of ['10.4.0.1', '10.4.0.2', '10.4.0.3']) expect((await askCode('limited@example.com', ip)).status).toBe(202);
    tooMany(await askCode('LIMITED@example.com', '10.4.0.4'));
    // Per address: 6 in the window, whatever the contact.
    for (let i = 0; i < 6; i++) expect((await askCode(`person${i}@example.com`, '10.4.1.1')).status).toBe(202);
    tooMany(await askCode('person-seven@example.com', '10.4.1.1'));
    expect((await askCode('person-seven@example.com', '10.4.1.2')).status).toBe(202);
    // Codes tried per address: 8 in the window.
    for (let i = 0; i < 8; i++) expect((await tryCode('limited@example.com', '000000', '10.4.2.1')).status).toBe(400);
    tooMany(await tryCode('limited@example.com', '000000', '10.4.2.1'));
  });

  it("a mail's signed link opens its order whole in a fresh client for 30 days; a tampered, another order's or an expired link is refused", async () => {
    const id = await order('link@example.com');
    const mail = await inbox.next({ to: 'link@example.com', subject: 'is confirmed' });
    const link = trackingLinkOf(mail);
    expect(link.pathname).toBe(`/tracking/${id}`);
    const key = link.searchParams.get('k') ?? '';
    // It ends ORDER_LINK_DAYS after the mail was written.
    const endsAt = parseInt(key.split('.')[0] ?? '', 36) * 1000;
    expect(endsAt).toBeGreaterThan(Date.now() + (ORDER_LINK_DAYS - 1) * 86_400_000);
    expect(endsAt).toBeLessThanOrEqual(Date.now() + ORDER_LINK_DAYS * 86_400_000);

    // A fresh client: no visitor id, no cookie.
    const opened = await shop.stack.request(`/api/orders/${id}`, { headers: { 'x-order-link': key } });
    expect(opened.status).toBe(200);
    expect(opened.body.customer).toMatchObject({ fname: 'Asha', email: 'link@example.com', street: '12 Frederick St.' });
    // Without the link the same client sees the redacted order, as before.
    expect((await shop.stack.request(`/api/orders/${id}`)).body.customer).toEqual({ id: '', fname: 'Asha' });

    const refused = { status: 403, body: { message: OrderLookupMessage.LinkRefused } };
    const tampered = key.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
    expect(await shop.stack.request(`/api/orders/${id}`, { headers: { 'x-order-link': tampered } })).toMatchObject(refused);
    const longer = `${(parseInt(key.split('.')[0] ?? '', 36) + 86_400 * 365).toString(36)}.${key.split('.')[1]}`;
    expect(await shop.stack.request(`/api/orders/${id}`, { headers: { 'x-order-link': longer } })).toMatchObject(refused);
    const another = await order('link-other@example.com');
    expect(await shop.stack.request(`/api/orders/${another}`, { headers: { 'x-order-link': key } })).toMatchObject(refused);
    // Signed with the shop's key 31 days ago: ended a day ago.
    const expired = signOrderLink(SECRET, id, new Date(Date.now() - (ORDER_LINK_DAYS + 1) * 86_400_000), ORDER_LINK_DAYS);
    expect(await shop.stack.request(`/api/orders/${id}`, { headers: { 'x-order-link': expired } })).toMatchObject(refused);
    // Signed with another key: refused.
    const forged = signOrderLink('another-secret-that-is-long-enough-0123456789', id, new Date(), ORDER_LINK_DAYS);
    expect(await shop.stack.request(`/api/orders/${id}`, { headers: { 'x-order-link': forged } })).toMatchObject(refused);
  });
});
