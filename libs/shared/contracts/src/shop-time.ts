/** The shop's time zone (Trinidad and Tobago): every "day" and every time the shop shows is in it. */
export const SHOP_TIME_ZONE = 'America/Port_of_Spain';

const DAY_MS = 86_400_000;
// Made at the first call, not at import: a process's first Intl object loads ICU (docs/performance.md, "Memory per server app").
let dayFormat: Intl.DateTimeFormat | undefined;

/** The shop day (YYYY-MM-DD in the shop's time zone) of an instant. */
export function shopDayOf(when: string | number | Date): string {
  dayFormat ??= new Intl.DateTimeFormat('en-CA', { timeZone: SHOP_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });
  return dayFormat.format(new Date(when));
}

/** Today's shop day, shifted by `days` (-6 is six days ago). */
export function shopToday(days = 0): string {
  return shopDayOf(Date.now() + days * DAY_MS);
}
