import { Get, Param, Query, Res, StreamableFile } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiParam, ApiQuery } from '@nestjs/swagger';
import {
  ConflictError,
  exportRangeRefusal,
  isVatRegistered,
  orderExportCells,
  orderExportHeader,
  type OrderExportRow,
  ordersExportFileName,
  packingSlipFromOrder,
  Pattern,
  RECEIPT_STATES,
  runSheetFromOrders,
  spreadsheetSafe,
  validate,
  ValidationError,
} from '@shop/contracts';
import { ServiceClient } from '@shop/server-messaging';
import { stringify } from 'csv-stringify/sync';
import type { Response } from 'express';
import { z } from 'zod';
import { AdminOnly } from '../auth/admin-only.decorator';
import { ServiceController } from '../http/service-controller.decorator';
import { firstValue } from '../http/visitor-header';
import { ApiErrors } from '../http/api-errors.decorator';

/** Printing a run sheet reads a day of orders and the PDF comes back over NATS: more than one hop. */
const DOCUMENT_TIMEOUT_MS = 15_000;

/** A real calendar day written YYYY-MM-DD (2026-02-30 is refused). */
function isRealDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const time = Date.parse(`${value}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === value;
}

const dayParam = (label: string) =>
  z.string({ error: `${label} is required (YYYY-MM-DD)` }).refine(isRealDay, `${label} must be a real date written YYYY-MM-DD`);

/**
 * The owner's documents (issue 26): a packing slip per order and a day's delivery run sheet as PDFs (printed by the
 * notification service with the receipts' library), and the orders of a date range as a CSV file for the accountant.
 */
@AdminOnly()
@ServiceController('', 'orders', 'several')
export class OrderDocumentsController {
  constructor(private readonly services: ServiceClient) {}

  @Get('orders/:id/packing-slip')
  @ApiOperation({ summary: "A confirmed order's packing slip as a PDF (admin)", description: 'Customer, phone, address, area, each item with its quantity and a tick box, and the amount to collect for a pay-in-person order.' })
  @ApiParam({ name: 'id', description: 'The `_id` of the order' })
  @ApiOkResponse({ description: 'application/pdf, as an attachment named packing-slip-IG-10427.pdf' })
  @ApiErrors({ 404: 'Unknown or malformed order id', 409: 'The order is not confirmed, or was cancelled' })
  async packingSlip(@Param('id') id: string, @Res({ passthrough: true }) res: Response): Promise<StreamableFile> {
    const order = await this.services.send(Pattern.OrdersGet, { id, isAdmin: true });
    if (!RECEIPT_STATES.includes(order.state)) throw new ConflictError('A packing slip is available once the order is confirmed (paid by card, or placed to pay in person), and not for a cancelled order');
    const settings = await this.services.send(Pattern.SettingsGet, {});
    const printed = await this.services.send(Pattern.NotificationPackingSlipRender, { slip: packingSlipFromOrder(order, settings) }, { timeoutMs: DOCUMENT_TIMEOUT_MS });
    return pdfFile(res, printed);
  }

  @Get('order-documents/run-sheet')
  @ApiOperation({
    summary: "A day's delivery run sheet as a PDF, grouped by delivery area (admin)",
    description: 'The confirmed orders waiting to go out that were placed on or before the day, and those delivered that day: number, customer, phone, address, items, and the amount to collect for pay-in-person orders.',
  })
  @ApiQuery({ name: 'date', required: true, description: 'YYYY-MM-DD, a day in the shop\'s time zone' })
  @ApiOkResponse({ description: 'application/pdf, as an attachment named run-sheet-2026-11-26.pdf' })
  @ApiErrors({ 400: 'No date, or not a real YYYY-MM-DD date' })
  async runSheet(@Query('date') date: unknown, @Res({ passthrough: true }) res: Response): Promise<StreamableFile> {
    const day = validate(dayParam('The date'), firstValue(date));
    const orders = await this.services.send(Pattern.OrdersRunSheet, { date: day });
    const settings = await this.services.send(Pattern.SettingsGet, {});
    const printed = await this.services.send(Pattern.NotificationRunSheetRender, { sheet: runSheetFromOrders(day, orders, settings) }, { timeoutMs: DOCUMENT_TIMEOUT_MS });
    return pdfFile(res, printed);
  }

  @Get('order-documents/orders.csv')
  @ApiOperation({
    summary: 'The orders placed in a date range as a CSV file, for the accountant (admin)',
    description:
      'One row per order placed from `from` to `to` (shop days, both included, at most 366 days), oldest first: number, date, customer, area, subtotal, ' +
      'discount, delivery, VAT included (only when the shop is VAT registered), total, payment method, payment state, fulfilment state, transaction reference. ' +
      'Amounts in TTD with 2 decimals; UTF-8 with a byte order mark, CRLF line ends (RFC 4180); a cell starting with = + - @ gets a leading apostrophe so that a spreadsheet never runs it.',
  })
  @ApiQuery({ name: 'from', required: true, description: 'YYYY-MM-DD' })
  @ApiQuery({ name: 'to', required: true, description: 'YYYY-MM-DD' })
  @ApiOkResponse({ description: 'text/csv, as an attachment named orders-2026-11-01-to-2026-11-30.csv' })
  @ApiErrors({ 400: 'A missing or invalid date, the start after the end, or more than 366 days' })
  async ordersCsv(@Query('from') from: unknown, @Query('to') to: unknown, @Res({ passthrough: true }) res: Response): Promise<StreamableFile> {
    const range = validate(z.object({ from: dayParam('The start date'), to: dayParam('The end date') }), { from: firstValue(from), to: firstValue(to) });
    const refusal = exportRangeRefusal(range.from, range.to);
    if (refusal) throw new ValidationError(refusal);
    const rows: OrderExportRow[] = [];
    // Every page is read before a byte is sent, so a service that stops answering gives a clear 503, not half a file.
    for (let page = 1, pages = 1; page <= pages; page += 1) {
      const answer = await this.services.send(Pattern.OrdersExport, { ...range, page });
      rows.push(...answer.rows);
      pages = answer.pages;
    }
    const vat = isVatRegistered(await this.services.send(Pattern.SettingsGet, {}));
    const records = [orderExportHeader(vat), ...rows.map((row) => orderExportCells(row, vat).map(spreadsheetSafe))];
    const csv = stringify(records, { record_delimiter: 'windows', bom: true, quoted_match: /[\r\n]/ });
    res.setHeader('Cache-Control', 'private, no-store');
    return new StreamableFile(Buffer.from(csv, 'utf8'), { type: 'text/csv; charset=utf-8', disposition: `attachment; filename="${ordersExportFileName(range.from, range.to)}"` });
  }
}

function pdfFile(res: Response, printed: { filename: string; pdfBase64: string }): StreamableFile {
  res.setHeader('Cache-Control', 'private, no-store');
  return new StreamableFile(Buffer.from(printed.pdfBase64, 'base64'), { type: 'application/pdf', disposition: `attachment; filename="${printed.filename}"` });
}
