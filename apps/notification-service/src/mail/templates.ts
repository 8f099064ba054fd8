import { type ContactMessage, MailKind, type Order, ORDER_LINK_PARAM, payOnDeliveryWords, paymentMethodLabel, transferInstructions, transferProofText } from '@shop/contracts';
import { whatsAppLink } from '@shop/rules';
import { formatTTD, fromCents, toCents } from '@shop/money';
import { backInStockMail, backInStockWhatsAppMail } from '../stock-alerts/back-in-stock.template';
import { lowStockMail } from '../stock-alerts/low-stock.template';
import type { MailContent } from './mail-data';
import { button, COLOR, escapeHtml, layout, oneLine, pageUnder, paragraph, type RenderedMail, SHOP, type TemplateContext } from './mail-layout';
import { securityAlertMail } from './security-alert.template';
import { orderCodeMail } from './order-code.template';

/** Renders a logged mail from the data it was queued with. Pure: the same input gives the same mail. */
export function renderMail(mail: MailContent, ctx: TemplateContext): RenderedMail {
  if (mail.kind === MailKind.ContactMessage) return contactMail(mail.data.contact);
  if (mail.kind === MailKind.SecurityAlert) return securityAlertMail(mail.data.alert, ctx);
  if (mail.kind === MailKind.LowStock) return lowStockMail(mail.data.alert, ctx);
  if (mail.kind === MailKind.OrderCode) return orderCodeMail(mail.data.code, ctx);
  if (mail.kind === MailKind.BackInStock) return backInStockMail(mail.data.wait, ctx);
  if (mail.kind === MailKind.OwnerBackInStockWhatsApp) return backInStockWhatsAppMail(mail.data.wait, ctx);
  const order = mail.data.order;
  const link = trackingUrl(ctx, order._id);
  const ref = orderLabel(order);
  switch (mail.kind) {
    case MailKind.OrderPlacedInPerson:
      return shopperMail(order, link, {
        subject: `Your ${SHOP} order ${ref} is confirmed`,
        heading: 'Thank you, your order is confirmed',
        intro: [
          `Hi ${firstName(order)}, thanks for shopping with ${SHOP}! We have your order and we are getting it ready.`,
          `You chose to pay in person, on delivery ${payOnDeliveryWords(order.payOnDelivery)}: please have ${formatTTD(order.totalPrice)} ready when we deliver.`,
        ],
      });
    case MailKind.OrderPlacedTransfer:
      return shopperMail(order, link, {
        subject: `Your ${SHOP} order ${ref}: please make your bank transfer`,
        heading: 'Thank you, your order is held for you',
        intro: [`Hi ${firstName(order)}, thanks for shopping with ${SHOP}! We are holding your items while you make the transfer.`, ...transferLines(order)],
      });
    case MailKind.TransferReminder:
      return shopperMail(order, link, {
        subject: `Reminder: your ${SHOP} order ${ref} is waiting for your bank transfer`,
        heading: 'Your order is waiting for your transfer',
        intro: [`Hi ${firstName(order)}, we have not seen your bank transfer for order ${ref} yet.`, ...transferLines(order)],
      });
    case MailKind.TransferExpired:
      return shopperMail(order, link, {
        subject: `Your ${SHOP} order ${ref} has expired`,
        heading: 'Your order has expired',
        intro: [
          `Hi ${firstName(order)}, we did not receive your bank transfer in time, so the items of order ${ref} went back on sale.`,
          'If you did transfer the money, please contact us with your proof of transfer and we will sort it out.',
        ],
      });
    case MailKind.PaymentReceived:
      return shopperMail(order, link, {
        subject: `Payment received for your ${SHOP} order ${ref}`,
        heading: 'Payment received, thank you',
        intro: [
          `Hi ${firstName(order)}, we received your ${order.paymentMethod === 'bank_transfer' ? 'bank transfer' : 'card payment'} of ${formatTTD(order.transferPayment?.amount ?? order.totalPrice)}.`,
          'Your order is being prepared and we will let you know when it is on the way.',
          mail.data.receiptAttached ? 'Your receipt is attached (PDF).' : 'You can download your receipt from the tracking page.',
        ],
      });
    case MailKind.OutForDelivery:
      return shopperMail(order, link, {
        subject: `Your ${SHOP} order ${ref} is out for delivery`,
        heading: 'Your order is on the way',
        intro: [
          `Hi ${firstName(order)}, good news: your order left the shop and is out for delivery.`,
          order.isInPerson && !order.isPaid ? `Please have ${formatTTD(order.totalPrice)} ready to pay on delivery ${payOnDeliveryWords(order.payOnDelivery)}.` : 'Nothing left to pay.',
        ],
      });
    case MailKind.Delivered:
      return shopperMail(order, link, {
        subject: `Your ${SHOP} order ${ref} was delivered`,
        heading: 'Delivered, enjoy!',
        intro: [`Hi ${firstName(order)}, your order was delivered. We hope you love it, and thank you for shopping with ${SHOP}.`],
      });
    case MailKind.OrderCancelled:
      return shopperMail(order, link, {
        subject: `Your ${SHOP} order ${ref} is cancelled`,
        heading: 'Your order is cancelled',
        intro: [
          `Hi ${firstName(order)}, your order was cancelled by the shop. Nothing from it will be delivered.`,
          order.isPaid
            ? `The ${formatTTD(order.totalPrice)} you paid will be refunded to you; we will let you know when it is done.`
            : 'Nothing was charged for it. If this is a surprise, please contact us.',
        ],
      });
    case MailKind.OwnerNewOrder:
      return ownerOrderMail(order, adminOrderUrl(ctx, order));
    case MailKind.InPersonExpired:
      return shopperMail(order, link, {
        subject: `Your ${SHOP} order ${ref} has expired`,
        heading: 'Your order has expired',
        intro: [
          `Hi ${firstName(order)}, the shop could not confirm your pay-in-person order in time, so its items went back on sale.`,
          'Nothing was charged. If you still want them, please place a new order or contact us.',
        ],
      });
    case MailKind.PaidOutOfStock:
      return shopperMail(order, link, {
        subject: `Payment received for your ${SHOP} order ${ref}: we will contact you`,
        heading: 'Payment received, we will contact you',
        intro: [
          `Hi ${firstName(order)}, we received your card payment of ${formatTTD(order.totalPrice)}.`,
          'It arrived after your reservation had ended, and meanwhile the last of an item in your order was sold.',
          'The shop will contact you shortly: either we restock and send your order, or we refund your payment in full.',
        ],
      });
    case MailKind.OwnerPaidOutOfStock:
      return ownerNoticeMail(order, adminOrderUrl(ctx, order), {
        subject: `Action needed: order ${ref} is paid but out of stock`,
        heading: 'Paid, out of stock',
        intro: [
          `A card payment of ${formatTTD(order.totalPrice)} arrived after this order's reservation ended, and its stock was sold meanwhile.`,
          'Restock the product and fulfil the order, or cancel it and refund the payment. The shopper was told the shop will contact them.',
        ],
      });
    case MailKind.OwnerInPersonExpired:
      return ownerNoticeMail(order, adminOrderUrl(ctx, order), {
        subject: `Order ${ref} expired unconfirmed`,
        heading: 'An in-person order expired',
        intro: [
          'Nobody confirmed this pay-in-person order in time, so its items went back on sale and the shopper was told.',
          'Nothing more to do unless the shopper contacts you.',
        ],
      });
    default:
      // A row from the log whose kind this version has no template for (the column holds any text).
      throw new Error(`No template for mail kind ${String((mail as { kind: unknown }).kind)}`);
  }
}

