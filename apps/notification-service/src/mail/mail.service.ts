import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import {
  ConflictError,
  type ContactMessage,
  MailKind,
  type Notification,
  NotificationIdSchema,
  type NotificationPage,
  NotFoundError,
  type OrderEventMessage,
  type SecurityAlert,
  type LowStockEvent,
  type OrderCodeMail,
  type BackInStockEvent,
  StockWaitChannel,
  MAIL_FAILED_REPORT_DAYS,
  MAIL_FAILURE_TEXT,
  MAIL_STUCK_MINUTES,
  type MailHealth,
  type Pattern,
  type PatternRequest,
} from '@shop/contracts';
import { APP_CONFIG, type NotificationConfig } from '@shop/server-config';
import { LOGGER } from '@shop/server-ops';
import type { Logger } from 'pino';
import { orderOfMail } from './mail-data';
import type { MailEntity } from './mail.entity';
import { MailJobs } from './mail-jobs';
import { mailsForOrderEvent, type PlannedMail } from './mail-plan';
import { MailRepository } from './mail.repository';

/** Turns order events and contact messages into logged, queued mails; lists and retries them for the owner. */
@Injectable()
export class MailService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: NotificationConfig,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly repository: MailRepository,
    private readonly jobs: MailJobs,
  ) {}

  /**
   * Logs and queues the mails an order event calls for; a repeated event finds them logged and queues nothing new.
   * The event was checked against its contract where it arrived.
   */
  async onOrderEvent(payload: OrderEventMessage): Promise<void> {
    const planned = mailsForOrderEvent(payload, this.config.SHOP_OWNER_EMAIL);
    // A failure throws: the event is not acknowledged and JetStream delivers it again later (the dedupe key
    // makes the part already done a no-op then), until it is given up as a dead letter.
    for (const mail of planned) await this.queue(mail);
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

  /** A security alert of the admin identity: one mail to the owner per alert id. */
  async onSecurityAlert(alert: SecurityAlert): Promise<{ id: string }> {
    const mail = await this.queue({
      dedupeKey: `security|${alert.id}|${this.config.SHOP_OWNER_EMAIL.toLowerCase()}`,
      kind: MailKind.SecurityAlert,
      recipient: this.config.SHOP_OWNER_EMAIL,
      replyTo: null,
      orderId: null,
      data: { alert },
    });
    return { id: mail.id };
  }

  /** A "Find my orders" code (issue 29): one mail to the shopper per code id (a repeated request sends nothing new). */
  async onOrderCode(code: OrderCodeMail): Promise<{ id: string }> {
    const mail = await this.queue({
      dedupeKey: `order-code|${code.id}|${code.email.toLowerCase()}`,
      kind: MailKind.OrderCode,
      recipient: code.email,
      replyTo: null,
      orderId: null,
      data: { code },
    });
    return { id: mail.id };
  }

  /** A low-stock crossing in the catalog: one mail to the owner per event id (a replayed event finds its mail). */
  async onLowStock(alert: LowStockEvent): Promise<{ id: string }> {
    const planned: PlannedMail = {
      dedupeKey: `${alert.event}|${alert.eventId}|${this.config.SHOP_OWNER_EMAIL.toLowerCase()}`,
      kind: MailKind.LowStock,
      recipient: this.config.SHOP_OWNER_EMAIL,
      replyTo: null,
      orderId: null,
      data: { alert },
    };
    // The event comes from the JetStream stream: a failure here throws, and the event is delivered again.
    const mail = await this.queue(planned);
    this.logger.info({ productId: alert.product._id, countInStock: alert.product.countInStock, eventId: alert.eventId }, 'low-stock alert queued');
    return { id: mail.id };
  }

  /**
   * A waiting shopper told that their variant is back (issue 28): one mail per sign-up (a replayed event finds it).
   * An e-mail contact is mailed; a WhatsApp contact is mailed to the owner, who messages them by hand.
   */
  async onBackInStock(wait: BackInStockEvent): Promise<{ id: string }> {
    const byMail = wait.channel === StockWaitChannel.Email;
    const recipient = byMail ? wait.contact : this.config.SHOP_OWNER_EMAIL;
    const mail = await this.queue({
      dedupeKey: `${wait.event}|${wait.waitId}|${recipient.toLowerCase()}`,
      kind: byMail ? MailKind.BackInStock : MailKind.OwnerBackInStockWhatsApp,
      recipient,
      replyTo: null,
      orderId: null,
      data: { wait },
    });
    this.logger.info({ waitId: wait.waitId, productId: wait.product._id, variantId: wait.variant._id, channel: wait.channel }, 'back-in-stock mail queued');
    return { id: mail.id };
  }

  async list({ page, pageSize, status }: PatternRequest<typeof Pattern.NotificationsList>): Promise<NotificationPage> {
    const { mails, total } = await this.repository.page(page, pageSize, status);
    return { notifications: mails.map(toNotification), page, pages: Math.max(1, Math.ceil(total / pageSize)), total };
  }

  /** Whether mail is going out: the dashboard warns on failed or stuck mails and names the causes in plain words. */
  async health(): Promise<MailHealth> {
    const h = await this.repository.health(MAIL_FAILED_REPORT_DAYS, MAIL_STUCK_MINUTES);
    return {
      failed: h.failed,
      stuck: h.stuck,
      oldestStuckSince: h.oldestStuckSince ? new Date(h.oldestStuckSince).toISOString() : null,
      causes: h.causes.map((c) => ({ cause: c.cause, text: MAIL_FAILURE_TEXT[c.cause] ?? MAIL_FAILURE_TEXT.other, mails: c.mails })),
    };
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
    orderNumber: orderOfMail(mail.data)?.orderNumber ?? null,
    orderInPerson: orderOfMail(mail.data)?.isInPerson === true,
    failureCause: mail.failureCause,
    subject: mail.subject,
    status: mail.status,
    attempts: mail.attempts,
    lastError: mail.lastError,
    sentAt: mail.sentAt ? mail.sentAt.toISOString() : null,
    providerMessageId: mail.providerMessageId,
    createdAt: mail.createdAt.toISOString(),
  };
}
