import { MailKind, type Order } from '@shop/contracts';
import { testOrder } from '../../test/support/test-order';
import { renderMail } from './templates';

const ctx = { storefrontUrl: 'https://shop.test/', adminUrl: 'https://admin.shop.test' };

const order = testOrder({
  orderNumber: 'IG-10427',
  customer: { id: 'uid-abcdefabcdef', fname: 'Kavi <b>', lname: 'Ramdial', email: 'kavi@shopper.test', street: '1 Main Rd', city: 'Arima' },
  orderItems: [
    { name: 'Curl Cream & Co', product: 'p1', qty: 3, price: 1.15, image: '/x.jpg' },
    { name: 'Big Jar', product: 'p2', qty: 1, price: 1200, image: '/y.jpg' },
  ],
  itemsPrice: 1203.45,
  deliveryCost: 40,
  totalPrice: 1243.45,
  paymentReference: 'oid-abcdefabcdef',
  isPaid: true,
});

describe('renderMail', () => {
  it('shows every amount as TT$ with the order’s own delivery cost, and the tracking link, in both parts', () => {
    const mail = renderMail({ kind: MailKind.PaymentReceived, data: { order } }, ctx);
    expect(mail.subject).toBe('Payment received for your Island Glow order IG-10427');
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain('TT$3.45');
      expect(part).toContain('TT$1,200.00');
      expect(part).toContain('TT$40.00');
      expect(part).toContain('TT$1,243.45');
      expect(part).toContain('https://shop.test/tracking/oid-abcdefabcdef');
    }
  });

  it('shows the delivery area with its days and the discount line, in both parts', () => {
    const discounted: Order = {
      ...order,
      deliveryArea: { name: 'Tobago', estimatedDays: '4-6 working days' },
      discount: { code: 'GLOW10', amount: 120.35 },
      deliveryCost: 120,
      totalPrice: 1203.1,
    };
    for (const kind of [MailKind.PaymentReceived, MailKind.OwnerNewOrder]) {
      const mail = renderMail({ kind, data: { order: discounted } }, ctx);
      expect(mail.text).toContain('Discount (GLOW10): -TT$120.35');
      expect(mail.text).toContain('Delivery: Tobago (4-6 working days): TT$120.00');
      expect(mail.text).toContain('Total: TT$1,203.10');
      expect(mail.html).toContain('Discount (GLOW10)');
      expect(mail.html).toContain('&minus;TT$120.35');
      expect(mail.html).toContain('Delivery: Tobago (4-6 working days)');
    }
    // Orders from before areas and codes: a plain delivery line and no discount line.
    const plain = renderMail({ kind: MailKind.PaymentReceived, data: { order } }, ctx);
    expect(plain.text).toContain('Delivery: TT$40.00');
    expect(plain.text).not.toContain('Discount');
  });

  it('escapes what the shopper typed in the HTML part', () => {
    const mail = renderMail({ kind: MailKind.OwnerNewOrder, data: { order } }, ctx);
    expect(mail.html).toContain('Kavi &lt;b&gt;');
    expect(mail.html).toContain('Curl Cream &amp; Co');
    expect(mail.html).not.toContain('<b>');
  });

  it('keeps names on one line in a contact subject', () => {
    const mail = renderMail(
      {
        kind: MailKind.ContactMessage,
        data: { contact: { firstName: 'A\r\nBcc: x@y.z', lastName: 'B', email: 'a@b.tt', tel: '8685551234', message: '<script>hi</script>' } },
      },
      ctx,
    );
    expect(mail.subject).toBe('Contact form: message from A Bcc: x@y.z B');
    expect(mail.html).toContain('&lt;script&gt;hi&lt;/script&gt;');
  });

  it('has a template for every order mail kind', () => {
    for (const kind of [MailKind.OrderPlacedInPerson, MailKind.OutForDelivery, MailKind.Delivered]) {
      const mail = renderMail({ kind, data: { order } }, ctx);
      // The short number in the subject; the id only in the link.
      expect(mail.subject).toContain('IG-10427');
      expect(mail.subject).not.toContain(order._id);
      expect(mail.text).toContain('https://shop.test/tracking/oid-abcdefabcdef');
    }
  });

  it("says plainly to the shopper that a late payment was received and the shop will contact them; links the owner's notices to the admin page", () => {
    const shopper = renderMail({ kind: MailKind.PaidOutOfStock, data: { order } }, ctx);
    expect(shopper.subject).toBe('Payment received for your Island Glow order IG-10427: we will contact you');
    expect(shopper.text).toContain('The shop will contact you shortly');
    const expired = renderMail({ kind: MailKind.InPersonExpired, data: { order } }, ctx);
    expect(expired.text).toContain('its items went back on sale');
    for (const kind of [MailKind.OwnerPaidOutOfStock, MailKind.OwnerInPersonExpired]) {
      const mail = renderMail({ kind, data: { order } }, ctx);
      expect(mail.subject).toContain('IG-10427');
      expect(mail.text).toContain(`https://admin.shop.test/admin/orders/${order._id}`);
      expect(mail.text).not.toContain('/tracking/');
    }
  });

  it("links the owner's new-order mail to the order's admin page, not the shopper's tracking page", () => {
    const card = renderMail({ kind: MailKind.OwnerNewOrder, data: { order } }, ctx);
    expect(card.subject).toBe('New order IG-10427: TT$1,243.45 (paid by card)');
    for (const part of [card.text, card.html]) {
      expect(part).toContain('https://admin.shop.test/admin/orders/oid-abcdefabcdef');
      expect(part).not.toContain('/tracking/');
    }
    const inPerson = renderMail({ kind: MailKind.OwnerNewOrder, data: { order: { ...order, isInPerson: true, isPaid: false } } }, ctx);
    expect(inPerson.text).toContain('https://admin.shop.test/admin/orders/inperson/oid-abcdefabcdef');
  });

  it("puts the shopper's delivery note under the address in the owner's new-order mail, escaped in the html", () => {
    const noted: Order = { ...order, customer: { ...order.customer, note: 'Blue gate <opposite> the mosque' } };
    const mail = renderMail({ kind: MailKind.OwnerNewOrder, data: { order: noted } }, ctx);
    expect(mail.text).toContain('Delivery to: 1 Main Rd, Arima\nDelivery note: Blue gate <opposite> the mosque');
    expect(mail.html).toContain('Delivery note: Blue gate &lt;opposite&gt; the mosque');
    expect(renderMail({ kind: MailKind.OwnerNewOrder, data: { order } }, ctx).text).not.toContain('Delivery note');
  });
});
