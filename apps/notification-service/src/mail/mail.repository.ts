import { Injectable } from '@nestjs/common';
import { MailFailureCause, MailStatus } from '@shop/contracts';
import { TransactionContext } from '@shop/server-database';
import type { Repository } from 'typeorm';
import { MailEntity } from './mail.entity';
import type { PlannedMail } from './mail-plan';

/** All reads and writes of the mail log. */
@Injectable()
export class MailRepository {
  constructor(private readonly tx: TransactionContext) {}

  private get mails(): Repository<MailEntity> {
    return this.tx.db().getRepository(MailEntity);
  }

  /** Logs a planned mail once: a second call with the same key answers the existing row with `created: false`. */
  async insertOnce(planned: PlannedMail): Promise<{ mail: MailEntity; created: boolean }> {
    const result = await this.mails
      .createQueryBuilder()
      .insert()
      .into(MailEntity)
      .values({
        dedupeKey: planned.dedupeKey,
        kind: planned.kind,
        recipient: planned.recipient,
        replyTo: planned.replyTo,
        orderId: planned.orderId,
        // A jsonb value, not a nested entity: TypeORM's deep-partial type does not know the difference.
        data: planned.data as never,
        status: MailStatus.Queued,
      })
      .orIgnore()
      .returning('id')
      .execute();
    const insertedId = (result.raw as Array<{ id: string }>)[0]?.id;
    const mail = await this.mails.findOneByOrFail(insertedId ? { id: insertedId } : { dedupeKey: planned.dedupeKey });
    return { mail, created: Boolean(insertedId) };
  }

  find(id: string): Promise<MailEntity | null> {
    return this.mails.findOneBy({ id });
  }

  /** Mails still waiting, oldest first (re-queued at start-up in case a job was never added). */
  queued(limit = 1000): Promise<MailEntity[]> {
    return this.mails.find({ where: { status: MailStatus.Queued }, order: { createdAt: 'ASC' }, take: limit });
  }

  async saveRendered(id: string, content: { subject: string; text: string; html: string; attachment?: { name: string; content: Buffer } }): Promise<void> {
    await this.mails.update(
      { id },
      {
        subject: content.subject,
        textBody: content.text,
        htmlBody: content.html,
        ...(content.attachment ? { attachmentName: content.attachment.name, attachmentContent: content.attachment.content } : {}),
      },
    );
  }

  /** The mail's attachment, made when it was rendered; null when it has none. */
  async attachment(id: string): Promise<{ name: string; content: Buffer } | null> {
    const row = await this.mails.findOne({ where: { id }, select: { id: true, attachmentName: true, attachmentContent: true } });
    return row?.attachmentName && row.attachmentContent ? { name: row.attachmentName, content: row.attachmentContent } : null;
  }

  /**
   * Claims a waiting, rendered mail for one send: `sending`, with the time, and the attempt counted, before
   * anything reaches SMTP. False when the mail is not waiting (sent, failed, or another send holds it).
   */
  async claimForSending(id: string): Promise<boolean> {
    const result = await this.mails
      .createQueryBuilder()
      .update(MailEntity)
      .set({ status: MailStatus.Sending, sendingAt: () => 'now()', attempts: () => 'attempts + 1' })
      .where('id = :id AND status = :queued', { id, queued: MailStatus.Queued })
      .returning('id')
      .execute();
    return (result.raw as unknown[]).length > 0;
  }

  async markSent(id: string, providerMessageId: string): Promise<void> {
    await this.mails
      .createQueryBuilder()
      .update(MailEntity)
      .set({ status: MailStatus.Sent, sentAt: () => 'now()', providerMessageId, lastError: null, failureCause: null })
      .where('id = :id AND status = :sending', { id, sending: MailStatus.Sending })
      .execute();
  }

  /** An attempt SMTP refused: back to `queued` for the next attempt, or `final` gives it up (failed, visible to the owner) until retried. */
  async markAttemptFailed(id: string, error: string, cause: MailFailureCause, final: boolean): Promise<void> {
    await this.mails
      .createQueryBuilder()
      .update(MailEntity)
      .set({ lastError: error, failureCause: cause, status: final ? MailStatus.Failed : MailStatus.Queued })
      .where('id = :id AND status IN (:...open)', { id, open: [MailStatus.Sending, MailStatus.Queued] })
      .execute();
  }

