import { z } from 'zod';
import { formatContactNumber } from './checkout.rules';

/** The messages of "Find my orders" (issue 29), one per field. */
export const ORDER_LOOKUP_MESSAGES = {
  contact: 'Please enter the e-mail address or the phone number you ordered with.',
  code: 'Please enter the 6-digit code from the mail.',
} as const;

const EMAIL = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}$/;
/** Trinidad and Tobago's area code: a local 7-digit number is one of its numbers. */
const TT_AREA_CODE = '868';

/**
 * What a shopper typed to find her orders, as the orders store it: an e-mail address in lower case, or a phone number
 * formatted as checkout stores it, `(868)555-1234` (a local 7-digit number gets 868; a leading +1 or 1 is dropped).
 * Null when it is neither.
 */
export function orderContactOf(typed: string): string | null {
  const text = typed.trim();
  if (text.includes('@')) return text.length <= 100 && EMAIL.test(text) ? text.toLowerCase() : null;
  let digits = text.replace(/\D/g, '');
  if (digits.length === 11 && digits.startsWith('1')) digits = digits.slice(1);
  if (digits.length === 7) digits = `${TT_AREA_CODE}${digits}`;
  return digits.length === 10 && text.length <= 40 ? formatContactNumber(digits) : null;
}

/** Whether a contact (as orderContactOf gives it) is an e-mail address; else it is a phone number. */
export function isEmailContact(contact: string): boolean {
  return contact.includes('@');
}

/** The e-mail or phone typed to find orders, normalised by orderContactOf (400 with the message otherwise). */
export const OrderContactSchema = z
  .string({ error: ORDER_LOOKUP_MESSAGES.contact })
  .max(200, ORDER_LOOKUP_MESSAGES.contact)
  .transform((typed, ctx) => {
    const contact = orderContactOf(typed);
    if (contact === null) {
      ctx.addIssue({ code: 'custom', message: ORDER_LOOKUP_MESSAGES.contact });
      return z.NEVER;
    }
    return contact;
  });

/** The 6-digit code from the mail; spaces typed between the digits are dropped. */
export const OrderCodeSchema = z
  .string({ error: ORDER_LOOKUP_MESSAGES.code })
  .max(20, ORDER_LOOKUP_MESSAGES.code)
  .transform((typed) => typed.replace(/\s/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, ORDER_LOOKUP_MESSAGES.code));

/** `POST /api/orders/lookup`: the contact to send a code for. */
export const OrderLookupInputSchema = z.object({ contact: OrderContactSchema });
export type OrderLookupInput = z.output<typeof OrderLookupInputSchema>;

/** `POST /api/orders/lookup/code`: the contact again, with the code the mail carried. */
export const OrderCodeInputSchema = z.object({ contact: OrderContactSchema, code: OrderCodeSchema });
export type OrderCodeInput = z.output<typeof OrderCodeInputSchema>;

/** Each field's message for a form posted without scripts ({} when it is valid). */
export function orderLookupFieldErrors(values: Record<string, string>, withCode: boolean): Record<string, string> {
  const parsed = (withCode ? OrderCodeInputSchema : OrderLookupInputSchema).safeParse(values);
  if (parsed.success) return {};
  return Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0] ?? 'contact'), issue.message]));
}
