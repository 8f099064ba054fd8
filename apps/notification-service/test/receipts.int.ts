import { randomUUID } from 'node:crypto';
import { json, sandboxPay, sendPaymentResult } from '@shop/server-testing';
import { pdfText } from '@shop/pdf-testing';
import { insertProduct, MailStack, OWNER, placeOrder, visitorId } from './support/mail-stack';
import { waitUntil } from './support/test-smtp';

const ADMIN = { ADMIN_USERNAME: 'receipt-owner', ADMIN_PASSWORD: 'receipt-owner-pass-1' };

/** Issue 17 receipts over the real stack: the PDF attached to the payment-received mail, and downloaded by the shopper and the owner. */
describe('receipts', () => {
  const shop = MailStack.forTests(ADMIN, { env: { SEED_DEMO_DATA: 'false', LOG_LEVEL: 'info' } });
  let productA: string;
  let productB: string;
  const nameA = `Mango Curl Butter ${randomUUID().slice(0, 6)}`;
  const nameB = `Sea Moss Gel ${randomUUID().slice(0, 6)}`;

  const settings = async () => (await shop.stack.request('/api/controls')).body[0];
  const putSettings = async (change: (s: Record<string, unknown>) => void) => {
    const current = await settings();
    change(current);
    return shop.stack.request(`/api/controls/${current._id}`, { method: 'PUT', ...json(current, shop.admin) });
  };

  beforeAll(async () => {
    productA = await insertProduct(shop.db, { name: nameA, cents: 12550, stock: 100, description: 'For curls' });
    productB = await insertProduct(shop.db, { name: nameB, cents: 4999, stock: 100, description: 'For curls' });
    // Delivery TT$35.00 (the default), phone and WhatsApp as the owner typed them.
    const put = await putSettings((s) => {
      (s.paymentSettings as Record<string, unknown>).deliveryCost = 35;
      (s.contactSettings as Record<string, unknown>).phone = '(868) 555-0142';
      (s.contactSettings as Record<string, unknown>).whatsapp = '868 555 0199';
    });
    expect(put.status).toBe(200);
  }, 90_000);


  /** 2 × 125.50 + 3 × 49.99 = 400.97, + 35.00 delivery = 435.97. */
  const place = async (inPerson: boolean) => {
    const res = await placeOrder(shop.stack, {
      inPerson,
      customer: { fname: 'Shanice', lname: 'Ali', email: `receipt.${randomUUID().slice(0, 8)}@shopper.test`, phone: '8685551234', city: 'Chaguanas', street: '7 Main Road' },
      items: [
        { product: productA, qty: 2 },
        { product: productB, qty: 3 },
      ],
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ itemsPrice: 400.97, deliveryCost: 35, totalPrice: 435.97 });
    return { ...(res.body as { _id: string; orderNumber: string; customer: { email: string } }), visitorId: res.visitorId };
  };

  const pay = async (orderId: string) => {
    const { params } = await sandboxPay(shop.stack, orderId);
    const result = await sendPaymentResult(shop.stack, orderId, params);
    expect(result.body).toMatchObject({ isPaid: true });
  };

  const download = (orderId: string, headers: Record<string, string>) => fetch(`${shop.stack.gatewayUrl}/api/orders/${orderId}/receipt`, { headers });

  const expectLinesAndTotals = (text: string, orderNumber: string) => {
    expect(text).toContain('Island Glow Hair & Beauty');
    expect(text).toContain('Phone +1 868 555 0142');
    expect(text).toContain('WhatsApp +1 868 555 0199');
    expect(text).toContain(`Order number: ${orderNumber}`);
    expect(text).toContain(`${nameA} 2 TT$125.50 TT$251.00`);
    expect(text).toContain(`${nameB} 3 TT$49.99 TT$149.97`);
    expect(text).toContain('Subtotal TT$400.97');
    expect(text).toContain('Delivery: Port of Spain and environs (1-2 working days) TT$35.00');
    expect(text).toContain('Total TT$435.97');
  };

  /** The order's receipt downloaded with `headers` (the shopper's visitor id unless given): a PDF with its lines and totals; its text. */
  const receiptOf = async (order: { _id: string; orderNumber: string; visitorId: string }, headers: Record<string, string> = { 'x-visitor-id': order.visitorId }) => {
    const res = await download(order._id, headers);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="receipt-${order.orderNumber}.pdf"`);
    const text = await pdfText(Buffer.from(await res.arrayBuffer()));
    expectLinesAndTotals(text, order.orderNumber);
    return text;
  };

  it('a paid card order: the payment-received mail carries the receipt, and the shopper and the owner download the same receipt', async () => {
    const order = await place(false);
    // Not paid yet: no receipt (409), for the shopper and the owner alike.
    const early = await download(order._id, { 'x-visitor-id': order.visitorId });
    expect(early.status).toBe(409);
    expect(await early.json()).toEqual({ message: 'A receipt is available once the order is confirmed: paid by card, or placed to pay in person' });
    expect((await download(order._id, shop.admin)).status).toBe(409);

    await pay(order._id);
    const shopperMail = () => shop.smtp.for(order.customer.email).find((m) => m.subject.startsWith('Payment received'));
    await waitUntil(() => Boolean(shopperMail()), 'the payment-received mail', 30_000);
    const mail = shopperMail()!;
    expect(mail.text).toContain('Your receipt is attached (PDF).');
    expect(mail.messageId).toMatch(/^<[0-9a-f-]{36}@/);
    expect(mail.parsed.attachments.map((a) => [a.filename, a.contentType])).toEqual([[`receipt-${order.orderNumber}.pdf`, 'application/pdf']]);
    const attached = await pdfText(mail.parsed.attachments[0].content);
    expectLinesAndTotals(attached, order.orderNumber);
    expect(attached).toMatch(/Payment: Paid by card on .* \(payment reference oid-[A-Za-z0-9]{12}\)/);
    // Not VAT registered: the receipt says nothing about VAT.
    expect(attached).not.toMatch(/VAT/i);
    // The owner's new-order mail has no attachment.
    await waitUntil(() => shop.smtp.for(OWNER).some((m) => m.subject.startsWith(`New order ${order.orderNumber}`)), 'the owner mail');
    expect(shop.smtp.for(OWNER).find((m) => m.subject.startsWith(`New order ${order.orderNumber}`))!.parsed.attachments).toHaveLength(0);

    expect(await receiptOf(order)).not.toMatch(/VAT/i);
    await receiptOf(order, shop.admin);
  }, 90_000);

  it('refuses the receipt to another visitor and to nobody in particular (403), and an unknown order (404); nothing is written', async () => {
    const order = await place(true);
    // The in-person order's two mails (shopper, owner) are queued from its event: wait for them before counting.
    await waitUntil(async () => (await shop.db.query('SELECT count(*)::int AS n FROM notifications.mails WHERE order_id = $1', [order._id])).rows[0].n === 2, 'the in-person mails');
    const before = await shop.db.query('SELECT count(*)::int AS n FROM notifications.mails');
    for (const headers of [{ 'x-visitor-id': visitorId() }, {}, { 'x-visitor-id': 'not-a-visitor' }] as Array<Record<string, string>>) {
      const res = await download(order._id, headers);
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({ message: 'You can only download the receipts of your own orders' });
    }
    for (const id of [randomUUID(), 'nope']) {
      const res = await download(id, shop.admin);
      expect(res.status).toBe(404);
      expect((await res.json()).message).toEqual(expect.any(String));
    }
    // A refusal writes nothing.
    const after = await shop.db.query('SELECT count(*)::int AS n FROM notifications.mails');
    expect(after.rows[0].n).toBe(before.rows[0].n);
  }, 60_000);

  it('an in-person order is confirmed when placed: its receipt says it is paid in person on delivery; a cancelled one has none', async () => {
    const order = await place(true);
    expect(await receiptOf(order)).toContain('Payment: To pay on delivery in cash: TT$435.97');

    const cancel = await shop.stack.request(`/api/orders/${order._id}/cancel`, { method: 'POST', ...json({}, shop.admin) });
    expect(cancel.status).toBe(200);
    const refused = await download(order._id, { 'x-visitor-id': order.visitorId });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({ message: 'This order was cancelled, so it has no receipt' });
  }, 60_000);

  it('with a VAT registration number, the receipt says prices include VAT at 12.5% and shows the VAT part to the cent', async () => {
    const put = await putSettings((s) => {
      s.receiptSettings = { vatRegistrationNumber: ' 123-456-789 ' };
    });
    expect(put.status).toBe(200);
    expect(put.body.receiptSettings).toEqual({ vatRegistrationNumber: '123-456-789' });
    try {
      const text = await receiptOf(await place(true));
      expect(text).toContain('VAT registration number 123-456-789');
      expect(text).toContain('All prices include VAT at 12.5%.');
      // 435.97 × 12.5 / 112.5 = 48.4411… → TT$48.44.
      expect(text).toContain('Includes VAT at 12.5% TT$48.44');
    } finally {
      expect((await putSettings((s) => (s.receiptSettings = { vatRegistrationNumber: '' }))).status).toBe(200);
    }
  }, 60_000);
});
