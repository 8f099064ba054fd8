import { OrderCodeInputSchema, OrderLookupInputSchema } from '@shop/rules';
import { z } from 'zod';

/**
 * "Find my orders" (issue 29): a shopper types the e-mail or phone she ordered with, gets a 6-digit code by mail, and
 * with it sees every order of that mailbox in this browser for a while; every shopper mail links to its order with a
 * signed link that works in any browser for 30 days.
 */

/** A code works this many minutes, and for this many tries (wrong ones, counted across the contact's live codes). */
export const ORDER_CODE_MINUTES = 10;
export const ORDER_CODE_TRIES = 5;
/** A mail's signed tracking link works this many days after the mail was written. */
export const ORDER_LINK_DAYS = 30;
/** A right code lets this browser see the mailbox's orders for this many minutes. */
export const ORDER_ACCESS_MINUTES = 60;
/** A phone number used on orders with several e-mail addresses gets a code at each, the newest this many at most. */
export const ORDER_CODE_MAILBOXES = 3;

/** The HttpOnly cookie that carries the grant a right code gives (on the shop's host, which proxies /api). */
export const ORDER_ACCESS_COOKIE = 'order_access';
/** The same grant, sent by the storefront's server when it draws a page for a browser without scripts. */
export const ORDER_ACCESS_HEADER = 'x-order-access';
/** The signed link's key (`?k=` of `/tracking/{id}`), sent to `GET /api/orders/{id}` by the storefront. */
export const ORDER_LINK_HEADER = 'x-order-link';
/** The query parameter of a mail's tracking link that holds its key. */
export const ORDER_LINK_PARAM = 'k';

/** What the shopper reads; the same answer whether or not the contact has orders. */
export const OrderLookupMessage = {
  CodeSent: `If we have orders for that e-mail or phone number, we sent a 6-digit code to the e-mail address on them. It works for ${ORDER_CODE_MINUTES} minutes.`,
  CodeRefused: 'That code is not right, or it has expired. Check the latest mail from us, or ask for a new code.',
  Found: 'Here are your orders.',
  LinkRefused: 'This tracking link has expired or is not valid. Ask for a code by e-mail to find your orders.',
  TooMany: 'Too many tries. Please wait a few minutes and try again.',
} as const;

/** `order.lookup.request`: queue the codes for a contact (what is found and mailed is decided later, in a job). */
export const OrderLookupRequestSchema = OrderLookupInputSchema;
export type OrderLookupRequest = z.input<typeof OrderLookupRequestSchema>;

/** `order.lookup.check`: a code typed for a contact; answers the mailbox it was sent to. */
export const OrderCodeCheckRequestSchema = OrderCodeInputSchema;
export type OrderCodeCheckRequest = z.input<typeof OrderCodeCheckRequestSchema>;
export interface OrderCodeCheckResponse {
  /** The mailbox whose orders the code opens (lower case). */
  email: string;
}

/** `order.lookup.orders`: the orders of a mailbox a code was proven for (the gateway checked the grant). */
export const OrdersForEmailRequestSchema = z.object({ email: z.string().min(3).max(200) });
export type OrdersForEmailRequest = z.input<typeof OrdersForEmailRequestSchema>;

/** `notification.order-code.send`: one code mail; the id (the code's row) makes a repeat send nothing new. */
export const SendOrderCodeRequestSchema = z.object({
  id: z.uuid(),
  email: z.string().min(3).max(200),
  code: z.string().regex(/^\d{6}$/),
  expiresAt: z.iso.datetime(),
});
export type SendOrderCodeRequest = z.input<typeof SendOrderCodeRequestSchema>;
export type OrderCodeMail = z.output<typeof SendOrderCodeRequestSchema>;
