import { Inject, Injectable } from '@nestjs/common';
import { MailFailureCause, MailKind, type Order, ORDER_LINK_DAYS } from '@shop/contracts';
import { APP_CONFIG, type NotificationConfig, signOrderLink } from '@shop/server-config';
import { LOGGER, METRICS, Metrics } from '@shop/server-ops';
import { JobHandler, JobName, type TypedJob } from '@shop/server-queue';
import { UnrecoverableError } from 'bullmq';
import type { Logger } from 'pino';
import { MailRepository } from './mail.repository';
import { MailJobs, mailJobId } from './mail-jobs';
import { errorText, MailSendError, MailTransport, PermanentMailError } from './mail-transport';
import { contentOf } from './mail.entity';
import { renderMail } from './templates';
import { ReceiptAttachments } from '../receipts/receipt-attachments';

/**
 * Runs the two mail jobs. Sending retries temporary SMTP failures with exponential backoff; a permanent
 * failure or the last attempt leaves the mail `failed` with its reason, until the owner retries it.
 */
@Injectable()
export class MailProcessor {
  constructor(
    @Inject(APP_CONFIG) private readonly config: NotificationConfig,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly repository: MailRepository,
    private readonly transport: MailTransport,
    private readonly jobs: MailJobs,
    private readonly receipts: ReceiptAttachments,
    private readonly metrics: Metrics,
  ) {}

  /** Step 1: turn the logged data into subject, text and HTML, kept with the mail; then queue the sending. */
  @JobHandler(JobName.MailRender)
  async render(job: TypedJob<typeof JobName.MailRender>): Promise<void> {
    const mail = await this.repository.find(job.data.mailId);
    if (!mail || mail.status !== 'queued') return;
    if (mail.subject === null) {
      try {
        // The shopper's payment-received mail carries the order's receipt (issue 17), made once and kept with the mail.
        const logged = contentOf(mail);
        const attachment = logged.kind === MailKind.PaymentReceived ? await this.receiptFor(logged.data.order, job) : undefined;
        const toRender = logged.kind === MailKind.PaymentReceived ? { ...logged, data: { ...logged.data, receiptAttached: Boolean(attachment) } } : logged;
        // Links are signed from the mail's own creation time: a retried render gives the same mail.
        const orderLinkKey = (orderId: string) => signOrderLink(this.config.ORDER_LINK_SECRET, orderId, mail.createdAt, ORDER_LINK_DAYS);
        const content = renderMail(toRender, { storefrontUrl: this.config.STOREFRONT_URL, adminUrl: this.config.ADMIN_URL, orderLinkKey });
        await this.repository.saveRendered(mail.id, { ...content, attachment });
      } catch (err) {
        // A mail that cannot be rendered is failed and visible, not silently stuck in 'queued'.
        if (job.attemptsMade + 1 >= (job.opts.attempts ?? 1)) await this.repository.markRenderFailed(mail.id, `render: ${errorText(err)}`);
        throw err;
      }
    }
    await this.jobs.queueSend(mail.id, job.id ?? mailJobId(mail.dedupeKey));
  }

  /**
   * The receipt to attach. It needs the shop's settings from the catalog: while attempts remain, a failure fails
   * this attempt (BullMQ retries it); on the last one the mail goes without the receipt (it says where to
   * download it) rather than not at all.
   */
  private async receiptFor(order: Order, job: TypedJob<typeof JobName.MailRender>): Promise<{ name: string; content: Buffer } | undefined> {
    try {
      return await this.receipts.forOrder(order);
    } catch (err) {
      if (job.attemptsMade + 1 < (job.opts.attempts ?? 1)) throw err;
      this.logger.warn({ err, orderId: order._id }, 'receipt could not be made; the payment-received mail goes without it');
      return undefined;
    }
  }

  /**
   * Step 2: hand the rendered mail to SMTP (or the mail drop folder), at most once. The mail is claimed as `sending` in
   * Postgres before SMTP sees it; the answer is written after, retried a few times if the write fails. A job
   * that finds the mail `sending` (its process died mid-send, or the answer could not be written) sends
   * nothing: the sweeper gives such a mail up as failed after MAIL_SENDING_STALE_SECONDS, for the owner to check
   * and retry (the Message-ID is the mail's id, the same on every send).
   */
  @JobHandler(JobName.MailSend)
  async send(job: TypedJob<typeof JobName.MailSend>): Promise<void> {
    const mail = await this.repository.find(job.data.mailId);
    if (!mail || mail.status !== 'queued') {
      if (mail?.status === 'sending') this.logger.warn({ mailId: mail.id, kind: mail.kind }, 'mail was being sent by an earlier attempt; not sent again');
      return;
    }
    if (mail.subject === null || mail.textBody === null || mail.htmlBody === null) throw new Error(`Mail ${mail.id} was not rendered`);
    // Read before the claim: a failed read leaves the mail waiting for a retry, not stuck as 'sending'.
    const attachment = mail.attachmentName ? await this.repository.attachment(mail.id) : null;
    if (!(await this.repository.claimForSending(mail.id))) return;
    let sent: { providerMessageId: string };
    try {
      sent = await this.transport.send({
        id: mail.id,
        attachment,
        to: mail.recipient,
        replyTo: mail.replyTo,
        subject: mail.subject,
        text: mail.textBody,
        html: mail.htmlBody,
      });
    } catch (err) {
      const permanent = err instanceof PermanentMailError;
      const final = permanent || job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
      const reason = errorText(err);
      const cause = err instanceof MailSendError ? err.failureCause : MailFailureCause.Other;
      // Nothing was sent: the mail goes back to waiting (or failed on the last attempt).
      await persist(() => this.repository.markAttemptFailed(mail.id, reason, cause, final));
      this.metrics.counter(METRICS.mailFailures).inc({ kind: mail.kind, final: String(final) });
      this.logger.warn({ mailId: mail.id, kind: mail.kind, attempt: job.attemptsMade + 1, final, reason, cause }, 'mail not sent');
      if (permanent) throw new UnrecoverableError(reason);
      throw err;
    }
    try {
      await persist(() => this.repository.markSent(mail.id, sent.providerMessageId));
    } catch (err) {
      // SMTP has the mail; the row stays `sending`, so the job's next attempt (and any other) sends nothing.
      this.logger.error({ err, mailId: mail.id, kind: mail.kind, providerMessageId: sent.providerMessageId }, 'mail sent but not recorded; it will not be sent again');
      throw err;
    }
    this.metrics.counter(METRICS.mailsSent).inc({ kind: mail.kind });
    this.logger.info({ mailId: mail.id, kind: mail.kind, orderId: mail.orderId, attempt: job.attemptsMade + 1 }, 'mail sent');
  }
}

const PERSIST_ATTEMPTS = 5;

/** A write after SMTP answered, tried again over a short database hiccup (a dropped connection is replaced by the pool). */
async function persist(write: () => Promise<void>): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await write();
    } catch (err) {
      if (attempt >= PERSIST_ATTEMPTS) throw err;
      await new Promise((r) => setTimeout(r, 200 * 2 ** (attempt - 1)));
    }
  }
}
