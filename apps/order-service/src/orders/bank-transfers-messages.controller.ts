import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { type Order, Pattern, type PatternRequest } from '@shop/contracts';
import { Handles } from '@shop/server-messaging';
import { BankTransfers } from './bank-transfers.service';

/** The owner's record of a bank transfer (issue 29), over NATS. */
@Controller()
export class BankTransfersMessagesController {
  constructor(private readonly transfers: BankTransfers) {}

  @Handles(Pattern.OrdersRecordTransfer)
  record(@Payload() payload: PatternRequest<typeof Pattern.OrdersRecordTransfer>): Promise<Order> {
    return this.transfers.record(payload);
  }
}
