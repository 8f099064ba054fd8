import { type BackInStockEvent, type ContactMessage, type LowStockEvent, MailKind, type Order, type OrderCodeMail, type SecurityAlert } from '@shop/contracts';

/** The kinds about one order: each is queued with the order as its event carried it. */
type OrderMailKind = Exclude<
  MailKind,
  | typeof MailKind.ContactMessage
  | typeof MailKind.SecurityAlert
  | typeof MailKind.LowStock
  | typeof MailKind.OrderCode
  | typeof MailKind.BackInStock
  | typeof MailKind.OwnerBackInStockWhatsApp
>;

/** What each kind of mail is queued with and rendered from (the mail log's `data` column), by kind. */
export type MailDataOf = Record<OrderMailKind, { order: Order }> & {
  /** `receiptAttached` is set when the mail is rendered, not when it is queued. */
  [MailKind.PaymentReceived]: { order: Order; receiptAttached?: boolean };
  [MailKind.ContactMessage]: { contact: ContactMessage };
  [MailKind.SecurityAlert]: { alert: SecurityAlert };
  [MailKind.LowStock]: { alert: LowStockEvent };
  [MailKind.OrderCode]: { code: OrderCodeMail };
  [MailKind.BackInStock]: { wait: BackInStockEvent };
  [MailKind.OwnerBackInStockWhatsApp]: { wait: BackInStockEvent };
};

/** A mail's kind with its data: the union the service queues and the templates render, checked by kind at compile time. */
export type MailContent = { [K in MailKind]: { kind: K; data: MailDataOf[K] } }[MailKind];

/** The data of any kind of mail, as the mail log's column holds it. */
export type MailData = MailDataOf[MailKind];

/** The order a mail is about, when its kind has one. */
export function orderOfMail(data: MailData): Order | null {
  return 'order' in data ? data.order : null;
}
