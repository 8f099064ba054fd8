import { PRODUCT_IMPORT_MAX_ROWS, ValidationError } from '@shop/contracts';
import { PRODUCT_CSV_COLUMNS, type ProductCsvColumn, type ProductCsvRecord, productCsvHeaderRefusal } from '@shop/rules';
import { CsvError, parse } from 'csv-parse/sync';

/** What the products file holds: its data rows with their line numbers, and the rows whose cells do not match the header. */
export interface ProductCsvFile {
  records: ProductCsvRecord[];
  refused: Array<{ line: number; reason: string }>;
}

/**
 * Reads an uploaded products file with csv-parse (RFC 4180: quoted cells, commas and line breaks in quotes, a UTF-8
 * byte order mark). A file that is not CSV, has no or a wrong header, or more than the rows allowed is a 400 naming
 * the line; a row with another number of cells than the header is refused with its line.
 */
export function readProductCsv(content: Buffer): ProductCsvFile {
  let parsed: Array<{ record: string[]; info: { lines: number } }>;
  try {
    parsed = parse(content, { bom: true, relax_column_count: true, skip_empty_lines: true, info: true, encoding: 'utf8' }) as unknown as typeof parsed;
  } catch (err) {
    if (err instanceof CsvError) throw new ValidationError(`The file is not valid CSV (line ${(err as CsvError & { lines?: number }).lines ?? '?'}): ${err.message.replace(/^.*?:\s*/, '')}`);
    throw err;
  }
  if (parsed.length === 0) throw new ValidationError('The file is empty: export the products to get a file to edit');
  const [head, ...data] = parsed;
  const refusal = productCsvHeaderRefusal(head.record);
  if (refusal) throw new ValidationError(`Line 1 (the header): ${refusal}`);
  if (data.length > PRODUCT_IMPORT_MAX_ROWS) {
    throw new ValidationError(`The file has ${data.length.toLocaleString('en-US')} rows; at most ${PRODUCT_IMPORT_MAX_ROWS.toLocaleString('en-US')} can be imported at once`);
  }
  const columns = head.record.map((h) => h.trim().toLowerCase() as ProductCsvColumn);
  const records: ProductCsvRecord[] = [];
  const refused: ProductCsvFile['refused'] = [];
  for (const { record, info } of data) {
    // info.lines is the line the record ends on; a quoted cell may span lines.
    const line = info.lines - record.reduce((n, cell) => n + (cell.match(/\n/g)?.length ?? 0), 0);
    if (record.length !== columns.length) {
      refused.push({ line, reason: `This row has ${record.length} ${record.length === 1 ? 'cell' : 'cells'}; the header has ${columns.length}` });
      continue;
    }
    const cells: ProductCsvRecord['cells'] = {};
    columns.forEach((column, i) => {
      if ((PRODUCT_CSV_COLUMNS as readonly string[]).includes(column)) cells[column] = record[i];
    });
    records.push({ line, cells });
  }
  return { records, refused };
}
