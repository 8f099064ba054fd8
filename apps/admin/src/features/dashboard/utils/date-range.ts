import { shopDayOf } from '@shop/contracts';

/** The ranges the dashboard offers, in days ending today. */
export const RANGES = [7, 30, 90] as const;
export type Range = (typeof RANGES)[number];
export const DEFAULT_RANGE: Range = 30;

const DAY_MS = 86_400_000;

/** The range named by the URL's `range` parameter, or null when it is missing or not one we offer. */
export function readRange(value: string | null): Range | null {
  const n = Number(value);
  return (RANGES as readonly number[]).includes(n) ? (n as Range) : null;
}

/** Today in the shop's time zone (Trinidad days, as the server counts them), YYYY-MM-DD. */
export function shopToday(now = new Date()): string {
  return shopDayOf(now.toISOString());
}

/** The first and last day (both included) of the last `days` days. */
export function rangeDays(days: Range, now = new Date()): { from: string; to: string } {
  const to = shopToday(now);
  const from = new Date(Date.parse(`${to}T00:00:00Z`) - (days - 1) * DAY_MS).toISOString().slice(0, 10);
  return { from, to };
}

const shortDay = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });
const longDay = new Intl.DateTimeFormat('en-GB', { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

/** '22 Nov' for a YYYY-MM-DD day. */
export function formatShortDay(day: string): string {
  return shortDay.format(new Date(`${day}T00:00:00Z`));
}

/** 'Sun, 22 Nov 2026' for a YYYY-MM-DD day. */
export function formatLongDay(day: string): string {
  return longDay.format(new Date(`${day}T00:00:00Z`));
}
