import { Controller, UsePipes } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import { CatalogEvent, type LowStockEvent, LowStockEventSchema } from '@shop/contracts';
import { ContractPipe, HandledAs } from '@shop/server-messaging';
import { MailService } from '../mail/mail.service';

/**
 * The catalog's low-stock events (its outbox relay publishes them as Nest events, like the order service's),
 * checked against their contract where they arrive; each crossing mails the owner once.
 */
@Controller()
export class LowStockMessagesController {
  constructor(private readonly mail: MailService) {}

  @EventPattern(CatalogEvent.LowStock)
  @HandledAs(CatalogEvent.LowStock, 'event')
  @UsePipes(new ContractPipe(LowStockEventSchema, CatalogEvent.LowStock))
  async lowStock(@Payload() payload: LowStockEvent): Promise<void> {
    await this.mail.onLowStock(payload);
  }
}
