import { Injectable } from '@nestjs/common';
import { queryRows, TransactionContext } from '@shop/server-database';

/** When alert mails were last sent, by topic (identity.alert_throttle), so that a flood of events makes few mails. */
@Injectable()
export class AlertThrottleRepository {
  constructor(private readonly tx: TransactionContext) {}

  /**
   * True, and the topic marked as sent now, when nothing was sent on it in the last `intervalSeconds`; else false.
   * One statement, so two replicas never both send.
   */
  async claim(topic: string, intervalSeconds: number): Promise<boolean> {
    const rows = await queryRows<{ topic: string }>(
      this.tx.db(),
      `INSERT INTO identity.alert_throttle AS t (topic, last_sent_at) VALUES ($1, now())
       ON CONFLICT (topic) DO UPDATE SET last_sent_at = now()
         WHERE t.last_sent_at <= now() - make_interval(secs => $2)
       RETURNING topic`,
      [topic, intervalSeconds],
    );
    return rows.length > 0;
  }
}
