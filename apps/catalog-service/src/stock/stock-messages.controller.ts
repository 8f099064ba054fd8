import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import {
  Pattern,
  type PatternRequest,
  type ReclaimStockResponse,
  type ReserveStockResponse,
  type RestockResponse,
  type StockChangeResponse,
  type StockLookupItem,
  type StockMovement,
} from '@shop/contracts';
import { Handles } from '@shop/server-messaging';
import { StockService } from './stock.service';

/** Stock operations for the order service, and the owner's restock and inventory history (through the gateway); over NATS only. */
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

  @Handles(Pattern.StockRestock)
  restock(@Payload() payload: PatternRequest<typeof Pattern.StockRestock>): Promise<RestockResponse> {
    return this.stock.restock(payload);
  }

  @Handles(Pattern.StockMovements)
  movements(@Payload() payload: PatternRequest<typeof Pattern.StockMovements>): Promise<StockMovement[]> {
    return this.stock.movements(payload);
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
