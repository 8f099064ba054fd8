import { PAY_ON_DELIVERY_LABELS, type PayOnDelivery } from '@shop/rules';

/**
 * Issue 29: how an order is paid, in the words the shopper and the owner read (mails, receipts, documents, both
 * web apps). The stored method 'in_person' is "Pay on delivery" (cash or Linx); its older texts stay where the
 * spec names them.
 */
type PaidHow = { paymentMethod: string; payOnDelivery?: PayOnDelivery | null };

/** "in cash", "by Linx (debit card)", or "in cash or by Linx" for an order placed before the choice existed. */
export function payOnDeliveryWords(choice: PayOnDelivery | null | undefined): string {
  if (choice === 'linx') return 'by Linx (debit card)';
  return choice === 'cash' ? 'in cash' : 'in cash or by Linx';
}

/** The method as a short label: 'Card', 'Pay on delivery: Cash', 'Pay on delivery: Linx (debit card)', 'Bank transfer'. */
export function paymentMethodLabel(order: PaidHow): string {
  if (order.paymentMethod === 'card') return 'Card';
  if (order.paymentMethod === 'bank_transfer') return 'Bank transfer';
  return order.payOnDelivery ? `Pay on delivery: ${PAY_ON_DELIVERY_LABELS[order.payOnDelivery]}` : 'Pay on delivery';
}
