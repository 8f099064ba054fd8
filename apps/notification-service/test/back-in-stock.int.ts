import { randomUUID } from 'node:crypto';
import { json } from '@shop/server-testing';
import { insertProduct, MailStack, OWNER, placeOrder } from './support/mail-stack';
import { waitUntil } from './support/test-smtp';

const ADMIN = { ADMIN_USERNAME: 'waits-owner', ADMIN_PASSWORD: 'waits-owner-pass-1' };

/**
 * Issue 28's back-in-stock over the real stack: sign-ups through the gateway, the catalog's batch run by the owner's
 * "tell them now" (the timer is set to an hour so that only the test runs it), the notification service mailing a
 * real SMTP server.
 */
describe('back in stock ("Notify me")', () => {
  const shop = MailStack.forTests(ADMIN, {
    env: { SEED_DEMO_DATA: 'false', BACK_IN_STOCK_SWEEP_SECONDS: '3600', BACK_IN_STOCK_BATCH: '2', STOCK_WAIT_VISITOR_RATE_LIMIT: '2', STOCK_WAIT_RATE_LIMIT: '0' },
  });

  async function soldOut(): Promise<{ id: string; name: string }> {
    const name = `Mango Body Butter ${randomUUID().slice(0, 8)}`;
    return { id: await insertProduct(shop.db, { name, cents: 6500, stock: 0, type: 'Body Care' }), name };
  }
  const signUp = (productId: string, body: Record<string, unknown>) => shop.stack.request(`/api/products/${productId}/stock-waits`, { method: 'POST', ...json(body) });
  const restock = async (productId: string, qty: number) => {
    const res = await shop.stack.request(`/api/products/${productId}/restock`, { method: 'POST', ...json({ qty }, shop.admin) });
    expect(res.status).toBe(200);
  };
  /** Another shopper's in-person order takes one. */
  const buyOne = async (productId: string) => {
    const order = await placeOrder(shop.stack, {
      inPerson: true,
      customer: { fname: 'Kezia', lname: 'Ramdin', email: 'kezia@shopper.test', phone: '8685551234', city: 'Arima', street: '2 Queen St' },
      items: [{ product: productId, qty: 1 }],
    });
    expect(order.status).toBe(201);
  };
  const sendNow = async (): Promise<{ told: number; expired: number }> => {
    const res = await shop.stack.request('/api/stock-waits/send', { method: 'POST', headers: shop.admin });
    expect(res.status).toBe(200);
    return res.body;
  };
  const mailsTo = (address: string, name: string) => shop.smtp.for(address).filter((m) => m.subject.includes(name));
  const waitsOf = async (productId: string) =>
    (await shop.db.query(`SELECT channel, contact, notified_at, expires_at, created_at FROM catalog.stock_waits WHERE variant_id = $1 ORDER BY created_at, contact`, [productId])).rows;
  const toldEvents = async (productId: string) =>
    (await shop.db.query(`SELECT payload FROM catalog.outbox WHERE event = 'catalog.stock.back-in-stock' AND payload -> 'product' ->> '_id' = $1`, [productId])).rows;
  const tokenIn = (text: string) => /\/back-in-stock\/unsubscribe\?token=([A-Za-z0-9_-]{43})/.exec(text)?.[1];
  /** Runs batches until one tells nobody; answers how many each told. */
  const drain = async () => {
    const told: number[] = [];
    for (;;) {
      const batch = await sendNow();
      told.push(batch.told);
      if (batch.told === 0) return told;
    }
  };

  it('mails each waiting shopper exactly once, in small batches, with a link to the variant and an unsubscribe link; a second restock mails nobody', async () => {
    const p = await soldOut();
    const shoppers = ['asha@shopper.test', 'brent@shopper.test', 'cleo@shopper.test'];
    const answers = [];
    for (const email of shoppers) answers.push(await signUp(p.id, { email, consent: true }));
    // The same shopper again, written differently, and with the variant named: still one wait, and the same answer.
    answers.push(await signUp(p.id, { email: '  ASHA@Shopper.TEST ', consent: 'on', variant: p.id }));
    expect(answers.map((a) => a.status)).toEqual([202, 202, 202, 202]);
    expect(new Set(answers.map((a) => JSON.stringify(a.body))).size).toBe(1);
    expect(answers[0].body).toEqual({ message: 'Thank you! We will let you know when it is back in stock.' });
    expect((await waitsOf(p.id)).map((w) => w.contact).sort()).toEqual(shoppers);

    // Nothing in stock: a batch tells nobody.
    expect((await sendNow()).told).toBe(0);

    await restock(p.id, 5);
    // Batches of two (BACK_IN_STOCK_BATCH): 2, then 1, then nobody is left.
    expect(await drain()).toEqual([2, 1, 0]);
    for (const email of shoppers) await waitUntil(() => mailsTo(email, p.name).length === 1, `the mail to ${email}`, 30_000);
    const [mail] = mailsTo('asha@shopper.test', p.name);
    expect(mail.subject).toBe(`Back in stock: ${p.name}`);
    expect(mail.text).toContain(`Good news: ${p.name} is back in stock at Island Glow.`);
    expect(mail.text).toContain(`/product/${p.id}?variant=${p.id}`);
    expect(tokenIn(mail.text)).toBeDefined();
    // Each shopper has a token of their own; only its hash is kept.
    expect(new Set(shoppers.map((email) => tokenIn(mailsTo(email, p.name)[0].text))).size).toBe(3);
    const stored = await shop.db.query(`SELECT encode(unsubscribe_hash, 'hex') AS hash FROM catalog.stock_waits WHERE variant_id = $1`, [p.id]);
    expect(stored.rows.every((r) => r.hash && r.hash.length === 64 && !r.hash.includes(tokenIn(mail.text)!))).toBe(true);

    // Restocked again: every shopper was told already, so no event is written and no mail can follow.
    await restock(p.id, 3);
    expect(await drain()).toEqual([0]);
    expect(await toldEvents(p.id)).toHaveLength(3);
    const rows = await shop.db.query(`SELECT recipient FROM notifications.mails WHERE kind = 'back_in_stock' AND data -> 'wait' -> 'product' ->> '_id' = $1`, [p.id]);
    expect(rows.rows.map((r) => r.recipient).sort()).toEqual(shoppers);
    for (const email of shoppers) expect(mailsTo(email, p.name)).toHaveLength(1);

    // Now in stock: a sign-up is refused with a message that says so, and nothing is kept.
    const inStock = await signUp(p.id, { email: 'dana@shopper.test', consent: true });
    expect(inStock.status).toBe(409);
    expect(inStock.body.message).toBe('Good news: this is in stock now, so you can order it straight away.');
  }, 120_000);

  it('tells nobody when the stock is taken again before the batch runs; the shopper still waits for the next restock', async () => {
    const p = await soldOut();
    expect((await signUp(p.id, { email: 'erin@shopper.test', consent: true })).status).toBe(202);
    await restock(p.id, 1);
    await buyOne(p.id);
    expect(await drain()).toEqual([0]);
    expect(await toldEvents(p.id)).toHaveLength(0);
    expect((await waitsOf(p.id)).map((w) => w.notified_at)).toEqual([null]);

    await restock(p.id, 2);
    expect(await drain()).toEqual([1, 0]);
    await waitUntil(() => mailsTo('erin@shopper.test', p.name).length === 1, 'the mail after the second restock', 30_000);
  }, 90_000);

  it('drops expired sign-ups untold, and keeps a sign-up the days Site Settings say', async () => {
    const p = await soldOut();
    expect((await signUp(p.id, { email: 'fay@shopper.test', consent: true })).status).toBe(202);
    const [wait] = await waitsOf(p.id);
    // 90 days by default.
    expect(Math.round((wait.expires_at.getTime() - wait.created_at.getTime()) / 86_400_000)).toBe(90);
    await shop.db.query(`UPDATE catalog.stock_waits SET created_at = now() - interval '91 days', expires_at = now() - interval '1 day' WHERE variant_id = $1`, [p.id]);
    await restock(p.id, 4);
    const batch = await sendNow();
    expect(batch).toEqual({ told: 0, expired: 1 });
    expect(await waitsOf(p.id)).toHaveLength(0);
    expect(await toldEvents(p.id)).toHaveLength(0);

    // The owner shortens it to 7 days; a wrong value is refused and changes nothing.
    const settingsId = (await shop.stack.request('/api/controls')).body[0]._id;
    const patch = (waitDays: unknown) => shop.stack.request(`/api/controls/${settingsId}`, { method: 'PATCH', ...json({ backInStockSettings: { waitDays } }, shop.admin) });
    expect((await patch(0)).body.message).toBe('Days a sign-up waits must be at least 1');
    expect((await patch(7)).status).toBe(200);
    expect((await shop.stack.request('/api/controls')).body[0].backInStockSettings).toEqual({ waitDays: 7 });
    const q = await soldOut();
    expect((await signUp(q.id, { email: 'fay@shopper.test', consent: true })).status).toBe(202);
    const [later] = await waitsOf(q.id);
    expect(Math.round((later.expires_at.getTime() - later.created_at.getTime()) / 86_400_000)).toBe(7);
    expect((await patch(90)).status).toBe(200);
  }, 90_000);

  it('the unsubscribe link ends every wait of that address; a used link still answers, an unknown one is a 404', async () => {
    const p = await soldOut();
    const q = await soldOut();
    for (const product of [p, q]) expect((await signUp(product.id, { email: 'gita@shopper.test', consent: true })).status).toBe(202);
    await restock(p.id, 2);
    expect(await drain()).toEqual([1, 0]);
    await waitUntil(() => mailsTo('gita@shopper.test', p.name).length === 1, 'the mail', 30_000);
    const token = tokenIn(mailsTo('gita@shopper.test', p.name)[0].text)!;

    const unsubscribe = (body: unknown) => shop.stack.request('/api/stock-waits/unsubscribe', { method: 'POST', ...json(body) });
    const done = await unsubscribe({ token });
    expect(done.status).toBe(200);
    expect(done.body.message).toBe('Done: you will get no more back-in-stock messages from us at this address.');
    expect(await waitsOf(q.id)).toHaveLength(0);
    await restock(q.id, 2);
    expect(await drain()).toEqual([0]);
    expect((await unsubscribe({ token })).status).toBe(200);
    const unknown = await unsubscribe({ token: 'A'.repeat(43) });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('This unsubscribe link is not valid. It may have been used already.');
    expect((await unsubscribe({ token: 'not a token' })).status).toBe(400);
  }, 90_000);

  it('refuses a sign-up without consent or contact, with a bad address, or for a product not on sale', async () => {
    const p = await soldOut();
    const cases: Array<[Record<string, unknown>, number, string]> = [
      [{ email: 'hana@shopper.test' }, 400, 'Please tick the box to agree that we may contact you about this product'],
      [{ email: 'hana@shopper.test', consent: false }, 400, 'Please tick the box to agree that we may contact you about this product'],
      [{ consent: true }, 400, 'Please enter your e-mail address or your WhatsApp number'],
      [{ email: 'hana@', consent: true }, 400, 'Please enter your e-mail address in full, e.g. name@example.com'],
      [{ email: 'hana@shopper.test\r\nBcc: x@y.z', consent: true }, 400, 'Please enter your e-mail address in full, e.g. name@example.com'],
      [{ whatsapp: '12', consent: true }, 400, 'Please enter your WhatsApp number with its area code, e.g. 868 555 0123'],
      [{ email: 'hana@shopper.test', whatsapp: '868 555 0123', consent: true }, 400, 'Please enter either an e-mail address or a WhatsApp number, not both'],
      [{ email: 'hana@shopper.test', consent: true, variant: randomUUID() }, 404, 'That choice of this product is not on sale'],
    ];
    for (const [body, status, message] of cases) {
      const res = await signUp(p.id, body);
      expect([res.status, res.body.message]).toEqual([status, message]);
    }
    expect((await signUp(randomUUID(), { email: 'hana@shopper.test', consent: true })).status).toBe(404);
    await shop.db.query('UPDATE catalog.products SET visible = false WHERE id = $1', [p.id]);
    expect((await signUp(p.id, { email: 'hana@shopper.test', consent: true })).status).toBe(404);
    expect(await waitsOf(p.id)).toHaveLength(0);
  }, 60_000);

  it('limits sign-ups per visitor (429 with Retry-After), and a refused sign-up keeps nothing', async () => {
    const p = await soldOut();
    const as = (email: string) => shop.stack.request(`/api/products/${p.id}/stock-waits`, { method: 'POST', ...json({ email, consent: true }, { 'x-visitor-id': 'uid-waitslimit12' }) });
    expect((await as('kai@shopper.test')).status).toBe(202);
    expect((await as('lou@shopper.test')).status).toBe(202);
    const refused = await as('mo@shopper.test');
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    expect((await waitsOf(p.id)).map((w) => w.contact).sort()).toEqual(['kai@shopper.test', 'lou@shopper.test']);
  }, 60_000);

  it('a WhatsApp sign-up is passed to the owner with a wa.me link, since the shop cannot send WhatsApp messages', async () => {
    const p = await soldOut();
    expect((await signUp(p.id, { whatsapp: '(868) 555-0199', consent: 'on' })).status).toBe(202);
    expect((await waitsOf(p.id)).map((w) => [w.channel, w.contact])).toEqual([['whatsapp', '18685550199']]);
    await restock(p.id, 1);
    expect(await drain()).toEqual([1, 0]);
    await waitUntil(() => mailsTo(OWNER, p.name).some((m) => m.subject.startsWith('WhatsApp a shopper')), 'the owner mail', 30_000);
    const mail = mailsTo(OWNER, p.name).find((m) => m.subject.startsWith('WhatsApp a shopper'))!;
    expect(mail.subject).toBe(`WhatsApp a shopper: ${p.name} is back in stock`);
    expect(mail.text).toContain('+1 868 555 0199');
    expect(mail.text).toContain('https://wa.me/18685550199?text=');
    expect(decodeURIComponent(mail.text)).toContain(`/product/${p.id}?variant=${p.id}`);
  }, 90_000);

  it('the restock list and the low-stock mail say how many shoppers wait', async () => {
    const p = await soldOut();
    for (const email of ['ines@shopper.test', 'jade@shopper.test']) expect((await signUp(p.id, { email, consent: true })).status).toBe(202);
    const list = await shop.stack.request('/api/products/restock', { headers: shop.admin });
    expect(list.status).toBe(200);
    expect(list.body.find((x: { _id: string }) => x._id === p.id)).toMatchObject({ countInStock: 0, waiting: 2 });

    // Restocked to 4 and, before any batch, an order takes it to 3 (the threshold): the owner's mail counts them.
    await restock(p.id, 4);
    await buyOne(p.id);
    await waitUntil(() => mailsTo(OWNER, p.name).some((m) => m.subject.startsWith('Low stock')), 'the low-stock mail', 30_000);
    expect(mailsTo(OWNER, p.name).find((m) => m.subject.startsWith('Low stock'))!.text).toContain('2 shoppers wait to hear when it is back in stock.');
  }, 90_000);
});
