import { createHash, timingSafeEqual } from 'node:crypto';

/** A total as WiPay wants it: exactly two decimals, e.g. `120.00`. */
export function formatTotal(cents: number): string {
  return `${Math.trunc(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

/** WiPay's result hash: md5(transaction_id + original request total + API key), no separators. */
export function wipayHash(transactionId: string, totalSent: string, apiKey: string): string {
  return createHash('md5').update(transactionId + totalSent + apiKey).digest('hex');
}

/** Checks a result hash in constant time. */
export function verifyWipayHash(hash: string | undefined, transactionId: string, totalSent: string, apiKey: string): boolean {
  if (!hash || !/^[0-9a-fA-F]{32}$/.test(hash)) return false;
  const expected = Buffer.from(wipayHash(transactionId, totalSent, apiKey), 'hex');
  return timingSafeEqual(expected, Buffer.from(hash.toLowerCase(), 'hex'));
}

/** A redirect's `total` in cents, or null if it is not an amount. */
export function parseTotal(value: string | undefined): number | null {
  if (!value || !/^\d{1,9}(\.\d{1,2})?$/.test(value)) return null;
  const [whole, fraction = ''] = value.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}