/** Issue 29: the accounts, the reference and the hold, and the WhatsApp link to send the proof of transfer. */
function transferLines(order: Order): string[] {
  const proof = order.bankTransfer?.whatsapp ? whatsAppLink(order.bankTransfer.whatsapp, transferProofText(order, formatTTD)) : null;
  return [...transferInstructions(order, formatTTD), ...(proof ? [`Send us your proof of transfer on WhatsApp: ${proof}`] : [])];
}

/** The order's short number; a mail queued before order numbers existed shows its id. */
function orderLabel(order: Order): string {
  return order.orderNumber ?? order._id;
}

/** The order's page in the admin app (card and in-person orders have their own detail routes). */
export function adminOrderUrl(ctx: TemplateContext, order: Order): string {
  return pageUnder(ctx.adminUrl, `/admin/orders/${order.isInPerson ? 'inperson/' : ''}${encodeURIComponent(order._id)}`);
}

/** The order's tracking page; signed (any browser, for ORDER_LINK_DAYS) when the context signs links. */
export function trackingUrl(ctx: TemplateContext, orderId: string): string {
  const key = ctx.orderLinkKey?.(orderId);
  return pageUnder(ctx.storefrontUrl, `/tracking/${encodeURIComponent(orderId)}${key ? `?${ORDER_LINK_PARAM}=${encodeURIComponent(key)}` : ''}`);
}

