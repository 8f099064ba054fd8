/** Whole cents: the only form money takes on the server. */
export type Cents = number & { readonly __cents?: true };

const TWO_DECIMALS = /^\d+(\.\d{1,2})?$/;

/** True when `amount` is a finite, non-negative number with at most two decimals. */
export function isMoneyAmount(amount: unknown): amount is number {
  return typeof amount === 'number' && Number.isFinite(amount) && amount >= 0 && TWO_DECIMALS.test(String(amount));
}

/** Converts a JSON amount (e.g. `1250.5`) to whole cents; throws on more than two decimals. */
export function toCents(amount: number): Cents {
  if (!isMoneyAmount(amount)) {
    throw new RangeError(`Not a money amount: ${amount}`);
  }
  // String arithmetic avoids binary-float drift such as 1.15 * 100 = 114.99999999999999.
  const [whole, fraction = ''] = String(amount).split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** Converts whole cents to the JSON amount the API carries (at most two decimals). */
export function fromCents(cents: Cents): number {
  if (!Number.isSafeInteger(cents)) {
    throw new RangeError(`Not a whole number of cents: ${cents}`);
  }
  return cents / 100;
}

const THOUSANDS = /\B(?=(\d{3})+(?!\d))/g;

/**
 * Formats an amount the one way every screen shows money: `TT$1,250.00`.
 * Plain arithmetic rather than Intl.NumberFormat: building the first formatter loads the locale's data, which
 * cost the storefront's first view about 40 ms of main-thread time on a phone-class CPU (measured with a
 * Chromium CPU profile of the home page).
 */
export function formatTTD(amount: number): string {
  const sign = amount < 0 ? '-' : '';
  const cents = Math.round(Math.abs(amount) * 100);
  const whole = String(Math.floor(cents / 100)).replace(THOUSANDS, ',');
  return `${sign}TT$${whole}.${String(cents % 100).padStart(2, '0')}`;
}
