/** Working days in Trinidad and Tobago: Monday to Friday (public holidays are not counted). */
function addWorkingDays(from: Date, days: number): Date {
  const date = new Date(from);
  let left = days;
  while (left > 0) {
    date.setUTCDate(date.getUTCDate() + 1);
    const day = date.getUTCDay();
    if (day !== 0 && day !== 6) left -= 1;
  }
  return date;
}

const dayFormat = new Intl.DateTimeFormat('en-TT', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' });

/**
 * When an order should arrive, from the date it was placed and its area's estimate ("2-3 working days",
 * "1 working day"): "Tue, 1 Dec" or "between Mon, 30 Nov and Tue, 1 Dec". Null when the estimate is not in days
 * ("Ready the next working day" reads fine as it is).
 */
export function expectedDelivery(placedAt: string, estimatedDays: string): string | null {
  const match = /(\d+)\s*(?:-|–|to)?\s*(\d+)?\s*working days?/i.exec(estimatedDays);
  if (!match) return null;
  const placed = new Date(placedAt);
  if (Number.isNaN(placed.getTime())) return null;
  // The shop's own calendar day (UTC-4, no daylight saving), as a UTC date.
  const local = new Date(placed.getTime() - 4 * 60 * 60 * 1000);
  const day = new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate()));
  const first = addWorkingDays(day, Number(match[1]));
  const last = match[2] ? addWorkingDays(day, Number(match[2])) : first;
  return first.getTime() === last.getTime() ? dayFormat.format(first) : `between ${dayFormat.format(first)} and ${dayFormat.format(last)}`;
}
