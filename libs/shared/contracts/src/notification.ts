import { ContactInputSchema } from '@shop/rules';
import { z } from 'zod';
import { pageCounts } from './wire';

/** What a mail is about; one template per kind. */
export const MailKind = {
  /** To the shopper: an order placed to pay in person. */
  OrderPlacedInPerson: 'order_placed_in_person',
  /** To the shopper: a card payment received. */
  PaymentReceived: 'payment_received',
  /** To the shopper: the order is out for delivery. */
  OutForDelivery: 'out_for_delivery',
  /** To the shopper: the order was delivered. */
  Delivered: 'delivered',
  /** To the shopper: the owner cancelled the order (with the refund, when money was taken). */
  OrderCancelled: 'order_cancelled',
  /** To the owner: a newly confirmed order (paid by card or placed in person). */
  OwnerNewOrder: 'owner_new_order',
  /** To the owner: a message from the contact form (the sender is the reply-to). */
  ContactMessage: 'contact_message',
  /** To the owner: an admin account was locked, or signed in from a new browser. */
  SecurityAlert: 'security_alert',
  /** To the owner: an order took a product's stock to the low-stock threshold or below (issue 17). */
  LowStock: 'low_stock',
  /** To the shopper: an in-person order the shop did not confirm in time; its items went back on sale (issue 23). */
  InPersonExpired: 'in_person_expired',
  /** To the owner: an in-person order expired unconfirmed and its stock went back. */
  OwnerInPersonExpired: 'owner_in_person_expired',
  /** To the shopper: a card payment received for items sold meanwhile; the shop will contact them. */
  PaidOutOfStock: 'paid_out_of_stock',
  /** To the owner: a card payment arrived for stock that is gone: restock and fulfil, or cancel and refund. */
  OwnerPaidOutOfStock: 'owner_paid_out_of_stock',
  /** To the shopper: the 6-digit code that finds her orders on any device (issue 29). */
  OrderCode: 'order_code',
  /** To the shopper: a variant they waited for is back in stock (issue 28), with a link to it and an unsubscribe link. */
  BackInStock: 'back_in_stock',
  /** To the owner: a shopper who waited with a WhatsApp number, to message by hand (a wa.me link; no WhatsApp API). */
  OwnerBackInStockWhatsApp: 'owner_back_in_stock_whatsapp',
  /** To the shopper: a bank-transfer order placed: the accounts, the order number as reference, the hold (issue 29). */
  OrderPlacedTransfer: 'order_placed_transfer',
  /** To the shopper: a bank-transfer order's hold ends soon and no transfer was recorded yet (issue 29). */
  TransferReminder: 'transfer_reminder',
  /** To the shopper: a bank-transfer order's hold ended without a transfer; its items went back on sale (issue 29). */
  TransferExpired: 'transfer_expired',
} as const;
export type MailKind = (typeof MailKind)[keyof typeof MailKind];

/** Where a mail stands: waiting or retrying, handed to the mail server (or the mail drop folder), or given up on. */
export const MailStatus = {
  Queued: 'queued',
  /** Handed to SMTP (or about to be): a retry that finds it so does not send again. */
  Sending: 'sending',
  Sent: 'sent',
  Failed: 'failed',
} as const;
export type MailStatus = (typeof MailStatus)[keyof typeof MailStatus];

/**
 * Why a mail was not sent, sorted from the SMTP error when it happened (issue 26): the owner reads the plain
 * words of MAIL_FAILURE_TEXT, never a bare error code.
 */
export const MailFailureCause = {
  ConnectionRefused: 'connection_refused',
  UnknownHost: 'unknown_host',
  Timeout: 'timeout',
  AuthRefused: 'auth_refused',
  Tls: 'tls',
  ConnectionLost: 'connection_lost',
  /** A 5xx answer to this mail: unknown mailbox, refused sender, message refused. */
  MailRefused: 'mail_refused',
  /** A 4xx answer: the server asked to try later. */
  ServerBusy: 'server_busy',
  /** The mail could not be rendered: nothing reached the mail server. */
  Render: 'render',
  /** The send began but its answer was never recorded (the process died mid-send). */
  Interrupted: 'interrupted',
  /** Waiting with no attempt finished yet (only in the health answer: the sender may be stopped). */
  NotAttempted: 'not_attempted',
  Other: 'other',
} as const;
export type MailFailureCause = (typeof MailFailureCause)[keyof typeof MailFailureCause];
const MAIL_FAILURE_CAUSES = Object.values(MailFailureCause) as [MailFailureCause, ...MailFailureCause[]];

