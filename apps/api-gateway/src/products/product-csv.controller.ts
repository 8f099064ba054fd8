import { Get, HttpCode, Post, Query, Res, StreamableFile, UploadedFile, UseInterceptors } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiOkResponse, ApiOperation, ApiQuery } from '@nestjs/swagger';
import { Pattern, type ProductImportReport, spreadsheetSafe, ValidationError } from '@shop/contracts';
import { checkProductCsvRecords, PRODUCT_CSV_COLUMNS } from '@shop/rules';
import { ServiceClient } from '@shop/server-messaging';
import { stringify } from 'csv-stringify/sync';
import type { Response } from 'express';
import { AdminOnly } from '../auth/admin-only.decorator';
import { type AdminPrincipal, CurrentAdmin } from '../auth/current-admin.decorator';
import { ServiceController } from '../http/service-controller.decorator';
import { firstValue } from '../http/visitor-header';
import { CSV_UPLOAD_FIELD, CsvUploadInterceptor } from './csv-upload.interceptor';
import { readProductCsv } from './product-csv-file';
import { ApiErrors } from '../http/api-errors.decorator';

/** An import of up to 2,000 rows locks and writes them in one transaction: a longer wait than a lookup. */
const IMPORT_TIMEOUT_MS = 30_000;

interface ReceivedFile {
  buffer: Buffer;
  size: number;
}

const reportSchema = {
  type: 'object',
  properties: {
    dryRun: { type: 'boolean' },
    applied: { type: 'boolean', description: 'True only when the changes were written' },
    rows: { type: 'integer', description: 'Data rows read' },
    changes: {
      type: 'array',
      items: { type: 'object', properties: { line: { type: 'integer' }, product: { type: 'string' }, name: { type: 'string' }, field: { type: 'string', enum: ['price', 'stock'] }, from: { type: 'number' }, to: { type: 'number' } } },
    },
    unchanged: { type: 'integer' },
    refused: { type: 'array', items: { type: 'object', properties: { line: { type: 'integer' }, reason: { type: 'string' } } } },
  },
};

/**
 * Products in bulk (issue 26): all products as a CSV file, and the same file back with new prices and stock. An
 * import is a dry run unless `dryRun=false`; either way it lists every change and every refused row (line and
 * reason), and nothing is written when any row is refused.
 */
@AdminOnly()
@ServiceController('products-csv', 'products', 'catalog')
export class ProductCsvController {
  constructor(private readonly services: ServiceClient) {}

  @Get()
  @ApiOperation({ summary: 'Every product as a CSV file: id, name, type, price, old price, stock (admin)' })
  @ApiOkResponse({ description: 'text/csv, as an attachment named products.csv' })
  async export(@Res({ passthrough: true }) res: Response): Promise<StreamableFile> {
    const products = await this.services.send(Pattern.ProductsExport, {});
    const rows = products.map((p) => [p._id, p.name, p.type, p.price.toFixed(2), p.oldprice.toFixed(2), String(p.countInStock)].map(spreadsheetSafe));
    const csv = stringify([[...PRODUCT_CSV_COLUMNS], ...rows], { record_delimiter: 'windows', bom: true, quoted_match: /[\r\n]/ });
    res.setHeader('Cache-Control', 'private, no-store');
    return new StreamableFile(Buffer.from(csv, 'utf8'), { type: 'text/csv; charset=utf-8', disposition: 'attachment; filename="products.csv"' });
  }

  @Post('import')
  @HttpCode(200)
  @UseInterceptors(CsvUploadInterceptor)
  @ApiOperation({
    summary: 'Update prices and stock from a products CSV file (admin)',
    description:
      'The header names the columns (id and price and/or stock; name, type and old price are read but not changed). An empty cell leaves the field as it is. ' +
      'Every change (product, field, old and new) and every refused row (line and reason: unknown product, a price that is not a number, negative or with more than two decimals, ' +
      'a stock that is not a whole number from 0, a second row for one product, a row with too many or too few cells) is listed. With dryRun (the default) nothing is written; ' +
      'with dryRun=false all changes are written in one transaction, stock changes recorded in the inventory history as "CSV import" by the admin, unless any row is refused (400, nothing written).',
  })
  @ApiConsumes('multipart/form-data')
  @ApiBody({ schema: { type: 'object', required: [CSV_UPLOAD_FIELD], properties: { [CSV_UPLOAD_FIELD]: { type: 'string', format: 'binary' } } } })
  @ApiQuery({ name: 'dryRun', required: false, description: 'true (default): only report; false: write the changes' })
  @ApiOkResponse({ description: 'The report: a dry run, or the changes written', schema: reportSchema })
  @ApiErrors({
    400: 'No file, too big (512 KB), not CSV, a wrong header, more than 2,000 rows; or a real import with refused rows (the report, with a message; nothing written)',
  })
  async import(
    @UploadedFile() file: ReceivedFile | undefined,
    @Query('dryRun') dryRunParam: unknown,
    @CurrentAdmin() admin: AdminPrincipal,
    @Res({ passthrough: true }) res: Response,
  ): Promise<ProductImportReport & { message?: string }> {
    const dryRunText = firstValue(dryRunParam);
    if (dryRunText !== undefined && dryRunText !== 'true' && dryRunText !== 'false') throw new ValidationError('dryRun must be true or false');
    const dryRun = dryRunText !== 'false';
    if (!file) throw new ValidationError(`No file was sent: choose a CSV file (the multipart field "${CSV_UPLOAD_FIELD}")`);
    const { records, refused: misshapen } = readProductCsv(file.buffer);
    const { rows, refused: badCells } = checkProductCsvRecords(records);
    const gatewayRefused = [...misshapen, ...badCells];
    // A row refused here means nothing may be written: the catalog is asked for a dry run only, to name the rest.
    const answer = await this.services.send(
      Pattern.ProductsImport,
      { rows, dryRun: dryRun || gatewayRefused.length > 0, actor: admin.username },
      { timeoutMs: IMPORT_TIMEOUT_MS },
    );
    const refused = [...gatewayRefused, ...answer.refused].sort((a, b) => a.line - b.line);
    const report: ProductImportReport = { ...answer, dryRun, rows: rows.length + gatewayRefused.length, refused, applied: answer.applied && refused.length === 0 };
    if (!dryRun && !report.applied) {
      res.status(400);
      const n = refused.length;
      return { message: `${n} ${n === 1 ? 'row was' : 'rows were'} refused, so nothing was imported`, ...report };
    }
    return report;
  }
}
