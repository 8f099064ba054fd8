import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

/**
 * The one home of ORDER_LINK_SECRET's use (issue 29): the notification service signs each shopper mail's tracking link
 * with it, the gateway checks those links and signs (and checks) the grant a right "Find my orders" code gives a
 * browser. Each use signs its own kind of text, so a link can never pass for a grant.
 */

/** The development value (`.env.example`); production refuses it (production-checks.ts). */
export const EXAMPLE_ORDER_LINK_SECRET = 'change-me-order-link-secret-development-only';

/** The key as both apps read it: at least 32 characters. */
export const orderLinkSecretSchema = z.string().min(32, 'ORDER_LINK_SECRET must be at least 32 characters').default(EXAMPLE_ORDER_LINK_SECRET);

const DAY_SECONDS = 86_400;

function signature(secret: string, text: string): string {
  return createHmac('sha256', secret).update(text).digest('base64url');
}

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** A seconds-since-epoch number written in base 36, or NaN. */
function parseSeconds(text: string): number {
  return /^[0-9a-z]{1,10}$/.test(text) ? parseInt(text, 36) : Number.NaN;
}

/** The key of an order's tracking link (`?k=`): when it ends and an HMAC of the order id with that end. */
export function signOrderLink(secret: string, orderId: string, issuedAt: Date, days: number): string {
  const ends = (Math.floor(issuedAt.getTime() / 1000) + days * DAY_SECONDS).toString(36);
  return `${ends}.${signature(secret, `order-link:${orderId}:${ends}`)}`;
}

/** Whether a link key is this order's, signed with the secret, and not yet ended at `now`. */
export function orderLinkValid(secret: string, orderId: string, key: string, now = new Date()): boolean {
  const [ends = '', sig = '', ...rest] = key.split('.');
  const endsAt = parseSeconds(ends);
  if (rest.length > 0 || !Number.isFinite(endsAt)) return false;
  return sameText(sig, signature(secret, `order-link:${orderId}:${ends}`)) && endsAt * 1000 > now.getTime();
}

/** The grant a right code gives (the HttpOnly cookie's value): the mailbox, when it ends, and an HMAC of both. */
export function signOrderAccess(secret: string, email: string, endsAt: Date): string {
  const who = Buffer.from(email).toString('base64url');
  const ends = Math.floor(endsAt.getTime() / 1000).toString(36);
  return `${who}.${ends}.${signature(secret, `order-access:${who}:${ends}`)}`;
}

/** The mailbox a grant opens, when it is signed with the secret and not yet ended at `now`; else null. */
export function orderAccessEmail(secret: string, grant: string, now = new Date()): string | null {
  const [who = '', ends = '', sig = '', ...rest] = grant.split('.');
  const endsAt = parseSeconds(ends);
  if (rest.length > 0 || !who || !Number.isFinite(endsAt) || endsAt * 1000 <= now.getTime()) return null;
  if (!sameText(sig, signature(secret, `order-access:${who}:${ends}`))) return null;
  return Buffer.from(who, 'base64url').toString('utf8');
}
