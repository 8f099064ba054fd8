import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { packingSlipFileName, Pattern, type PatternRequest, type RenderedPdf, runSheetFileName } from '@shop/contracts';
import { Handles } from '@shop/server-messaging';
import { renderPackingSlipPdf } from './packing-slip-pdf';
import { renderRunSheetPdf } from './run-sheet-pdf';

/** Prints the owner's packing slips and run sheets (issue 26), built by the gateway from orders it read as an admin. */
@Controller()
export class DocumentsMessagesController {
  @Handles(Pattern.NotificationPackingSlipRender)
  async packingSlip(@Payload() payload: PatternRequest<typeof Pattern.NotificationPackingSlipRender>): Promise<RenderedPdf> {
    const pdf = await renderPackingSlipPdf(payload.slip);
    return { filename: packingSlipFileName(payload.slip.orderNumber), pdfBase64: pdf.toString('base64') };
  }

  @Handles(Pattern.NotificationRunSheetRender)
  async runSheet(@Payload() payload: PatternRequest<typeof Pattern.NotificationRunSheetRender>): Promise<RenderedPdf> {
    const pdf = await renderRunSheetPdf(payload.sheet);
    return { filename: runSheetFileName(payload.sheet.date), pdfBase64: pdf.toString('base64') };
  }
}
