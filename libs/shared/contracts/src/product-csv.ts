import { z } from 'zod';

/**
 * Issue 26: products in bulk through a CSV file. The gateway reads the file (csv-parse) and checks each row's
 * cells with the shared rules; the catalog names the products, compares and, unless it is a dry run or any row
 * was refused, writes every change in one transaction (stock changes as inventory movements).
 */

/** A product as the export lists it. */
export interface ProductCsvRow {
  _id: string;
  name: string;
  type: string;
  price: number;
  oldprice: number;
  countInStock: number;
}

/** A row of the file whose cells passed the rules: what it asks for (a field left empty is left unchanged). */
export const ProductImportRowSchema = z.object({
  line: z.number().int().min(1),
  product: z.string().max(100),
  price: z.number().min(0).optional(),
  countInStock: z.number().int().min(0).optional(),
});
export type ProductImportRow = z.infer<typeof ProductImportRowSchema>;

/** The most rows one import may hold (the gateway refuses a longer file before the catalog hears of it). */
export const PRODUCT_IMPORT_MAX_ROWS = 2000;

/** `catalog.products.import`: the rows, whether only to report, and who asks (from the gateway's session). */
export const ProductsImportRequestSchema = z.object({
  rows: z.array(ProductImportRowSchema).max(PRODUCT_IMPORT_MAX_ROWS),
  dryRun: z.boolean(),
  actor: z.string().min(1).max(200),
});
export type ProductsImportRequest = z.input<typeof ProductsImportRequestSchema>;

/** One change an import makes (or would make). */
export interface ProductImportChange {
  line: number;
  product: string;
  name: string;
  field: 'price' | 'stock';
  from: number;
  to: number;
}

/** A row the import refuses, with why. */
export interface ProductImportRefusal {
  line: number;
  reason: string;
}

/** What an import did, or would do: every change and every refused row. Nothing is written when any row is refused. */
export interface ProductImportReport {
  dryRun: boolean;
  /** True only when the changes were written. */
  applied: boolean;
  /** Data rows read (the header not counted). */
  rows: number;
  changes: ProductImportChange[];
  /** Rows that name a product and change nothing. */
  unchanged: number;
  refused: ProductImportRefusal[];
}

/** The reason a stock movement written by an import carries. */
export const CSV_IMPORT_REASON = 'CSV import';
