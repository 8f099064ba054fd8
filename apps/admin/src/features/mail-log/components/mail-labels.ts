import { MailKind, MailStatus, SHOP_TIME_ZONE } from '@shop/contracts';

/** What each kind of mail is, in the owner's words. */
export const KIND_LABELS: Record<MailKind, string> = {
  [MailKind.OrderPlacedInPerson]: 'Order placed (pay in person)',
  [MailKind.PaymentReceived]: 'Payment received',
  [MailKind.OutForDelivery]: 'Out for delivery',
  [MailKind.Delivered]: 'Delivered',
  [MailKind.OrderCancelled]: 'Order cancelled',
  [MailKind.OwnerNewOrder]: 'New order (to you)',
  [MailKind.ContactMessage]: 'Contact message (to you)',
  [MailKind.SecurityAlert]: 'Security alert (to you)',
  [MailKind.LowStock]: 'Low stock (to you)',
  [MailKind.InPersonExpired]: 'In-person order expired',
  [MailKind.OwnerInPersonExpired]: 'In-person order expired (to you)',
  [MailKind.PaidOutOfStock]: 'Paid, out of stock',
  [MailKind.OwnerPaidOutOfStock]: 'Paid, out of stock (to you)',
  [MailKind.OrderCode]: 'Code to find orders',
  [MailKind.BackInStock]: 'Back in stock',
  [MailKind.OwnerBackInStockWhatsApp]: 'Back in stock: WhatsApp a shopper (to you)',
  [MailKind.OrderPlacedTransfer]: 'Order placed (bank transfer)',
  [MailKind.TransferReminder]: 'Bank transfer reminder',
  [MailKind.TransferExpired]: 'Bank-transfer order expired',
};

export const STATUS_LABELS: Record<MailStatus, string> = {
  [MailStatus.Queued]: 'Queued',
  [MailStatus.Sending]: 'Sending',
  [MailStatus.Sent]: 'Sent',
  [MailStatus.Failed]: 'Failed',
};

const time = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: SHOP_TIME_ZONE });

/** A time as the shop reads it (Trinidad time). */
export function formatShopTime(iso: string): string {
  return time.format(new Date(iso));
}
