import { Get, Headers, Param, Res, StreamableFile, UseGuards } from '@nestjs/common';
import { ApiHeader, ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { ConflictError, DomainError, ErrorCode, Pattern, receiptFromOrder, receiptRefusal } from '@shop/contracts';
import { ServiceClient } from '@shop/server-messaging';
import type { Response } from 'express';
import { OptionalAdminGuard } from '../auth/optional-admin.guard';
import { type AdminPrincipal, CurrentAdmin } from '../auth/current-admin.decorator';
import { ServiceController } from '../http/service-controller.decorator';
import { VISITOR_HEADER, visitorFrom, visitorHeaderDoc } from '../http/visitor-header';
import { ApiErrors } from '../http/api-errors.decorator';

/**
 * Receipts (issue 17): the PDF of a confirmed order, for the visitor who placed it (X-Visitor-Id, the same rule
 * as the order's contact details) or an admin. The gateway reads the order and the settings, builds the receipt
 * with the shared mapper and has the notification service print it.
 */
@ServiceController('orders', 'orders', 'several')
export class ReceiptsController {
  constructor(private readonly services: ServiceClient) {}

  @Get(':id/receipt')
  @UseGuards(OptionalAdminGuard)
  @ApiOperation({ summary: "A confirmed order's receipt as a PDF: only for the visitor who placed it (X-Visitor-Id) or an admin" })
  @ApiHeader(visitorHeaderDoc)
  @ApiOkResponse({ description: 'The receipt (application/pdf, as an attachment named receipt-IG-10427.pdf)' })
  @ApiErrors({ 403: "Another visitor's order", 404: 'Unknown or malformed order id', 409: 'The order is not confirmed (unpaid, failed, expired) or was cancelled' })
  async receipt(
    @Param('id') id: string,
    @CurrentAdmin() admin: AdminPrincipal | null,
    @Res({ passthrough: true }) res: Response,
    @Headers(VISITOR_HEADER) visitor?: string,
  ): Promise<StreamableFile> {
    const visitorId = visitorFrom(visitor);
    const order = await this.services.send(Pattern.OrdersGet, { id, visitorId, isAdmin: admin !== null });
    if (admin === null && (visitorId === undefined || order.customer?.id !== visitorId)) {
      throw new DomainError(ErrorCode.Forbidden, 'You can only download the receipts of your own orders');
    }
    const refusal = receiptRefusal(order);
    if (refusal) throw new ConflictError(refusal);
    const settings = await this.services.send(Pattern.SettingsGet, {});
    const printed = await this.services.send(Pattern.NotificationReceiptRender, { receipt: receiptFromOrder(order, settings) });
    res.setHeader('Cache-Control', 'private, no-store');
    return new StreamableFile(Buffer.from(printed.pdfBase64, 'base64'), { type: 'application/pdf', disposition: `attachment; filename="${printed.filename}"` });
  }
}
