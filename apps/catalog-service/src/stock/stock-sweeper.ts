import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { Pattern } from '@shop/contracts';
import { APP_CONFIG, type CatalogConfig, LOGGER, ServiceClient } from '@shop/server-core';
import type { Logger } from 'pino';
import { StockService } from './stock.service';

const BATCH = 100;

/**
 * Releases reservations whose order was never stored. A reservation is held STOCK_HOLD_SECONDS; one still
 * unclaimed after that (the order service died, or gave up on the reserve call, before writing the order) is
 * settled by asking the order service, which decides once and for all under the order's lock: a stored order
 * keeps its stock (held until committed or released), an order never stored is marked abandoned there, so
 * that a late write of it fails, and only then is its stock released here. Both steps are idempotent, so two
 * catalog replicas sweeping at once, or a crash between them, change stock once.
 */
@Injectable()
export class StockSweeper implements OnApplicationBootstrap, OnApplicationShutdown {
  private timer: NodeJS.Timeout | undefined;
  private running = false;

  constructor(
    private readonly stock: StockService,
    private readonly services: ServiceClient,
    @Inject(APP_CONFIG) private readonly config: CatalogConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.sweep(), this.config.STOCK_SWEEP_SECONDS * 1000);
  }

  onApplicationShutdown(): void {
    if (this.timer) clearInterval(this.timer);
  }

  async sweep(): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
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
    } catch (err) {
      this.logger.warn({ err }, 'stock sweep failed; will retry');
    } finally {
      this.running = false;
    }
  }
}