/** The owner's words for each cause: what happened, and where to look. */
export const MAIL_FAILURE_TEXT: Record<MailFailureCause, string> = {
  connection_refused: 'The mail server refused the connection. It may be stopped, or the shop has the wrong mail server address or port.',
  unknown_host: "The mail server's name could not be found. Check the mail server address in the shop's settings.",
  timeout: 'The mail server did not answer in time. It may be down, or a firewall blocks its port.',
  auth_refused: 'The mail server refused the sign-in. Check the mail account name and password the shop uses.',
  tls: 'A secure (TLS) connection to the mail server could not be made. Check its port and certificate.',
  connection_lost: 'The connection to the mail server was cut off while sending.',
  mail_refused: 'The mail server refused this mail (for example an unknown mailbox or a sender it does not accept).',
  server_busy: 'The mail server asked the shop to try again later.',
  render: 'The mail could not be prepared. This is a fault in the shop, not the mail server.',
  interrupted: 'Sending was interrupted, so the mail may have been delivered. Retry it only if the recipient did not get it.',
  not_attempted: 'The mails are waiting and no sending attempt has finished. The mail service may be stopped.',
  other: 'The mail server answered with an error.',
};

/** One logged mail as the owner's mail log shows it. */
export const NotificationSchema = z.object({
  _id: z.string(),
  kind: z.enum(Object.values(MailKind) as [MailKind, ...MailKind[]]),
  recipient: z.string(),
  orderId: z.string().nullable(),
  /** The number people read ('IG-10427') of the order the mail is about, as the mail carried it. */
  orderNumber: z.string().nullable(),
  /** Whether that order is an in-person one (its admin page is under /admin/orders/inperson/). */
  orderInPerson: z.boolean(),
  /** Why the last attempt failed, sorted (see MAIL_FAILURE_TEXT); null when none failed. */
  failureCause: z.enum(MAIL_FAILURE_CAUSES).nullable(),
  subject: z.string().nullable(),
  status: z.enum(Object.values(MailStatus) as [MailStatus, ...MailStatus[]]),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  sentAt: z.string().nullable(),
  providerMessageId: z.string().nullable(),
  createdAt: z.string(),
});
export type Notification = z.infer<typeof NotificationSchema>;

export const NotificationPageSchema = z.object({ notifications: z.array(NotificationSchema), ...pageCounts });
export type NotificationPage = z.infer<typeof NotificationPageSchema>;

/** Mails waiting longer than this are reported stuck on the dashboard (issue 26). */
export const MAIL_STUCK_MINUTES = 10;
/** Failed mails of the last this many days are reported (older ones stay in the mail log only). */
export const MAIL_FAILED_REPORT_DAYS = 7;

/** `GET /api/notifications/health`: whether the owner must hear that mail is not going out, and why. */
export const MailHealthSchema = z.object({
  /** Mails given up as failed in the last MAIL_FAILED_REPORT_DAYS days and not retried. */
  failed: z.number().int(),
  /** Mails queued (or being sent) for over MAIL_STUCK_MINUTES minutes. */
  stuck: z.number().int(),
  /** When the oldest of the stuck mails was queued. */
  oldestStuckSince: z.string().nullable(),
  /** Why, most mails first: each cause with its plain words and how many of those mails it explains. */
  causes: z.array(z.object({ cause: z.enum(MAIL_FAILURE_CAUSES), text: z.string(), mails: z.number().int() })),
});
export type MailHealth = z.infer<typeof MailHealthSchema>;

/** A message from the contact form, already validated by the contact rules. */
export interface ContactMessage {
  firstName: string;
  lastName: string;
  email: string;
  tel: string;
  message: string;
}

export interface SendContactResponse {
  /** The logged mail's id. */
  id: string;
}

/** What happened to an admin account that the owner should hear about. */
export const SecurityAlertKind = {
  AccountLocked: 'account_locked',
  NewBrowser: 'new_browser',
  PasswordChanged: 'password_changed',
  SecondFactorEnabled: 'second_factor_enabled',
  /** "Forgot password?" (issue 26): the mail carries the single-use link to set a new password. */
  PasswordReset: 'password_reset',
} as const;
export type SecurityAlertKind = (typeof SecurityAlertKind)[keyof typeof SecurityAlertKind];

