import { MAX_COUNT_IN_STOCK } from './product.rules';

/** The columns of the products file; the export writes them all, an import reads `id` and `price` and/or `stock`. */
export const PRODUCT_CSV_COLUMNS = ['id', 'name', 'type', 'price', 'old price', 'stock'] as const;
export type ProductCsvColumn = (typeof PRODUCT_CSV_COLUMNS)[number];

/** The largest products file accepted (a shop of a few thousand products is well under it). */
export const PRODUCT_CSV_MAX_BYTES = 512 * 1024;

/** The highest price a file may set (a typo guard, as the product form's). */
export const PRODUCT_CSV_MAX_PRICE = 1_000_000;

/** Why a header row cannot be read (the line-1 refusal), or null. Column names are read trimmed, in any case. */
export function productCsvHeaderRefusal(header: readonly string[]): string | null {
  const names = header.map((h) => h.trim().toLowerCase());
  const known: readonly string[] = PRODUCT_CSV_COLUMNS;
  const unknown = names.filter((n) => !known.includes(n));
  if (unknown.length > 0) return `Unknown column ${unknown.map((n) => `"${n}"`).join(', ')}; the columns are ${PRODUCT_CSV_COLUMNS.join(', ')}`;
  const twice = names.find((n, i) => names.indexOf(n) !== i);
  if (twice) return `The column "${twice}" appears twice`;
  if (!names.includes('id')) return 'The header must have an "id" column (export the products to get one)';
  if (!names.includes('price') && !names.includes('stock')) return 'The header must have a "price" or a "stock" column';
  return null;
}

/** A price cell: TTD with at most two decimals, 0 or more ('' leaves the price as it is). */
export function parsePriceCell(cell: string): { value?: number; error?: string } {
  const text = cell.trim().replace(/^TT\$\s*/i, '');
  if (text === '') return {};
  if (/^-/.test(text)) return { error: 'Price cannot be negative' };
  if (!/^\d+(\.\d+)?$/.test(text)) return { error: `Price "${cell.trim()}" is not a number` };
  if (/\.\d{3,}$/.test(text)) return { error: `Price "${cell.trim()}" has more than two decimals` };
  const value = Number(text);
  if (value > PRODUCT_CSV_MAX_PRICE) return { error: `Price must be at most ${PRODUCT_CSV_MAX_PRICE.toLocaleString('en-US')}` };
  return { value };
}

/** A stock cell: a whole number from 0 ('' leaves the stock as it is). */
export function parseStockCell(cell: string): { value?: number; error?: string } {
  const text = cell.trim();
  if (text === '') return {};
  if (!/^-?\d+$/.test(text)) return { error: `Stock "${text}" is not a whole number` };
  const value = Number(text);
  if (value < 0) return { error: 'Stock cannot be below 0' };
  if (value > MAX_COUNT_IN_STOCK) return { error: `Stock must be at most ${MAX_COUNT_IN_STOCK.toLocaleString('en-US')}` };
  return { value };
}

/** A data row as read from the file: its line number and its cells by column name. */
export interface ProductCsvRecord {
  line: number;
  cells: Partial<Record<ProductCsvColumn, string>>;
}

/**
 * The cell rules of an import, all rows at once: each row with a valid id and valid cells is a change asked for;
 * every other row is refused with its line and the reasons. A second row for the same product refuses both lines
 * named after the first.
 */
export function checkProductCsvRecords(records: readonly ProductCsvRecord[]): {
  rows: Array<{ line: number; product: string; price?: number; countInStock?: number }>;
  refused: Array<{ line: number; reason: string }>;
} {
  const rows: Array<{ line: number; product: string; price?: number; countInStock?: number }> = [];
  const refused: Array<{ line: number; reason: string }> = [];
  const firstLine = new Map<string, number>();
  for (const { line, cells } of records) {
    const reasons: string[] = [];
    const id = (cells.id ?? '').trim().toLowerCase();
    if (id === '') reasons.push('The id is empty');
    else if (firstLine.has(id)) reasons.push(`Duplicate row for this product (also on line ${firstLine.get(id)})`);
    else firstLine.set(id, line);
    const price = parsePriceCell(cells.price ?? '');
    if (price.error) reasons.push(price.error);
    const stock = parseStockCell(cells.stock ?? '');
    if (stock.error) reasons.push(stock.error);
    if (reasons.length > 0) refused.push({ line, reason: reasons.join('; ') });
    else rows.push({ line, product: id, ...(price.value !== undefined ? { price: price.value } : {}), ...(stock.value !== undefined ? { countInStock: stock.value } : {}) });
  }
  return { rows, refused };
}
