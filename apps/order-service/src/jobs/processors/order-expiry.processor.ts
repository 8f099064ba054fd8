import { Injectable } from '@nestjs/common';
import { JobHandler, JobName, type TypedJob } from '@shop/server-queue';
import { OrderPaymentService } from '../../orders/order-payment.service';

/** Runs the order-expiry job: a card order still unpaid at its time becomes `expired` and its stock is released. */
@Injectable()
export class OrderExpiryProcessor {
  constructor(private readonly payments: OrderPaymentService) {}

  @JobHandler(JobName.OrderExpire)
  async expire(job: TypedJob<typeof JobName.OrderExpire>): Promise<void> {
    await this.payments.expire(job.data.orderId);
  }
}
