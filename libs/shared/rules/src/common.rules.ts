import { isMoneyAmount } from '@shop/money';
import { z } from 'zod';

/** A money amount in JSON: a number >= 0 with at most two decimals. */
export const moneySchema = (label: string) =>
  z.number({ error: `${label} must be a number` }).refine(isMoneyAmount, { message: `${label} must be 0 or more with at most two decimals` });

/** An image the shop may show: one of its own uploads (or demo images), or an https URL. */
export const imageUrlSchema = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .max(2000, `${label} is too long`)
    .refine((v) => (/^\/api\/files\/[A-Za-z0-9._\-/]+$/.test(v) && !v.includes('..')) || isHttpsUrl(v), {
      message: `${label} must be an uploaded image or an https URL`,
    });

function isHttpsUrl(value: string): boolean {
  try {
    return new URL(value).protocol === 'https:';
  } catch {
    return false;
  }
}

/** The first issue of a failed parse, as the one message the API answers with. */
export function firstIssueMessage(error: z.ZodError): string {
  return error.issues[0]?.message ?? 'Invalid request';
}
