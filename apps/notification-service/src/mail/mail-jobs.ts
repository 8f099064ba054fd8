import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type NotificationConfig } from '@shop/server-config';
import { LOGGER, Metrics, PeriodicTask } from '@shop/server-ops';
import { type JobQueue, JobQueues, JobName, QueueName } from '@shop/server-queue';
import type { Logger } from 'pino';
import type { MailEntity } from './mail.entity';
import { MailRepository } from './mail.repository';

/** BullMQ job ids may not contain ':'. */
export function mailJobId(key: string): string {
  return key.replace(/:/g, '_');
}

const UNCERTAIN_SEND =
  'Sending was interrupted after the mail was handed to the mail server, so it may have been delivered. It is not sent again on its own: retry it only if the recipient did not get it.';

/**
 * Producer side of mail as two jobs (render, then send; run by `MailProcessor`), one of each per logged
 * mail under a job id made of the mail's dedupe key, so the same mail is never queued twice. Rendering
 * retries 3 times, sending `MAIL_RETRY_ATTEMPTS` times, both with exponential backoff from `MAIL_RETRY_BASE_MS`.
 * Its sweep is a `PeriodicTask` (`mail-sweep`).
 */
@Injectable()
export class MailJobs extends PeriodicTask {
  private readonly renderQueue: JobQueue<typeof QueueName.Mail>;
  private readonly sendQueue: JobQueue<typeof QueueName.MailSend>;

  constructor(
    queues: JobQueues,
    @Inject(APP_CONFIG) private readonly config: NotificationConfig,
    @Inject(LOGGER) logger: Logger,
    private readonly repository: MailRepository,
    metrics: Metrics,
  ) {
    super({ task: 'mail-sweep', everyMs: config.MAIL_SWEEP_SECONDS * 1000 }, metrics, logger);
    const backoff = { type: 'exponential', delay: config.MAIL_RETRY_BASE_MS };
    this.renderQueue = queues.queue(QueueName.Mail, { attempts: 3, backoff });
    this.sendQueue = queues.queue(QueueName.MailSend, { attempts: config.MAIL_RETRY_ATTEMPTS, backoff });
  }

  /**
   * A mail may be logged but never queued (a process died in between), or its jobs lost with Redis's data
   * (Redis restarted empty): at start-up and then every MAIL_SWEEP_SECONDS every waiting mail is queued again
   * (its job id makes that a no-op while its job exists). Sends that began long ago and never recorded their
   * answer are given up as failed, never resent on their own.
   */
  override async onApplicationBootstrap(): Promise<void> {
    // At start-up a failure stops the service (it would otherwise run without knowing its backlog).
    await this.sweep('start-up');
    super.onApplicationBootstrap();
  }

  protected run(): Promise<void> {
    return this.sweep('timer');
  }

  private async sweep(reason: 'start-up' | 'timer'): Promise<void> {
    const waiting = await this.repository.queued();
    for (const mail of waiting) await this.queueRender(mail);
    if (waiting.length) this.logger[reason === 'start-up' ? 'info' : 'debug']({ count: waiting.length, reason }, 'waiting mails checked in the queue');
    const uncertain = await this.repository.failUncertainSends(this.config.MAIL_SENDING_STALE_SECONDS, UNCERTAIN_SEND);
    if (uncertain.length) this.logger.warn({ mailIds: uncertain }, 'mails whose send was interrupted given up as failed (they may have been delivered)');
  }

  /** Queues the first step of a logged mail. */
  async queueRender(mail: MailEntity): Promise<void> {
    await this.renderQueue.add(JobName.MailRender, { mailId: mail.id }, { jobId: mailJobId(mail.dedupeKey) });
  }

  /** Queues the second step of a rendered mail under the render job's id. */
  async queueSend(mailId: string, jobId: string): Promise<void> {
    await this.sendQueue.add(JobName.MailSend, { mailId }, { jobId });
  }

  /** Queues a failed mail again (the owner's retry): a fresh send job with all its attempts. */
  async queueRetry(mail: MailEntity): Promise<void> {
    const jobId = mailJobId(`${mail.dedupeKey}|retry-${Date.now()}`);
    if (mail.subject === null) await this.renderQueue.add(JobName.MailRender, { mailId: mail.id }, { jobId });
    else await this.queueSend(mail.id, jobId);
  }
}
