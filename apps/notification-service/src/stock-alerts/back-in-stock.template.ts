import type { BackInStockEvent } from '@shop/contracts';
import { internationalPhoneDisplay, whatsAppLink } from '@shop/rules';
import { button, layout, oneLine, pageUnder, paragraph, type RenderedMail, SHOP, type TemplateContext } from '../mail/mail-layout';

/** The product's name with the variant's values: "Mango Body Butter - 16 oz". */
function itemName(wait: BackInStockEvent): string {
  const label = oneLine(wait.variant.label);
  return `${oneLine(wait.product.name)}${label ? ` - ${label}` : ''}`;
}

/** Straight to the variant on the product page. */
export function variantUrl(wait: BackInStockEvent, ctx: TemplateContext): string {
  return pageUnder(ctx.storefrontUrl, `/product/${encodeURIComponent(wait.product._id)}?variant=${encodeURIComponent(wait.variant._id)}`);
}

/** The unsubscribe page (a confirmation with one button; opening it changes nothing). */
export function unsubscribeUrl(wait: BackInStockEvent, ctx: TemplateContext): string {
  return pageUnder(ctx.storefrontUrl, `/back-in-stock/unsubscribe?token=${encodeURIComponent(wait.unsubscribeToken)}`);
}

/** To the shopper who waited with an e-mail address: it is back, a link to it, and how to stop these mails. */
export function backInStockMail(wait: BackInStockEvent, ctx: TemplateContext): RenderedMail {
  const name = itemName(wait);
  const link = variantUrl(wait, ctx);
  const stop = unsubscribeUrl(wait, ctx);
  const lines = [
    `Good news: ${name} is back in stock at ${SHOP}.`,
    'You asked us to tell you when it was back. Stock can sell out again quickly, so we cannot hold it for you.',
  ];
  const footer = [`This is the only message you will get about it. To get no more back-in-stock messages from ${SHOP}, unsubscribe: ${stop}`];
  const subject = `Back in stock: ${name}`;
  const text = ['Back in stock', '', ...lines, '', `See it: ${link}`, '', ...footer].join('\n');
  const html = layout('It is back in stock', `${lines.map(paragraph).join('')}${button(link, 'See it in the shop')}${footer.map(paragraph).join('')}`);
  return { subject, text, html };
}

/**
 * To the owner, for a shopper who waited with a WhatsApp number: the shop has no WhatsApp API, so the owner sends
 * the message by hand from a wa.me link with the text filled in (the product's link and the unsubscribe link).
 */
export function backInStockWhatsAppMail(wait: BackInStockEvent, ctx: TemplateContext): RenderedMail {
  const name = itemName(wait);
  const number = internationalPhoneDisplay(`+${wait.contact}`) ?? `+${wait.contact}`;
  const message = `Hi! This is ${SHOP}: ${name} is back in stock. ${variantUrl(wait, ctx)} (You asked us to tell you. To hear no more from us about stock: ${unsubscribeUrl(wait, ctx)})`;
  const chat = whatsAppLink(`+${wait.contact}`, message) ?? `https://wa.me/${wait.contact}`;
  const lines = [
    `A shopper asked to hear on WhatsApp when ${name} is back. It is in stock now.`,
    `Please message them at ${number}: the button opens WhatsApp with the message written for you. The shop cannot send WhatsApp messages by itself.`,
  ];
  const subject = `WhatsApp a shopper: ${name} is back in stock`;
  const text = ['Back in stock: message a shopper', '', ...lines, '', `Open WhatsApp: ${chat}`].join('\n');
  const html = layout('Message a shopper on WhatsApp', `${lines.map(paragraph).join('')}${button(chat, 'Open WhatsApp')}`);
  return { subject, text, html };
}