interface ShopperCopy {
  subject: string;
  heading: string;
  intro: string[];
}

function shopperMail(order: Order, link: string, copy: ShopperCopy): RenderedMail {
  const text = [
    copy.heading,
    '',
    ...copy.intro,
    '',
    `Order ${orderLabel(order)}`,
    summaryText(order),
    '',
    deliveryText(order),
    '',
    `Follow your order: ${link}`,
    '',
    `With love from ${SHOP}, Trinidad and Tobago`,
  ].join('\n');
  const html = layout(
    copy.heading,
    `${copy.intro.map(paragraph).join('')}
    ${summaryHtml(order)}
    ${paragraph(deliveryText(order))}
    ${button(link, 'Follow your order')}`,
  );
  return { subject: copy.subject, text, html };
}

function ownerOrderMail(order: Order, link: string): RenderedMail {
  const how = order.isInPerson ? 'pay in person' : order.paymentMethod === 'bank_transfer' ? 'paid by bank transfer' : 'paid by card';
  const c = order.customer;
  const contact = [
    `Payment: ${paymentMethodLabel(order)}`,
    `Customer: ${fullName(order)}`,
    c.email ? `Email: ${c.email}` : null,
    c.phone ? `Phone: ${c.phone}` : null,
    deliveryText(order),
    c.note?.trim() ? `Delivery note: ${oneLine(c.note)}` : null,
  ].filter((l): l is string => l !== null);
  const subject = `New order ${orderLabel(order)}: ${formatTTD(order.totalPrice)} (${how})`;
  const text = [`A new order is confirmed (${how}).`, '', `Order ${orderLabel(order)}`, summaryText(order), '', ...contact, '', `Order page: ${link}`].join('\n');
  const html = layout(
    `New order: ${formatTTD(order.totalPrice)}`,
    `${paragraph(`A new order is confirmed (${how}).`)}
    ${summaryHtml(order)}
    ${contact.map(paragraph).join('')}
    ${button(link, 'Open the order')}`,
  );
  return { subject, text, html };
}

/** A mail to the owner about one order that needs (or needed) their attention: what happened, the order, the customer. */
function ownerNoticeMail(order: Order, link: string, copy: ShopperCopy): RenderedMail {
  const c = order.customer;
  const contact = [`Customer: ${fullName(order)}`, c.email ? `Email: ${c.email}` : null, c.phone ? `Phone: ${c.phone}` : null].filter(
    (l): l is string => l !== null,
  );
  const text = [copy.heading, '', ...copy.intro, '', `Order ${orderLabel(order)}`, summaryText(order), '', ...contact, '', `Order page: ${link}`].join('\n');
  const html = layout(
    copy.heading,
    `${copy.intro.map(paragraph).join('')}
    ${summaryHtml(order)}
    ${contact.map(paragraph).join('')}
    ${button(link, 'Open the order')}`,
  );
  return { subject: copy.subject, text, html };
}

