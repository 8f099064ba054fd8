import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { Pattern, type PatternRequest, receiptFileName, type RenderReceiptResponse } from '@shop/contracts';
import { Handles } from '@shop/server-messaging';
import { renderedPdf } from '../documents/pdf-pages';
import { renderReceiptPdf } from './receipt-pdf';

/** Prints a receipt the gateway built from an order it has already checked the caller may see. */
@Controller()
export class ReceiptsMessagesController {
  @Handles(Pattern.NotificationReceiptRender)
  render(@Payload() payload: PatternRequest<typeof Pattern.NotificationReceiptRender>): Promise<RenderReceiptResponse> {
    return renderedPdf(receiptFileName(payload.receipt.orderNumber), renderReceiptPdf(payload.receipt));
  }
}
