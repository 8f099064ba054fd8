import { z } from 'zod';

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
  /** To the owner: a newly confirmed order (paid by card or placed in person). */
  OwnerNewOrder: 'owner_new_order',
  /** To the owner: a message from the contact form (the sender is the reply-to). */
  ContactMessage: 'contact_message',
} as const;
export type MailKind = (typeof MailKind)[keyof typeof MailKind];

/** Where a mail stands: waiting or retrying, handed to the mail server (or outbox), or given up on. */
export const MailStatus = {
  Queued: 'queued',
  Sent: 'sent',
  Failed: 'failed',
} as const;
export type MailStatus = (typeof MailStatus)[keyof typeof MailStatus];

/** One logged mail as the owner's outbox screen shows it. */
export const NotificationSchema = z.object({
  _id: z.string(),
  kind: z.enum(Object.values(MailKind) as [MailKind, ...MailKind[]]),
  recipient: z.string(),
  orderId: z.string().nullable(),
  subject: z.string().nullable(),
  status: z.enum(Object.values(MailStatus) as [MailStatus, ...MailStatus[]]),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  sentAt: z.string().nullable(),
  providerMessageId: z.string().nullable(),
  createdAt: z.string(),
});
export type Notification = z.infer<typeof NotificationSchema>;

export const NotificationPageSchema = z.object({
  notifications: z.array(NotificationSchema),
  page: z.number().int(),
  pages: z.number().int(),
  total: z.number().int(),
});
export type NotificationPage = z.infer<typeof NotificationPageSchema>;

/** A message from the contact form, already validated by the contact rules. */
export interface ContactMessage {
  firstName: string;
  lastName: string;
  email: string;
  tel: string;
  message: string;
}

export interface SendContactRequest {
  message: ContactMessage;
}
export interface SendContactResponse {
  /** The logged mail's id. */
  id: string;
}

export interface ListNotificationsRequest {
  page: number;
  pageSize: number;
  status?: MailStatus;
}

export interface RetryNotificationRequest {
  id: string;
}

/** Mail ids are UUIDs; anything else is a clean 404. */
export const NotificationIdSchema = z.uuid();
