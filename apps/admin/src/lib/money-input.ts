const formatter = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Text typed in a money field as a number ('1,250.5' -> 1250.5); NaN when it is not one. */
export function parseMoneyInput(text: string): number {
  const cleaned = text.replace(/,/g, '').trim();
  if (!/^\d+(\.\d*)?$|^\.\d+$/.test(cleaned)) return Number.NaN;
  return Number(cleaned);
}

/** The on-blur form of a money field: thousands separators and two decimals ('1250.5' -> '1,250.50'). Left alone when not a number. */
export function formatMoneyInput(text: string): string {
  const value = parseMoneyInput(text);
  return Number.isFinite(value) ? formatter.format(value) : text;
}
