import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { APP_CONFIG, type AppConfig, LOGGER } from '@shop/server-core';
import type { Logger } from 'pino';
import type { DataSource } from 'typeorm';
import { OrderPaymentService } from '../orders/order-payment.service';
import { OrderJobs } from './order-jobs';

const BATCH = 100;

/**
 * Reconciles what a lost queue write would leave behind: a card order past its reservation time that is
 * still pending (its expiry job never made it to Redis), and stock that should have been committed or
 * released but is still reserved; and drops published outbox rows after a week. Every job it queues is keyed by order id, so a duplicate is dropped.
 */
@Injectable()
export class OrderSweeper implements OnApplicationBootstrap, OnApplicationShutdown {
  private timer: NodeJS.Timeout | undefined;
  private running = false;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly payments: OrderPaymentService,
    private readonly jobs: OrderJobs,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.sweep(), this.config.ORDER_SWEEP_SECONDS * 1000);
  }

  onApplicationShutdown(): void {
    if (this.timer) clearInterval(this.timer);
  }

  async sweep(): Promise<void> {
    if (this.running) return;
    this.running = true;
    // The normal path (a job queued right after the commit) gets one sweep period before the sweeper steps in.
    const grace = this.config.ORDER_SWEEP_SECONDS;
    try {
      const overdue: Array<{ id: string }> = await this.dataSource.query(
        `SELECT id FROM orders.orders WHERE payment_state = 'pending' AND created_at < now() - make_interval(secs => $1) LIMIT ${BATCH}`,
        [this.config.RESERVATION_TTL_SECONDS + grace],
      );
      for (const { id } of overdue) await this.payments.expire(id);

      const stuck: Array<{ id: string; action: 'commit' | 'release' }> = await this.dataSource.query(
        `SELECT id, CASE WHEN is_paid THEN 'commit' ELSE 'release' END AS action FROM orders.orders
          WHERE stock_state = 'reserved' AND updated_at < now() - make_interval(secs => $1)
            AND ((NOT is_in_person AND (is_paid OR payment_state IN ('failed', 'expired'))) OR (is_in_person AND is_delivered))
          LIMIT ${BATCH}`,
        [grace],
      );
      for (const { id, action } of stuck) await (action === 'commit' ? this.jobs.commitStock(id) : this.jobs.releaseStock(id));
      // Published events are kept a week for inspection, then dropped.
      await this.dataSource.query(`DELETE FROM orders.outbox WHERE published_at < now() - interval '7 days'`);
      if (overdue.length + stuck.length > 0) this.logger.info({ expired: overdue.length, requeued: stuck.length }, 'order sweep');
    } catch (err) {
      this.logger.warn({ err }, 'order sweep failed; will retry');
    } finally {
      this.running = false;
    }
  }
}
