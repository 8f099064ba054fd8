import { formatTTD } from '@shop/money';

/** What a WhatsApp message about an order names: its number, its lines and its total. */
export interface WhatsAppOrder {
  orderNumber: string;
  orderItems: ReadonlyArray<{ name: string; qty: number }>;
  totalPrice: number;
  customer?: { fname?: string };
}

/** The order's lines in one phrase: `2 × Mango Curl Butter, 1 × Sea Moss Gel`. */
export function orderLinesText(order: WhatsAppOrder): string {
  return order.orderItems.map((i) => `${i.qty} × ${i.name}`).join(', ');
}

/** The shopper's question about a product (product page): its name, price and page. */
export function productWhatsAppText(product: { name: string; price: number }, pageUrl: string): string {
  return `Hi Island Glow! I have a question about ${product.name} (${formatTTD(product.price)}): ${pageUrl}`;
}

/** The shopper's question about their order (result and tracking pages): number, lines and total. */
export function orderWhatsAppText(order: WhatsAppOrder): string {
  return `Hi Island Glow! I have a question about my order ${order.orderNumber} (${orderLinesText(order)}; total ${formatTTD(order.totalPrice)}).`;
}

/** The owner's message to the customer (admin order detail), the order prefilled. */
export function ownerWhatsAppText(order: WhatsAppOrder): string {
  const name = order.customer?.fname?.trim();
  return `Hi${name ? ` ${name}` : ''}, this is Island Glow about your order ${order.orderNumber} (${orderLinesText(order)}; total ${formatTTD(order.totalPrice)}).`;
}
