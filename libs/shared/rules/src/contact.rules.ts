import { z } from 'zod';

/** Length limits of the contact form (characters), shared by the storefront form and the API. */
export const CONTACT_LIMITS = {
  name: 60,
  email: 254,
  tel: 30,
  message: 5000,
} as const;

// Any control character, line breaks included: a name or address with CR/LF could add mail headers.
const LINE_CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;
// In the message body, line breaks and tabs are fine; other control characters are not.
const BODY_CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
const PHONE_CHARACTERS = /^[0-9 +()-]+$/;
const PHONE_DIGITS = { min: 7, max: 15 } as const;

/** How each field is named in a message to the person who filled the form. */
const NAMED = { firstName: 'first name', lastName: 'last name', email: 'e-mail address', tel: 'phone number' } as const;

/** The messages of the contact form, written for the person filling it in (the API answers the same). */
export const CONTACT_MESSAGES = {
  firstName: 'Please enter your first name',
  lastName: 'Please enter your last name',
  email: 'Please enter your e-mail address',
  tel: 'Please enter your phone number',
  message: 'Please write your message',
  emailInvalid: 'Please enter your e-mail address in full, e.g. name@example.com',
  telInvalid: `Please enter your phone number with ${PHONE_DIGITS.min} to ${PHONE_DIGITS.max} digits (spaces, +, - and brackets are fine)`,
  singleLine: (field: keyof typeof NAMED) => `Please write your ${NAMED[field]} on a single line of text`,
  tooLong: (field: keyof typeof NAMED | 'message', max: number) => `Please keep your ${field === 'message' ? 'message' : NAMED[field]} to at most ${max} characters`,
  messageControl: 'Please remove the special (control) characters from your message',
} as const;

const required = (field: keyof typeof NAMED, max: number) =>
  z
    .string({ error: CONTACT_MESSAGES[field] })
    .refine((v) => !LINE_CONTROL_CHARACTERS.test(v), CONTACT_MESSAGES.singleLine(field))
    .transform((v) => v.trim())
    .pipe(z.string().min(1, CONTACT_MESSAGES[field]).max(max, CONTACT_MESSAGES.tooLong(field, max)));

/** `POST /api/mail/`: every field required; single-line fields refuse line breaks, so no header can be smuggled in. */
export const ContactInputSchema = z.object({
  firstName: required('firstName', CONTACT_LIMITS.name),
  lastName: required('lastName', CONTACT_LIMITS.name),
  email: required('email', CONTACT_LIMITS.email).pipe(z.email(CONTACT_MESSAGES.emailInvalid)),
  tel: required('tel', CONTACT_LIMITS.tel).refine((v) => {
    const digits = v.replace(/\D/g, '').length;
    return PHONE_CHARACTERS.test(v) && digits >= PHONE_DIGITS.min && digits <= PHONE_DIGITS.max;
  }, CONTACT_MESSAGES.telInvalid),
  message: z
    .string({ error: CONTACT_MESSAGES.message })
    .refine((v) => !BODY_CONTROL_CHARACTERS.test(v), CONTACT_MESSAGES.messageControl)
    .transform((v) => v.trim())
    .pipe(z.string().min(1, CONTACT_MESSAGES.message).max(CONTACT_LIMITS.message, CONTACT_MESSAGES.tooLong('message', CONTACT_LIMITS.message))),
});

/** Each failing field's first message (for a form that shows them under the fields). */
export function contactFieldErrors(values: unknown): Partial<Record<keyof ContactInput, string>> {
  const parsed = ContactInputSchema.safeParse(values);
  const errors: Partial<Record<keyof ContactInput, string>> = {};
  for (const issue of parsed.error?.issues ?? []) {
    const field = issue.path[0] as keyof ContactInput;
    errors[field] ??= issue.message;
  }
  return errors;
}
export type ContactInput = z.output<typeof ContactInputSchema>;
