import { Injectable } from '@nestjs/common';
import { JobHandler, JobName, type TypedJob } from '@shop/server-queue';
import { BankTransfers } from '../../orders/bank-transfers.service';
import { OrderPaymentService } from '../../orders/order-payment.service';

/** Runs the order-expiry job: a card order still unpaid at its time becomes `expired` and its stock is released. */
@Injectable()
export class OrderExpiryProcessor {
  constructor(
    private readonly payments: OrderPaymentService,
    private readonly transfers: BankTransfers,
  ) {}

  @JobHandler(JobName.OrderExpire)
  async expire(job: TypedJob<typeof JobName.OrderExpire>): Promise<void> {
    await this.payments.expire(job.data.orderId);
  }

  /** Issue 29: a bank-transfer order still waiting for its transfer reminds its shopper (once). */
  @JobHandler(JobName.TransferReminder)
  async remind(job: TypedJob<typeof JobName.TransferReminder>): Promise<void> {
    await this.transfers.remind(job.data.orderId);
  }
}
