import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { Pattern, type PatternRequest, receiptFileName, type RenderReceiptResponse } from '@shop/contracts';
import { Handles } from '@shop/server-messaging';
import { renderReceiptPdf } from './receipt-pdf';

/** Prints a receipt the gateway built from an order it has already checked the caller may see. */
@Controller()
export class ReceiptsMessagesController {
  @Handles(Pattern.NotificationReceiptRender)
  async render(@Payload() payload: PatternRequest<typeof Pattern.NotificationReceiptRender>): Promise<RenderReceiptResponse> {
    const pdf = await renderReceiptPdf(payload.receipt);
    return { filename: receiptFileName(payload.receipt.orderNumber), pdfBase64: pdf.toString('base64') };
  }
}
