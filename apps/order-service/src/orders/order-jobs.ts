import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type OrderConfig } from '@shop/server-config';
import { type JobQueue, JobQueues, JobName, orderJobId, QueueName } from '@shop/server-queue';

/** Producer side of the stock and order-expiry queues; every job id is keyed by order, so a repeat is dropped. */
@Injectable()
export class OrderJobs {
  private readonly stock: JobQueue<typeof QueueName.Stock>;
  private readonly expiry: JobQueue<typeof QueueName.OrderExpiry>;

  constructor(
    queues: JobQueues,
    @Inject(APP_CONFIG) private readonly config: OrderConfig,
  ) {
    this.stock = queues.queue(QueueName.Stock);
    this.expiry = queues.queue(QueueName.OrderExpiry);
  }

  async commitStock(orderId: string): Promise<void> {
    await this.stock.add(JobName.StockCommit, { orderId }, { jobId: orderJobId(orderId, JobName.StockCommit) });
  }

  async releaseStock(orderId: string): Promise<void> {
    await this.stock.add(JobName.StockRelease, { orderId }, { jobId: orderJobId(orderId, JobName.StockRelease) });
  }

  /**
   * The sweeper's re-queue of a commit or release that should have happened (the job was lost with Redis's
   * data, or gave up while the catalog was away): a finished job under the same id does not stop it. The
   * catalog's commit and release are keyed by order id, so the stock still moves once.
   */
  async requeueStock(orderId: string, action: 'commit' | 'release'): Promise<void> {
    const job = action === 'commit' ? JobName.StockCommit : JobName.StockRelease;
    await this.stock.requeue(job, { orderId }, { jobId: orderJobId(orderId, job) });
  }

  /** A cancelled order's sale goes back on the shelf. */
  async returnStock(orderId: string): Promise<void> {
    await this.stock.add(JobName.StockReturn, { orderId }, { jobId: orderJobId(orderId, JobName.StockReturn) });
  }

  /**
   * The order gives its stock back at the end of its hold unless it moved on by then: an unpaid card order after
   * RESERVATION_TTL_SECONDS, an in-person order the owner did not confirm after IN_PERSON_HOLD_SECONDS.
   */
  async scheduleExpiry(orderId: string, inPerson = false, holdSeconds?: number): Promise<void> {
    const seconds = holdSeconds ?? (inPerson ? this.config.IN_PERSON_HOLD_SECONDS : this.config.RESERVATION_TTL_SECONDS);
    await this.expiry.add(JobName.OrderExpire, { orderId }, { jobId: orderJobId(orderId, JobName.OrderExpire), delay: seconds * 1000 });
  }

  /**
   * Issue 29: a bank-transfer order's reminder, BANK_TRANSFER_REMINDER_SECONDS before its hold ends (at half the hold
   * when that is shorter), and its expiry at the end of the hold.
   */
  async scheduleTransferHold(orderId: string, holdSeconds: number): Promise<void> {
    const remindAfter = Math.max(holdSeconds - this.config.BANK_TRANSFER_REMINDER_SECONDS, Math.floor(holdSeconds / 2));
    await this.expiry.add(JobName.TransferReminder, { orderId }, { jobId: orderJobId(orderId, JobName.TransferReminder), delay: remindAfter * 1000 });
    await this.scheduleExpiry(orderId, false, holdSeconds);
  }
}
