/**
 * The most a quantity list offers: 1 up to the stock, but never more than this. A product with thousands in stock
 * would otherwise draw thousands of options into every cart line; a shop's one shopper does not buy more at once,
 * and the server still checks the stock.
 */
export const QTY_CHOICES_MAX = 100;

/** The choices of a quantity list: 1 to the stock (at most QTY_CHOICES_MAX), and the quantity already chosen. */
export function qtyChoices(countInStock: number, chosen = 1): number[] {
  const last = Math.max(Math.min(countInStock, QTY_CHOICES_MAX), chosen, 1);
  return Array.from({ length: last }, (_, index) => index + 1);
}

/** A quantity the shopper may ask for: a whole number from 1 to the stock (1 when nothing or nonsense was given). */
export function clampQty(wanted: number, countInStock: number): number {
  if (!Number.isFinite(wanted)) return 1;
  return Math.min(Math.max(Math.trunc(wanted), 1), Math.max(countInStock, 1));
}