/** A security event of the admin identity, mailed to the owner; checked where it arrives. */
export const SecurityAlertSchema = z.object({
  /** Unique per event: a repeated message makes no second mail. */
  id: z.uuid(),
  kind: z.enum([
    SecurityAlertKind.AccountLocked,
    SecurityAlertKind.NewBrowser,
    SecurityAlertKind.PasswordChanged,
    SecurityAlertKind.SecondFactorEnabled,
    SecurityAlertKind.PasswordReset,
  ]),
  username: z.string().min(1).max(200),
  /** When it happened (ISO 8601). */
  at: z.iso.datetime(),
  /** The client's address and browser as the gateway saw them. */
  ip: z.string().max(64),
  userAgent: z.string().max(512),
  /** account_locked: until when (ISO 8601), and after how many failed logins. */
  lockedUntil: z.iso.datetime().optional(),
  failures: z.number().int().min(1).optional(),
  /** password_reset: the link's token (its SHA-256 is all the gateway keeps) and when the link stops working. */
  resetToken: z.string().regex(/^[A-Za-z0-9_-]{43}$/).optional(),
  resetExpiresAt: z.iso.datetime().optional(),
});
export type SecurityAlert = z.infer<typeof SecurityAlertSchema>;

/** `notification.security.alert`: one alert for the owner. */
export const SendSecurityAlertRequestSchema = z.object({ alert: SecurityAlertSchema });
export type SendSecurityAlertRequest = z.input<typeof SendSecurityAlertRequestSchema>;

/** Mail ids are UUIDs; anything else is a clean 404. */
export const NotificationIdSchema = z.uuid();

const MAIL_STATUSES = Object.values(MailStatus) as [MailStatus, ...MailStatus[]];

/** The mail log's query (`GET /api/notifications` and `notification.mails.list`): text from a URL or numbers. */
export const ListNotificationsRequestSchema = z.object({
  page: z.coerce.number({ error: 'page must be a whole number from 1' }).int('page must be a whole number from 1').min(1, 'page must be a whole number from 1').default(1),
  pageSize: z.coerce
    .number({ error: 'pageSize must be a whole number from 1 to 100' })
    .int('pageSize must be a whole number from 1 to 100')
    .min(1, 'pageSize must be a whole number from 1 to 100')
    .max(100, 'pageSize must be a whole number from 1 to 100')
    .default(20),
  status: z.enum(MAIL_STATUSES, { error: `status must be one of ${MAIL_STATUSES.join(', ')}` }).optional(),
});
/** The query as the schema reads it (defaults filled in): what the gateway sends. */
export type ListNotificationsRequest = z.output<typeof ListNotificationsRequestSchema>;

/** `notification.contact.send`: the contact form, checked again where it arrives. */
export const SendContactRequestSchema = z.object({ message: ContactInputSchema });
export type SendContactRequest = z.input<typeof SendContactRequestSchema>;

/** `notification.mails.retry`: a malformed id is the same 404 as an unknown one. */
export const RetryNotificationRequestSchema = z.object({ id: z.string() });
export type RetryNotificationRequest = z.input<typeof RetryNotificationRequestSchema>;

/**
 * An order event a consuming service gave up on after its last delivery (or that broke its contract): kept in
 * the stream and listed here for the owner's mail log screen. `streamSequence` names the message in the stream.
 */
export const EventDeadLetterSchema = z.object({
  _id: z.string(),
  event: z.string(),
  eventId: z.string().nullable(),
  orderId: z.string().nullable(),
  consumer: z.string(),
  stream: z.string(),
  streamSequence: z.number().int(),
  deliveries: z.number().int(),
  error: z.string(),
  createdAt: z.string(),
});
export type EventDeadLetter = z.infer<typeof EventDeadLetterSchema>;

export const EventDeadLetterPageSchema = z.object({ deadLetters: z.array(EventDeadLetterSchema), ...pageCounts });
export type EventDeadLetterPage = z.infer<typeof EventDeadLetterPageSchema>;

/** `GET /api/notifications/dead-letters` and `notification.dead-letters.list`: newest first. */
export const ListDeadLettersRequestSchema = ListNotificationsRequestSchema.pick({ page: true, pageSize: true });
export type ListDeadLettersRequest = z.input<typeof ListDeadLettersRequestSchema>;