  /** A mail that could not be rendered: failed with the reason (nothing was sent). */
  async markRenderFailed(id: string, error: string): Promise<void> {
    await this.mails
      .createQueryBuilder()
      .update(MailEntity)
      .set({ lastError: error, failureCause: MailFailureCause.Render, status: MailStatus.Failed, attempts: () => 'attempts + 1' })
      .where('id = :id AND status = :queued', { id, queued: MailStatus.Queued })
      .execute();
  }

  /**
   * Sends that began more than `olderThanSeconds` ago and never recorded their answer (the process died, or
   * the write after SMTP was lost): failed with `reason`, never sent again on their own. Answers their ids.
   */
  async failUncertainSends(olderThanSeconds: number, reason: string): Promise<string[]> {
    const result = await this.mails
      .createQueryBuilder()
      .update(MailEntity)
      .set({ status: MailStatus.Failed, lastError: reason, failureCause: MailFailureCause.Interrupted })
      .where(`status = :sending AND sending_at < now() - make_interval(secs => :secs)`, { sending: MailStatus.Sending, secs: olderThanSeconds })
      .returning('id')
      .execute();
    return (result.raw as Array<{ id: string }>).map((r) => r.id);
  }

  /** Puts a failed mail back in the queue; null when it is not failed (sent, already queued, or unknown). */
  async requeueFailed(id: string): Promise<MailEntity | null> {
    const result = await this.mails
      .createQueryBuilder()
      .update(MailEntity)
      .set({ status: MailStatus.Queued, queuedAt: () => 'now()' })
      .where('id = :id AND status = :failed', { id, failed: MailStatus.Failed })
      .returning('id')
      .execute();
    return (result.raw as unknown[]).length ? this.find(id) : null;
  }

  async page(page: number, pageSize: number, status?: MailStatus): Promise<{ mails: MailEntity[]; total: number }> {
    const [mails, total] = await this.mails.findAndCount({
      where: status ? { status } : {},
      order: { createdAt: 'DESC', id: 'ASC' },
      skip: (page - 1) * pageSize,
      take: pageSize,
    });
    return { mails, total };
  }

  /** How many mails are in each status (statuses with none are left out), for the metrics. */
  async countByStatus(): Promise<Array<{ status: string; count: number }>> {
    const rows: Array<{ status: string; n: number }> = await this.tx.db().query('SELECT status, count(*)::int AS n FROM notifications.mails GROUP BY status');
    return rows.map((r) => ({ status: r.status, count: Number(r.n) }));
  }

  /**
   * What the dashboard's mail warning needs: mails failed in the last `failedDays` days (not retried since),
   * mails waiting for over `stuckMinutes` minutes, and their causes, most mails first. A waiting mail with no
   * failed attempt yet counts as `not_attempted`.
   */
  async health(failedDays: number, stuckMinutes: number): Promise<{
    failed: number;
    stuck: number;
    oldestStuckSince: Date | null;
    causes: Array<{ cause: MailFailureCause; mails: number }>;
  }> {
    const failed = `status = 'failed' AND updated_at > now() - make_interval(days => $1)`;
    const stuck = `status IN ('queued', 'sending') AND queued_at < now() - make_interval(mins => $2)`;
    const [totals]: Array<{ failed: number; stuck: number; oldest: Date | null }> = await this.tx.db().query(
      `SELECT count(*) FILTER (WHERE ${failed})::int AS failed, count(*) FILTER (WHERE ${stuck})::int AS stuck, min(queued_at) FILTER (WHERE ${stuck}) AS oldest
         FROM notifications.mails WHERE (${failed}) OR (${stuck})`,
      [failedDays, stuckMinutes],
    );
    const causes: Array<{ cause: MailFailureCause; mails: number }> = await this.tx.db().query(
      `SELECT coalesce(failure_cause, CASE WHEN status = 'failed' THEN $3 ELSE $4 END) AS cause, count(*)::int AS mails
         FROM notifications.mails WHERE (${failed}) OR (${stuck})
        GROUP BY 1 ORDER BY mails DESC, cause`,
      [failedDays, stuckMinutes, MailFailureCause.Other, MailFailureCause.NotAttempted],
    );
    return { failed: totals.failed, stuck: totals.stuck, oldestStuckSince: totals.oldest, causes };
  }
}
