import { Inject, Injectable } from '@nestjs/common';
import { Pattern } from '@shop/contracts';
import { APP_CONFIG, type CatalogConfig } from '@shop/server-config';
import { ServiceClient } from '@shop/server-messaging';
import { LOGGER, Metrics, PeriodicTask } from '@shop/server-ops';
import type { Logger } from 'pino';
import { StockService } from './stock.service';

const BATCH = 100;

/**
 * Releases reservations whose order was never stored. A reservation is held STOCK_HOLD_SECONDS; one still
 * unclaimed after that (the order service died, or gave up on the reserve call, before writing the order) is
 * settled by asking the order service, which decides once and for all under the order's lock: a stored order
 * keeps its stock (held until committed or released), an order never stored is marked abandoned there, so
 * that a late write of it fails, and only then is its stock released here. Both steps are idempotent, so two
 * catalog replicas sweeping at once, or a crash between them, change stock once. Runs every STOCK_SWEEP_SECONDS.
 */
@Injectable()
export class StockSweeper extends PeriodicTask {
  constructor(
    private readonly stock: StockService,
    private readonly services: ServiceClient,
    @Inject(APP_CONFIG) config: CatalogConfig,
    @Inject(LOGGER) logger: Logger,
    metrics: Metrics,
  ) {
    super({ task: 'stock-sweep', everyMs: config.STOCK_SWEEP_SECONDS * 1000 }, metrics, logger);
  }

  protected async run(): Promise<void> {
    for (;;) {
      const orderIds = await this.stock.pastHold(BATCH);
      if (orderIds.length === 0) return;
      // The order service is the one that knows whether an order exists: while it cannot answer, nothing is released.
      const { kept, abandoned } = await this.services.send(Pattern.OrdersSettleReservations, { orderIds }, { timeoutMs: 10_000 });
      await this.stock.keep(kept);
      let released = 0;
      for (const orderId of abandoned) if ((await this.stock.release({ orderId })).changed) released++;
      this.logger.info({ kept: kept.length, abandoned: abandoned.length, released }, 'stock sweep: reservations past their hold settled');
      if (orderIds.length < BATCH) return;
    }
  }
}
