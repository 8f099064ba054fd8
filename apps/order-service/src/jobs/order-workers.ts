import { Inject, Injectable, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { Pattern } from '@shop/contracts';
import { APP_CONFIG, type AppConfig, LOGGER, ServiceClient } from '@shop/server-core';
import { createRedisConnection, type OrderJobData, QueueName, StockJobName } from '@shop/server-queue';
import { type Job, Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { OrderPaymentService } from '../orders/order-payment.service';
import { OrdersRepository } from '../orders/orders.repository';

/**
 * The stock and order-expiry workers. Stock jobs ask the catalog over NATS; its commit and release are
 * keyed by order id, so a job that runs twice changes stock once.
 */
@Injectable()
export class OrderWorkers implements OnApplicationBootstrap, OnModuleDestroy {
  private workers: Worker[] = [];
  /** BullMQ does not close connections it was given, so they are closed here. */
  private readonly connections: Redis[] = [];

  constructor(
    private readonly services: ServiceClient,
    private readonly orders: OrdersRepository,
    private readonly payments: OrderPaymentService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onApplicationBootstrap(): void {
    const options = (concurrency: number) => {
      const connection = createRedisConnection(this.config.REDIS_URL);
      this.connections.push(connection);
      return { connection, prefix: this.config.QUEUE_PREFIX, concurrency };
    };
    this.workers = [
      new Worker<OrderJobData>(QueueName.Stock, (job) => this.stock(job), options(5)),
      new Worker<OrderJobData>(QueueName.OrderExpiry, (job) => this.payments.expire(job.data.orderId), options(5)),
    ];
    for (const w of this.workers) {
      w.on('failed', (job, err) => this.logger.warn({ err, queue: w.name, jobId: job?.id, attempts: job?.attemptsMade }, 'job failed'));
      w.on('error', (err) => this.logger.warn({ err, queue: w.name }, 'worker error'));
    }
  }

  private async stock(job: Job<OrderJobData>): Promise<void> {
    const { orderId } = job.data;
    const pattern = job.name === StockJobName.Commit ? Pattern.StockCommit : Pattern.StockRelease;
    const result = await this.services.send(pattern, { orderId }, { timeoutMs: 10_000 });
    if (result.status === 'committed' || result.status === 'released') await this.orders.setStockState(orderId, result.status);
    this.logger.info({ orderId, job: job.name, changed: result.changed, status: result.status }, 'stock job done');
  }

  async onModuleDestroy(): Promise<void> {
    await Promise.allSettled(this.workers.map((w) => w.close()));
    await Promise.allSettled(this.connections.map((c) => c.quit()));
  }
}
