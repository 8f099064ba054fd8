import { Inject, Injectable, type OnApplicationBootstrap, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { APP_CONFIG, type AppConfig, LOGGER } from '@shop/server-core';
import { createRedisConnection, DEFAULT_JOB_OPTIONS, QueueName, REDIS } from '@shop/server-queue';
import { type Job, Queue, UnrecoverableError, Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { MailEntity } from './mail.entity';
import { MailRepository } from './mail.repository';
import { errorText, MailTransport, PermanentMailError } from './mail-transport';
import { renderMail } from './templates';

/** The payload of both mail jobs: the logged mail they work on. */
export interface MailJobData {
  mailId: string;
}

const RENDER_JOB = 'render-mail';
const SEND_JOB = 'send-mail';

/** BullMQ job ids may not contain ':'. */
function jobIdOf(key: string): string {
  return key.replace(/:/g, '_');
}

/**
 * Mail as two jobs (render, then send), one of each per logged mail under a job id made of the mail's
 * dedupe key, so the same mail is never queued twice. Sending retries temporary SMTP failures with
 * exponential backoff; a permanent failure or the last attempt leaves the mail `failed` with its reason,
 * until the owner retries it.
 */
@Injectable()
export class MailJobs implements OnModuleInit, OnApplicationBootstrap, OnModuleDestroy {
  private renderQueue!: Queue<MailJobData>;
  private sendQueue!: Queue<MailJobData>;
  private readonly workers: Worker<MailJobData>[] = [];
  private readonly workerConnections: Redis[] = [];

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(REDIS) private readonly redis: Redis,
    private readonly repository: MailRepository,
    private readonly transport: MailTransport,
  ) {}

  onModuleInit(): void {
    const prefix = this.config.QUEUE_PREFIX;
    this.renderQueue = new Queue(QueueName.Mail, {
      connection: this.redis,
      prefix,
      defaultJobOptions: { ...DEFAULT_JOB_OPTIONS, attempts: 3, backoff: { type: 'exponential', delay: this.config.MAIL_RETRY_BASE_MS } },
    });
    this.sendQueue = new Queue(QueueName.MailSend, {
      connection: this.redis,
      prefix,
      defaultJobOptions: {
        ...DEFAULT_JOB_OPTIONS,
        attempts: this.config.MAIL_RETRY_ATTEMPTS,
        backoff: { type: 'exponential', delay: this.config.MAIL_RETRY_BASE_MS },
      },
    });
    this.startWorker(QueueName.Mail, (job) => this.render(job), 4);
    this.startWorker(QueueName.MailSend, (job) => this.send(job), 2);
  }

  /** A mail may be logged but never queued if a process died in between: queue every waiting mail again (job ids make it a no-op otherwise). */
  async onApplicationBootstrap(): Promise<void> {
    const waiting = await this.repository.queued();
    for (const mail of waiting) await this.queueRender(mail);
    if (waiting.length) this.logger.info({ count: waiting.length }, 'waiting mails checked in the queue');
  }

  /** Queues the first step of a logged mail. */
  async queueRender(mail: MailEntity): Promise<void> {
    await this.renderQueue.add(RENDER_JOB, { mailId: mail.id }, { jobId: jobIdOf(mail.dedupeKey) });
  }

  /** Queues a failed mail again (the owner's retry): a fresh send job with all its attempts. */
  async queueRetry(mail: MailEntity): Promise<void> {
    const jobId = jobIdOf(`${mail.dedupeKey}|retry-${Date.now()}`);
    if (mail.subject === null) await this.renderQueue.add(RENDER_JOB, { mailId: mail.id }, { jobId });
    else await this.sendQueue.add(SEND_JOB, { mailId: mail.id }, { jobId });
  }

  async onModuleDestroy(): Promise<void> {
    // Workers finish the jobs they hold (and give the rest back to the queue) before the database closes.
    await Promise.allSettled(this.workers.map((w) => w.close()));
    await Promise.allSettled([this.renderQueue?.close(), this.sendQueue?.close()]);
    await Promise.allSettled(this.workerConnections.map((c) => c.quit()));
  }

  /** Step 1: turn the logged data into subject, text and HTML, kept with the mail; then queue the sending. */
  private async render(job: Job<MailJobData>): Promise<void> {
    const mail = await this.repository.find(job.data.mailId);
    if (!mail || mail.status !== 'queued') return;
    if (mail.subject === null) {
      try {
        const content = renderMail(mail.kind, mail.data, { storefrontUrl: this.config.STOREFRONT_URL, adminUrl: this.config.ADMIN_URL });
        await this.repository.saveRendered(mail.id, content);
      } catch (err) {
        // A mail that cannot be rendered is failed and visible, not silently stuck in 'queued'.
        if (job.attemptsMade + 1 >= (job.opts.attempts ?? 1)) await this.repository.markAttemptFailed(mail.id, `render: ${errorText(err)}`, true);
        throw err;
      }
    }
    await this.sendQueue.add(SEND_JOB, { mailId: mail.id }, { jobId: job.id ?? jobIdOf(mail.dedupeKey) });
  }

  /** Step 2: hand the rendered mail to SMTP (or the outbox) unless it was already sent. */
  private async send(job: Job<MailJobData>): Promise<void> {
    const mail = await this.repository.find(job.data.mailId);
    if (!mail || mail.status !== 'queued') return;
    if (mail.subject === null || mail.textBody === null || mail.htmlBody === null) throw new Error(`Mail ${mail.id} was not rendered`);
    try {
      const sent = await this.transport.send({
        id: mail.id,
        to: mail.recipient,
        replyTo: mail.replyTo,
        subject: mail.subject,
        text: mail.textBody,
        html: mail.htmlBody,
      });
      await this.repository.markSent(mail.id, sent.providerMessageId);
      this.logger.info({ mailId: mail.id, kind: mail.kind, orderId: mail.orderId, attempt: job.attemptsMade + 1 }, 'mail sent');
    } catch (err) {
      const permanent = err instanceof PermanentMailError;
      const final = permanent || job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
      const reason = errorText(err);
      await this.repository.markAttemptFailed(mail.id, reason, final);
      this.logger.warn({ mailId: mail.id, kind: mail.kind, attempt: job.attemptsMade + 1, final, reason }, 'mail not sent');
      if (permanent) throw new UnrecoverableError(reason);
      throw err;
    }
  }

  private startWorker(queue: QueueName, processor: (job: Job<MailJobData>) => Promise<void>, concurrency: number): void {
    const connection = createRedisConnection(this.config.REDIS_URL);
    this.workerConnections.push(connection);
    const worker = new Worker<MailJobData>(queue, processor, { connection, prefix: this.config.QUEUE_PREFIX, concurrency });
    worker.on('error', (err) => this.logger.error({ err, queue }, 'mail worker error'));
    worker.on('failed', (job, err) => this.logger.debug({ queue, jobId: job?.id, err: err.message }, 'mail job attempt failed'));
    this.workers.push(worker);
  }
}
