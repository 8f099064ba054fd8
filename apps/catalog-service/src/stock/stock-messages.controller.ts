import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { Pattern, type PatternRequest, type ReclaimStockResponse, type ReserveStockResponse, type StockChangeResponse, type StockLookupItem } from '@shop/contracts';
import { Handles } from '@shop/server-core';
import { StockService } from './stock.service';

/** Stock operations for the order service; over NATS only, never HTTP. */
@Controller()
export class StockMessagesController {
  constructor(private readonly stock: StockService) {}

  @Handles(Pattern.StockReserve)
  reserve(@Payload() payload: PatternRequest<typeof Pattern.StockReserve>): Promise<ReserveStockResponse> {
    return this.stock.reserve(payload);
  }

  @Handles(Pattern.StockLookup)
  lookup(@Payload() payload: PatternRequest<typeof Pattern.StockLookup>): Promise<StockLookupItem[]> {
    return this.stock.lookup(payload);
  }

  @Handles(Pattern.StockCommit)
  commit(@Payload() payload: PatternRequest<typeof Pattern.StockCommit>): Promise<StockChangeResponse> {
    return this.stock.commit(payload);
  }

  @Handles(Pattern.StockRelease)
  release(@Payload() payload: PatternRequest<typeof Pattern.StockRelease>): Promise<StockChangeResponse> {
    return this.stock.release(payload);
  }

  @Handles(Pattern.StockReclaim)
  reclaim(@Payload() payload: PatternRequest<typeof Pattern.StockReclaim>): Promise<ReclaimStockResponse> {
    return this.stock.reclaim(payload);
  }

  @Handles(Pattern.StockReturn)
  returnSale(@Payload() payload: PatternRequest<typeof Pattern.StockReturn>): Promise<StockChangeResponse> {
    return this.stock.returnSale(payload);
  }
}
