import { Inject, Injectable } from '@nestjs/common';
import { Pattern } from '@shop/contracts';
import { ServiceClient } from '@shop/server-messaging';
import { LOGGER } from '@shop/server-ops';
import { JobHandler, JobName, type TypedJob } from '@shop/server-queue';
import type { Logger } from 'pino';
import { OrdersRepository } from '../../orders/orders.repository';

/**
 * Runs the stock jobs: asks the catalog over NATS to commit, release or return an order's stock. The catalog's
 * commit and release are keyed by order id, so a job that runs twice changes stock once.
 */
@Injectable()
export class StockProcessor {
  constructor(
    private readonly services: ServiceClient,
    private readonly orders: OrdersRepository,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  @JobHandler(JobName.StockCommit)
  async commit(job: TypedJob<typeof JobName.StockCommit>): Promise<void> {
    await this.move(job, Pattern.StockCommit);
  }

  @JobHandler(JobName.StockRelease)
  async release(job: TypedJob<typeof JobName.StockRelease>): Promise<void> {
    await this.move(job, Pattern.StockRelease);
    await this.orders.releaseAnswered(job.data.orderId);
  }

  /** A cancelled order's sale goes back on the shelf. */
  @JobHandler(JobName.StockReturn)
  async returnSale(job: TypedJob<typeof JobName.StockReturn>): Promise<void> {
    await this.move(job, Pattern.StockReturn);
  }

  private async move(
    job: TypedJob<typeof JobName.StockCommit | typeof JobName.StockRelease | typeof JobName.StockReturn>,
    pattern: typeof Pattern.StockCommit | typeof Pattern.StockRelease | typeof Pattern.StockReturn,
  ): Promise<void> {
    const { orderId } = job.data;
    const result = await this.services.send(pattern, { orderId }, { timeoutMs: 10_000 });
    if (result.status === 'committed' || result.status === 'released' || result.status === 'returned') await this.orders.setStockState(orderId, result.status);
    this.logger.info({ orderId, job: job.name, changed: result.changed, status: result.status }, 'stock job done');
  }
}
