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

const required = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .refine((v) => !LINE_CONTROL_CHARACTERS.test(v), `${label} must be a single line of text without control characters`)
    .transform((v) => v.trim())
    .pipe(z.string().min(1, `${label} is required`).max(max, `${label} must be at most ${max} characters`));

/** `POST /api/mail/`: every field required; single-line fields refuse line breaks, so no header can be smuggled in. */
export const ContactInputSchema = z.object({
  firstName: required('First name', CONTACT_LIMITS.name),
  lastName: required('Last name', CONTACT_LIMITS.name),
  email: required('Email', CONTACT_LIMITS.email).pipe(z.email('Email must be a valid email address')),
  tel: required('Phone', CONTACT_LIMITS.tel).refine((v) => {
    const digits = v.replace(/\D/g, '').length;
    return PHONE_CHARACTERS.test(v) && digits >= PHONE_DIGITS.min && digits <= PHONE_DIGITS.max;
  }, `Phone must be a phone number (digits, spaces, +, - and parentheses, ${PHONE_DIGITS.min} to ${PHONE_DIGITS.max} digits)`),
  message: z
    .string({ error: 'Message is required' })
    .refine((v) => !BODY_CONTROL_CHARACTERS.test(v), 'Message must not contain control characters')
    .transform((v) => v.trim())
    .pipe(z.string().min(1, 'Message is required').max(CONTACT_LIMITS.message, `Message must be at most ${CONTACT_LIMITS.message} characters`)),
});
export type ContactInput = z.output<typeof ContactInputSchema>;
