import { Controller, UsePipes } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import { type BackInStockEvent, BackInStockEventSchema, CatalogEvent } from '@shop/contracts';
import { ContractPipe, HandledAs } from '@shop/server-messaging';
import { MailService } from '../mail/mail.service';

/** The catalog's back-in-stock events (issue 28), checked where they arrive: one mail per waiting shopper told. */
@Controller()
export class BackInStockMessagesController {
  constructor(private readonly mail: MailService) {}

  @EventPattern(CatalogEvent.BackInStock)
  @HandledAs(CatalogEvent.BackInStock, 'event')
  @UsePipes(new ContractPipe(BackInStockEventSchema, CatalogEvent.BackInStock))
  async backInStock(@Payload() payload: BackInStockEvent): Promise<void> {
    await this.mail.onBackInStock(payload);
  }
}
