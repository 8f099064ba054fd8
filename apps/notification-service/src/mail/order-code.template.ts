import { type OrderCodeMail, ORDER_CODE_MINUTES, SHOP_TIME_ZONE } from '@shop/contracts';
import { button, COLOR, layout, pageUnder, paragraph, type RenderedMail, SHOP, type TemplateContext } from './mail-layout';

/**
 * The shopper's "Find my orders" code (issue 29): the six digits, how long they work, and the page to type them on.
 * The code is not in the subject, so a phone's lock screen preview does not show it to whoever holds the phone.
 */
export function orderCodeMail(code: OrderCodeMail, ctx: TemplateContext): RenderedMail {
  const page = pageUnder(ctx.storefrontUrl, '/tracking');
  const until = new Date(code.expiresAt).toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit', timeZone: SHOP_TIME_ZONE });
  const lines = [
    `Someone (we hope you) asked to see the ${SHOP} orders of this e-mail address.`,
    `Your code works for ${ORDER_CODE_MINUTES} minutes (until ${until}, Trinidad time) and only once.`,
    'If you did not ask for it, you can ignore this mail: nobody can see your orders without the code.',
  ];
  const text = [`Your code to find your orders: ${code.code}`, '', ...lines, '', `Type it on ${page}`, '', `With love from ${SHOP}, Trinidad and Tobago`].join('\n');
  const html = layout(
    'Your code to find your orders',
    `${paragraph(lines[0] ?? '')}
    <p style="margin:16px 0;font-size:32px;font-weight:700;letter-spacing:8px;color:${COLOR.text}">${code.code}</p>
    ${lines.slice(1).map(paragraph).join('')}
    ${button(page, 'Find my orders')}`,
  );
  return { subject: `Your ${SHOP} code to find your orders`, text, html };
}
