import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { packingSlipFileName, Pattern, type PatternRequest, type RenderedPdf, runSheetFileName } from '@shop/contracts';
import { Handles } from '@shop/server-messaging';
import { renderPackingSlipPdf } from './packing-slip-pdf';
import { renderedPdf } from './pdf-pages';
import { renderRunSheetPdf } from './run-sheet-pdf';

/** Prints the owner's packing slips and run sheets (issue 26), built by the gateway from orders it read as an admin. */
@Controller()
export class DocumentsMessagesController {
  @Handles(Pattern.NotificationPackingSlipRender)
  packingSlip(@Payload() payload: PatternRequest<typeof Pattern.NotificationPackingSlipRender>): Promise<RenderedPdf> {
    return renderedPdf(packingSlipFileName(payload.slip.orderNumber), renderPackingSlipPdf(payload.slip));
  }

  @Handles(Pattern.NotificationRunSheetRender)
  runSheet(@Payload() payload: PatternRequest<typeof Pattern.NotificationRunSheetRender>): Promise<RenderedPdf> {
    return renderedPdf(runSheetFileName(payload.sheet.date), renderRunSheetPdf(payload.sheet));
  }
}
