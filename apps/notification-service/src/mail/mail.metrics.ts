import { Injectable, type OnModuleInit } from '@nestjs/common';
import { METRICS, Metrics } from '@shop/server-ops';
import { MailRepository } from './mail.repository';

/**
 * The mail table by status as a gauge, read when Prometheus scrapes: `failed` is what the owner has to look
 * at (the alert), `queued`/`sending` what is still on its way. The send counters live in MailProcessor.
 */
@Injectable()
export class MailMetrics implements OnModuleInit {
  constructor(
    private readonly metrics: Metrics,
    private readonly repository: MailRepository,
  ) {}

  onModuleInit(): void {
    this.metrics.collectedGauge(METRICS.mails, async (gauge) => {
      const counts = await this.repository.countByStatus();
      gauge.reset();
      // Every status shows, with 0 when none: an alert on failed mails needs the series to exist.
      for (const status of ['queued', 'sending', 'sent', 'failed']) gauge.set({ status }, 0);
      for (const { status, count } of counts) gauge.set({ status }, count);
    });
  }
}
