import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { Pattern, type PatternRequest, type StockWaitAnswer, type StockWaitBatch } from '@shop/contracts';
import { Handles } from '@shop/server-messaging';
import { BackInStockSweeper } from './back-in-stock.sweeper';
import { StockWaitsService } from './stock-waits.service';

/** Back-in-stock sign-ups and unsubscribes (shoppers, through the gateway), and the owner's "tell them now". */
@Controller()
export class StockWaitsMessagesController {
  constructor(
    private readonly waits: StockWaitsService,
    private readonly sweeper: BackInStockSweeper,
  ) {}

  @Handles(Pattern.StockWaitsCreate)
  create(@Payload() payload: PatternRequest<typeof Pattern.StockWaitsCreate>): Promise<StockWaitAnswer> {
    return this.waits.create(payload);
  }

  @Handles(Pattern.StockWaitsUnsubscribe)
  unsubscribe(@Payload() payload: PatternRequest<typeof Pattern.StockWaitsUnsubscribe>): Promise<StockWaitAnswer> {
    return this.waits.unsubscribe(payload);
  }

  @Handles(Pattern.StockWaitsSend)
  send(): Promise<StockWaitBatch> {
    return this.sweeper.batchNow();
  }
}