function contactMail(m: ContactMessage): RenderedMail {
  const name = `${oneLine(m.firstName)} ${oneLine(m.lastName)}`;
  const subject = `Contact form: message from ${name}`;
  const text = [`${name} wrote through the contact form:`, '', m.message, '', `Email: ${m.email}`, `Phone: ${m.tel}`, '', 'Reply to this mail to answer them.'].join('\n');
  const html = layout(
    'A message from the contact form',
    `${paragraph(`${name} wrote:`)}
    <blockquote style="margin:0 0 16px;padding:12px 16px;border-left:4px solid ${COLOR.primary};background:${COLOR.bg};white-space:pre-wrap">${escapeHtml(m.message)}</blockquote>
    ${paragraph(`Email: ${m.email}`)}${paragraph(`Phone: ${m.tel}`)}${paragraph('Reply to this mail to answer them.')}`,
  );
  return { subject, text, html };
}

function lineTotal(price: number, qty: number): number {
  return fromCents(toCents(price) * qty);
}

function summaryText(order: Order): string {
  const lines = order.orderItems.map((i) => `- ${i.name} x ${i.qty}: ${formatTTD(lineTotal(i.price, i.qty))}`);
  return [
    ...lines,
    `Items: ${formatTTD(order.itemsPrice)}`,
    ...(order.discount ? [`${discountLabel(order.discount)}: -${formatTTD(order.discount.amount)}`] : []),
    `${deliveryLabel(order)}: ${formatTTD(order.deliveryCost)}`,
    `Total: ${formatTTD(order.totalPrice)}`,
  ].join('\n');
}

/** 'Discount (GLOW10)'. */
function discountLabel(discount: NonNullable<Order['discount']>): string {
  return `Discount (${oneLine(discount.code)})`;
}

/** 'Delivery: Tobago (4-6 working days)', or 'Delivery' for orders from before delivery areas. */
function deliveryLabel(order: Order): string {
  const area = order.deliveryArea;
  return area ? `Delivery: ${oneLine(area.name)} (${oneLine(area.estimatedDays)})` : 'Delivery';
}

function summaryHtml(order: Order): string {
  const cell = `padding:8px 0;border-bottom:1px solid ${COLOR.border}`;
  const rows = order.orderItems
    .map(
      (i) =>
        `<tr><td style="${cell}">${escapeHtml(i.name)} &times; ${i.qty}</td><td style="${cell};text-align:right;white-space:nowrap">${formatTTD(lineTotal(i.price, i.qty))}</td></tr>`,
    )
    .join('');
  const sum = (label: string, amount: number, strong = false, minus = false) =>
    `<tr><td style="padding:6px 0;${strong ? 'font-weight:700' : `color:${COLOR.muted}`}">${escapeHtml(label)}</td><td style="padding:6px 0;text-align:right;white-space:nowrap;${strong ? 'font-weight:700' : ''}">${minus ? '&minus;' : ''}${formatTTD(amount)}</td></tr>`;
  const discount = order.discount ? sum(discountLabel(order.discount), order.discount.amount, false, true) : '';
  return `<p style="margin:16px 0 4px;font-weight:700">Order ${escapeHtml(orderLabel(order))}</p>
    <table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="border-collapse:collapse;margin-bottom:16px">
      ${rows}${sum('Items', order.itemsPrice)}${discount}${sum(deliveryLabel(order), order.deliveryCost)}${sum('Total', order.totalPrice, true)}
    </table>`;
}

function deliveryText(order: Order): string {
  const where = [order.customer.street, order.customer.city].filter(Boolean).join(', ');
  return where ? `Delivery to: ${where}` : 'Delivery address: as given with your order';
}

function firstName(order: Order): string {
  return oneLine(order.customer.fname || 'there');
}

function fullName(order: Order): string {
  return oneLine([order.customer.fname, order.customer.lname].filter(Boolean).join(' '));
}

