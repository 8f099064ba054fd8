import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@shop/server-core';
import { createRedisConnection, DEFAULT_JOB_OPTIONS, type OrderJobData, orderJobId, QueueName, StockJobName } from '@shop/server-queue';
import { Queue } from 'bullmq';
import type { Redis } from 'ioredis';

export const EXPIRE_JOB = 'expire';

/** Producer side of the stock and order-expiry queues; every job id is keyed by order, so a repeat is dropped. */
@Injectable()
export class OrderJobs implements OnApplicationShutdown {
  private readonly stock: Queue<OrderJobData>;
  private readonly expiry: Queue<OrderJobData>;
  /** BullMQ does not close connections it was given, so they are closed here. */
  private readonly connections: Redis[] = [];

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    const options = () => {
      const connection = createRedisConnection(config.REDIS_URL);
      this.connections.push(connection);
      return { connection, prefix: config.QUEUE_PREFIX, defaultJobOptions: DEFAULT_JOB_OPTIONS };
    };
    this.stock = new Queue(QueueName.Stock, options());
    this.expiry = new Queue(QueueName.OrderExpiry, options());
  }

  async commitStock(orderId: string): Promise<void> {
    await this.stock.add(StockJobName.Commit, { orderId }, { jobId: orderJobId(orderId, StockJobName.Commit) });
  }

  async releaseStock(orderId: string): Promise<void> {
    await this.stock.add(StockJobName.Release, { orderId }, { jobId: orderJobId(orderId, StockJobName.Release) });
  }

  /** The unpaid card order gives its stock back after RESERVATION_TTL_SECONDS unless paid by then. */
  async scheduleExpiry(orderId: string): Promise<void> {
    await this.expiry.add(EXPIRE_JOB, { orderId }, { jobId: orderJobId(orderId, EXPIRE_JOB), delay: this.config.RESERVATION_TTL_SECONDS * 1000 });
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.allSettled([this.stock.close(), this.expiry.close()]);
    await Promise.allSettled(this.connections.map((c) => c.quit()));
  }
}
