import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type CatalogConfig } from '@shop/server-config';
import { LOGGER, Metrics, PeriodicTask } from '@shop/server-ops';
import type { Logger } from 'pino';
import { StockWaitsService } from './stock-waits.service';

/**
 * Tells shoppers waiting for a variant that it is in stock again (issue 28): every BACK_IN_STOCK_SWEEP_SECONDS one
 * batch of at most BACK_IN_STOCK_BATCH, expired sign-ups dropped first. It reads the stock, never the stock
 * statements: a restock by the owner, a CSV import, a cancelled order giving stock back all count alike, and a
 * restock sold out again before the run tells nobody. The owner's "tell them now" runs the same batch at once.
 */
@Injectable()
export class BackInStockSweeper extends PeriodicTask {
  private lastBatch = { told: 0, expired: 0 };

  constructor(
    private readonly waits: StockWaitsService,
    @Inject(APP_CONFIG) config: CatalogConfig,
    @Inject(LOGGER) logger: Logger,
    metrics: Metrics,
  ) {
    super({ task: 'back-in-stock', everyMs: config.BACK_IN_STOCK_SWEEP_SECONDS * 1000 }, metrics, logger);
  }

  /** Runs a batch now (or joins the one running) and answers what the batch that ran did. */
  async batchNow(): Promise<{ told: number; expired: number }> {
    await this.runNow();
    return this.lastBatch;
  }

  protected async run(): Promise<void> {
    this.lastBatch = { told: 0, expired: 0 };
    this.lastBatch = await this.waits.sendBatch();
    if (this.lastBatch.told > 0 || this.lastBatch.expired > 0) this.logger.info(this.lastBatch, 'back-in-stock: waiting shoppers told, expired sign-ups dropped');
  }
}
