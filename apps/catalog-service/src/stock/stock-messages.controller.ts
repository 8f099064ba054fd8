import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { Pattern, type ReserveStockResponse, type StockChangeResponse, type StockLookupItem } from '@shop/contracts';
import { StockService } from './stock.service';

/** Stock operations for the order service; over NATS only, never HTTP. */
@Controller()
export class StockMessagesController {
  constructor(private readonly stock: StockService) {}

  @MessagePattern(Pattern.StockReserve)
  reserve(@Payload() payload: unknown): Promise<ReserveStockResponse> {
    return this.stock.reserve(payload);
  }

  @MessagePattern(Pattern.StockLookup)
  lookup(@Payload() payload: unknown): Promise<StockLookupItem[]> {
    return this.stock.lookup(payload);
  }

  @MessagePattern(Pattern.StockCommit)
  commit(@Payload() payload: unknown): Promise<StockChangeResponse> {
    return this.stock.commit(payload);
  }

  @MessagePattern(Pattern.StockRelease)
  release(@Payload() payload: unknown): Promise<StockChangeResponse> {
    return this.stock.release(payload);
  }
}
