import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { MailStatus } from '@shop/contracts';
import { Repository } from 'typeorm';
import { MailEntity } from './mail.entity';
import type { PlannedMail } from './mail-plan';

/** All reads and writes of the mail log. */
@Injectable()
export class MailRepository {
  constructor(@InjectRepository(MailEntity) private readonly mails: Repository<MailEntity>) {}

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

  async saveRendered(id: string, content: { subject: string; text: string; html: string }): Promise<void> {
    await this.mails.update({ id }, { subject: content.subject, textBody: content.text, htmlBody: content.html });
  }

  async markSent(id: string, providerMessageId: string): Promise<void> {
    await this.mails
      .createQueryBuilder()
      .update(MailEntity)
      .set({ status: MailStatus.Sent, sentAt: () => 'now()', providerMessageId, lastError: null, attempts: () => 'attempts + 1' })
      .where('id = :id', { id })
      .execute();
  }

  /** Counts a failed attempt; `final` gives the mail up (failed, visible to the owner) until retried. */
  async markAttemptFailed(id: string, error: string, final: boolean): Promise<void> {
    await this.mails
      .createQueryBuilder()
      .update(MailEntity)
      .set({ lastError: error, attempts: () => 'attempts + 1', ...(final ? { status: MailStatus.Failed } : {}) })
      .where('id = :id AND status <> :sent', { id, sent: MailStatus.Sent })
      .execute();
  }

  /** Puts a failed mail back in the queue; null when it is not failed (sent, already queued, or unknown). */
  async requeueFailed(id: string): Promise<MailEntity | null> {
    const result = await this.mails
      .createQueryBuilder()
      .update(MailEntity)
      .set({ status: MailStatus.Queued })
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
}
