import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import {
  ConflictError,
  type ContactMessage,
  type ListNotificationsRequest,
  MailKind,
  type Notification,
  NotificationIdSchema,
  type NotificationPage,
  NotFoundError,
  type OrderEventPayload,
} from '@shop/contracts';
import { APP_CONFIG, type AppConfig, LOGGER } from '@shop/server-core';
import type { Logger } from 'pino';
import type { MailEntity } from './mail.entity';
import { MailJobs } from './mail-jobs';
import { mailsForOrderEvent, type PlannedMail } from './mail-plan';
import { MailRepository } from './mail.repository';

const EVENT_ATTEMPTS = 4;

/** Turns order events and contact messages into logged, queued mails; lists and retries them for the owner. */
@Injectable()
export class MailService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly repository: MailRepository,
    private readonly jobs: MailJobs,
  ) {}

  /** Logs and queues the mails an order event calls for; a repeated event finds them logged and queues nothing new. */
  async onOrderEvent(payload: OrderEventPayload): Promise<void> {
    if (!payload?.order?._id || typeof payload.order._id !== 'string') {
      this.logger.warn({ event: payload?.event }, 'order event without an order ignored');
      return;
    }
    const planned = mailsForOrderEvent(payload, this.config.SHOP_OWNER_EMAIL);
    // NATS does not deliver an event twice: a short database or Redis hiccup is waited out here, and
    // what still fails is logged loudly (the dedupe key makes any partial work safe to repeat).
    for (let attempt = 1; ; attempt++) {
      try {
        for (const mail of planned) await this.queue(mail);
        break;
      } catch (err) {
        if (attempt >= EVENT_ATTEMPTS) {
          this.logger.error({ err, event: payload.event, eventId: payload.eventId, orderId: payload.order._id }, 'order event could not be queued as mails');
          return;
        }
        await new Promise((r) => setTimeout(r, 250 * 2 ** (attempt - 1)));
      }
    }
    this.logger.debug({ event: payload.event, eventId: payload.eventId, orderId: payload.order._id, mails: planned.length }, 'order event handled');
  }

  /** The contact form: one mail to the owner with the sender as reply-to. */
  async onContact(message: ContactMessage): Promise<{ id: string }> {
    const mail = await this.queue({
      dedupeKey: `contact|${randomUUID()}|${this.config.SHOP_OWNER_EMAIL.toLowerCase()}`,
      kind: MailKind.ContactMessage,
      recipient: this.config.SHOP_OWNER_EMAIL,
      replyTo: message.email,
      orderId: null,
      data: { contact: message },
    });
    return { id: mail.id };
  }

  async list(request: ListNotificationsRequest): Promise<NotificationPage> {
    const page = Math.max(1, Math.floor(Number(request?.page) || 1));
    const pageSize = Math.min(100, Math.max(1, Math.floor(Number(request?.pageSize) || 20)));
    const { mails, total } = await this.repository.page(page, pageSize, request?.status);
    return { notifications: mails.map(toNotification), page, pages: Math.max(1, Math.ceil(total / pageSize)), total };
  }

  /** The owner's retry of a failed mail: queued again with a fresh set of attempts. */
  async retry(id: string): Promise<Notification> {
    if (!NotificationIdSchema.safeParse(id).success) throw new NotFoundError('Notification not found');
    const mail = await this.repository.requeueFailed(id);
    if (!mail) {
      const existing = await this.repository.find(id);
      if (!existing) throw new NotFoundError('Notification not found');
      throw new ConflictError(`Only a failed notification can be retried; this one is ${existing.status}`);
    }
    await this.jobs.queueRetry(mail);
    this.logger.info({ mailId: mail.id, kind: mail.kind }, 'failed mail queued again');
    return toNotification(mail);
  }

  private async queue(planned: PlannedMail): Promise<MailEntity> {
    const { mail, created } = await this.repository.insertOnce(planned);
    // An existing mail still waiting is queued again in case its job was lost; its job id makes that a no-op otherwise.
    if (created || mail.status === 'queued') await this.jobs.queueRender(mail);
    return mail;
  }
}

export function toNotification(mail: MailEntity): Notification {
  return {
    _id: mail.id,
    kind: mail.kind,
    recipient: mail.recipient,
    orderId: mail.orderId,
    subject: mail.subject,
    status: mail.status,
    attempts: mail.attempts,
    lastError: mail.lastError,
    sentAt: mail.sentAt ? mail.sentAt.toISOString() : null,
    providerMessageId: mail.providerMessageId,
    createdAt: mail.createdAt.toISOString(),
  };
}
