import { Controller } from '@nestjs/common';
import { type LowStockList, Pattern } from '@shop/contracts';
import { Handles } from '@shop/server-messaging';
import { TransactionContext } from '@shop/server-database';
import { toVariantSummary } from '../products/variant-summary';
import { LowStockRepository } from './low-stock.repository';

/** `catalog.products.low-stock`: the dashboard's list beside the out-of-stock one (one row per variant), with the threshold in force. */
@Controller()
export class LowStockMessagesController {
  constructor(
    private readonly lowStock: LowStockRepository,
    private readonly tx: TransactionContext,
  ) {}

  @Handles(Pattern.ProductsLowStock)
  list(): Promise<LowStockList> {
    // One transaction, so the threshold and the list agree.
    return this.tx.run(async () => {
      const threshold = await this.lowStock.threshold();
      return { threshold, products: (await this.lowStock.variants(threshold)).map(toVariantSummary) };
    });
  }
}
