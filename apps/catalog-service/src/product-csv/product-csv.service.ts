import { Injectable } from '@nestjs/common';
import {
  CSV_IMPORT_REASON,
  type Pattern,
  type PatternRequest,
  type ProductCsvRow,
  ProductIdSchema,
  type ProductImportChange,
  type ProductImportRefusal,
  type ProductImportReport,
} from '@shop/contracts';
import { fromCents, toCents } from '@shop/money';
import { TransactionContext } from '@shop/server-database';
import { ProductCsvRepository, type ProductCsvDbRow } from './product-csv.repository';

/** Thrown inside the import's transaction to roll it back when a row turns out refused. */
class ImportRefused extends Error {
  constructor(readonly report: ProductImportReport) {
    super('import refused');
  }
}

/**
 * The products file (issue 26). An import names the products, compares each asked price and stock with the
 * stored one and lists every change; it writes only when it is not a dry run and no row is refused, and then
 * all changes in one transaction, each stock change recorded in the inventory history as a CSV import by who asked.
 */
@Injectable()
export class ProductCsvService {
  constructor(
    private readonly products: ProductCsvRepository,
    private readonly tx: TransactionContext,
  ) {}

  async export(): Promise<ProductCsvRow[]> {
    return (await this.products.all()).map((r) => ({
      _id: r.id,
      name: r.name,
      type: r.type,
      price: fromCents(Number(r.price_cents)),
      oldprice: fromCents(Number(r.oldprice_cents)),
      countInStock: Number(r.count_in_stock),
    }));
  }

  async import({ rows, dryRun, actor }: PatternRequest<typeof Pattern.ProductsImport>): Promise<ProductImportReport> {
    if (dryRun) return this.compare(rows, false, dryRun);
    try {
      return await this.tx.run(async () => {
        const report = await this.compare(rows, true, false);
        if (report.refused.length > 0) throw new ImportRefused(report);
        for (const change of report.changes) {
          if (change.field === 'price') await this.products.setPrice(change.product, toCents(change.to));
          else await this.products.setStock(change.product, change.to, change.to - change.from, CSV_IMPORT_REASON, actor);
        }
        return { ...report, applied: true };
      });
    } catch (err) {
      if (err instanceof ImportRefused) return err.report;
      throw err;
    }
  }

  /** The changes and refusals of the rows against the stored products (locked when about to be written). */
  private async compare(rows: PatternRequest<typeof Pattern.ProductsImport>['rows'], lock: boolean, dryRun: boolean): Promise<ProductImportReport> {
    const ids = [...new Set(rows.map((r) => r.product.toLowerCase()).filter((id) => ProductIdSchema.safeParse(id).success))];
    const stored = new Map<string, ProductCsvDbRow>((await this.products.named(ids, lock)).map((p) => [p.id, p]));
    const changes: ProductImportChange[] = [];
    const refused: ProductImportRefusal[] = [];
    let unchanged = 0;
    const seen = new Map<string, number>();
    for (const row of rows) {
      const id = row.product.toLowerCase();
      const product = stored.get(id);
      if (!product) {
        refused.push({ line: row.line, reason: `Unknown product: no product has the id "${row.product}"` });
        continue;
      }
      if (product.deleted) {
        refused.push({ line: row.line, reason: `${product.name} was deleted and cannot be updated` });
        continue;
      }
      const first = seen.get(id);
      if (first !== undefined) {
        refused.push({ line: row.line, reason: `Duplicate row for ${product.name} (also on line ${first})` });
        continue;
      }
      seen.set(id, row.line);
      const before = changes.length;
      const oldPrice = fromCents(Number(product.price_cents));
      if (row.price !== undefined && toCents(row.price) !== Number(product.price_cents)) {
        changes.push({ line: row.line, product: id, name: product.name, field: 'price', from: oldPrice, to: fromCents(toCents(row.price)) });
      }
      const oldStock = Number(product.count_in_stock);
      if (row.countInStock !== undefined && row.countInStock !== oldStock) {
        changes.push({ line: row.line, product: id, name: product.name, field: 'stock', from: oldStock, to: row.countInStock });
      }
      if (changes.length > before && product.has_options) {
        // Issue 28: its price and stock are its variants'; the file has one row per product.
        changes.length = before;
        refused.push({ line: row.line, reason: `${product.name} has options: set its variants' prices and stock on its product page` });
        continue;
      }
      if (changes.length === before) unchanged += 1;
    }
    return { dryRun, applied: false, rows: rows.length, changes, unchanged, refused };
  }
}
