import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type OrderConfig } from '@shop/server-config';
import { LOGGER, Metrics, PeriodicTask } from '@shop/server-ops';
import type { Logger } from 'pino';
import { OrderPaymentService } from '../orders/order-payment.service';
import { OrdersRepository } from '../orders/orders.repository';
import { OrderJobs } from '../orders/order-jobs';

const BATCH = 100;

/**
 * Reconciles what a lost queue write would leave behind: a card order past its reservation time that is
 * still pending, or an unconfirmed in-person order past its hold (its expiry job never made it to Redis), and stock that should have been committed or
 * released but is still reserved. Runs every ORDER_SWEEP_SECONDS. Every job it queues is keyed by order id, so a duplicate is dropped.
 */
@Injectable()
export class OrderSweeper extends PeriodicTask {
  constructor(
    private readonly orders: OrdersRepository,
    private readonly payments: OrderPaymentService,
    private readonly jobs: OrderJobs,
    @Inject(APP_CONFIG) private readonly config: OrderConfig,
    @Inject(LOGGER) logger: Logger,
    metrics: Metrics,
  ) {
    super({ task: 'order-sweep', everyMs: config.ORDER_SWEEP_SECONDS * 1000 }, metrics, logger);
  }

  protected async run(): Promise<void> {
    // The normal path (a job queued right after the commit) gets one sweep period before the sweeper steps in.
    const grace = this.config.ORDER_SWEEP_SECONDS;
    // Which states are overdue or hold stock they should not is the lifecycle's to say (the repository asks it).
    const overdue = await this.orders.overdueUnpaid(this.config.RESERVATION_TTL_SECONDS + grace, BATCH);
    for (const id of overdue) await this.payments.expire(id);
    // In-person orders nobody confirmed within IN_PERSON_HOLD_SECONDS, whose expiry job never reached Redis.
    const holds = await this.orders.overdueHolds(grace, BATCH);
    for (const id of holds) await this.payments.expire(id);

    const stuck = await this.orders.stockBehind(grace, BATCH);
    for (const { id, action } of stuck) await this.jobs.requeueStock(id, action);
    await this.orders.dropOldAbandoned();
    if (overdue.length + holds.length + stuck.length > 0) this.logger.info({ expired: overdue.length + holds.length, requeued: stuck.length }, 'order sweep');
  }
}
