import { Inject, Injectable } from '@nestjs/common';
import { type Order, Pattern, receiptFileName, receiptFromOrder } from '@shop/contracts';
import { ServiceClient } from '@shop/server-messaging';
import { renderReceiptPdf } from './receipt-pdf';

/**
 * The receipt a payment-received mail carries: the order as the event gave it, with the shop's contact and VAT
 * registration read from the catalog's settings when the mail is rendered (a catalog that does not answer fails
 * the render attempt, which BullMQ retries).
 */
@Injectable()
export class ReceiptAttachments {
  constructor(@Inject(ServiceClient) private readonly services: ServiceClient) {}

  async forOrder(order: Order): Promise<{ name: string; content: Buffer }> {
    const settings = await this.services.send(Pattern.SettingsGet, {});
    const receipt = receiptFromOrder(order, settings);
    return { name: receiptFileName(receipt.orderNumber), content: await renderReceiptPdf(receipt) };
  }
}
