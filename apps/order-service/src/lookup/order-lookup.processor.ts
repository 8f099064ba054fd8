import { Injectable } from '@nestjs/common';
import { JobHandler, JobName, type TypedJob } from '@shop/server-queue';
import { OrderLookupService } from './order-lookup.service';

/** Runs the order-lookup job: the codes of a contact's mailboxes, mailed. */
@Injectable()
export class OrderLookupProcessor {
  constructor(private readonly lookup: OrderLookupService) {}

  @JobHandler(JobName.OrderLookupCode)
  async send(job: TypedJob<typeof JobName.OrderLookupCode>): Promise<void> {
    await this.lookup.sendCodes(job.data.contact);
  }
}
