import type { LowStockEvent } from '@shop/contracts';
import { button, layout, oneLine, pageUnder, paragraph, type RenderedMail, type TemplateContext } from '../mail/mail-layout';

/** The owner's low-stock mail: which product, how many are left, the threshold, and a link to edit it. */
export function lowStockMail(alert: LowStockEvent, ctx: TemplateContext): RenderedMail {
  const name = oneLine(alert.product.name);
  const left = alert.product.countInStock;
  const edit = pageUnder(ctx.adminUrl, `/admin/products/${encodeURIComponent(alert.product._id)}`);
  const lines = [
    left === 0 ? `${name} is now out of stock after an order.` : `Only ${left} of ${name} ${left === 1 ? 'is' : 'are'} left after an order.`,
    `Your low-stock alert is set at ${alert.threshold}. You will not hear about ${name} again until its stock is back above ${alert.threshold} and falls again.`,
    // Issue 28: shoppers who asked to be told when it is back ("Notify me").
    ...(alert.waiting ? [`${alert.waiting} ${alert.waiting === 1 ? 'shopper waits' : 'shoppers wait'} to hear when it is back in stock.`] : []),
  ];
  const subject = left === 0 ? `Out of stock: ${name}` : `Low stock: ${name} (${left} left)`;
  const text = ['Low stock', '', ...lines, '', `Restock it: ${edit}`].join('\n');
  const html = layout('Low stock', `${lines.map(paragraph).join('')}${button(edit, 'Restock it')}`);
  return { subject, text, html };
}
