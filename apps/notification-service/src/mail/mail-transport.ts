import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import type { MailFailureCause } from '@shop/contracts';
import { APP_CONFIG, type NotificationConfig } from '@shop/server-config';
import { LOGGER } from '@shop/server-ops';
import { createTransport, type Transporter } from 'nodemailer';
import type { Logger } from 'pino';
import { mailFailureCause } from './mail-failure-cause';

/** A rendered mail addressed to one recipient. */
export interface OutgoingMail {
  /** The logged mail's id: also the Message-ID's local part, so the same mail always carries the same id. */
  id: string;
  to: string;
  replyTo: string | null;
  subject: string;
  text: string;
  html: string;
  /** One file to attach (the receipt PDF of a payment-received mail). */
  attachment?: { name: string; content: Buffer } | null;
}

export interface SentMail {
  /** The Message-ID, plus the SMTP server's answer when there is one. */
  providerMessageId: string;
}

/** A send the mail server (or the network to it) refused, with its cause sorted for the owner. */
export class MailSendError extends Error {
  constructor(
    message: string,
    readonly failureCause: MailFailureCause,
  ) {
    super(message);
  }
}

/** A failure that no retry will fix (a 5xx answer: unknown mailbox, refused sender...). */
export class PermanentMailError extends MailSendError {}

/**
 * Sends mails over SMTP when `SMTP_URL` is set (`smtps://` is TLS from the start; `smtp://` upgrades with
 * STARTTLS when offered, or must when SMTP_REQUIRE_TLS); else writes each mail as an `.eml` file to
 * MAIL_DROP_DIR (the mail drop folder) for a developer to open.
 */
@Injectable()
export class MailTransport implements OnApplicationShutdown {
  private readonly transporter: Transporter;
  private readonly dropDir: string | null;

  constructor(
    @Inject(APP_CONFIG) private readonly config: NotificationConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    if (config.SMTP_URL) {
      this.dropDir = null;
      this.transporter = createTransport({
        url: config.SMTP_URL,
        requireTLS: config.SMTP_REQUIRE_TLS,
        tls: { rejectUnauthorized: config.SMTP_TLS_REJECT_UNAUTHORIZED, minVersion: 'TLSv1.2' },
        connectionTimeout: 15_000,
        greetingTimeout: 15_000,
        socketTimeout: 30_000,
      });
    } else {
      this.dropDir = resolve(config.MAIL_DROP_DIR);
      this.transporter = createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
    }
    logger.info({ transport: this.dropDir ? 'mail-drop' : 'smtp', mailDrop: this.dropDir ?? undefined }, 'mail transport ready');
  }

  async send(mail: OutgoingMail): Promise<SentMail> {
    const messageId = `<${mail.id}@${domainOf(this.config.STOREFRONT_URL)}>`;
    let info: { messageId?: string; response?: string; message?: Buffer };
    try {
      info = await this.transporter.sendMail({
        from: this.config.MAIL_FROM,
        to: mail.to,
        replyTo: mail.replyTo ?? undefined,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        messageId,
        attachments: mail.attachment ? [{ filename: mail.attachment.name, content: mail.attachment.content, contentType: 'application/pdf' }] : undefined,
        // Nodemailer reads no files or URLs on our behalf, whatever ends up in the content.
        disableFileAccess: true,
        disableUrlAccess: true,
      });
    } catch (err) {
      const code = (err as { responseCode?: number }).responseCode;
      if (typeof code === 'number' && code >= 500 && code < 600) {
        throw new PermanentMailError(errorText(err), mailFailureCause(err));
      }
      throw new MailSendError(errorText(err), mailFailureCause(err));
    }
    if (this.dropDir) {
      await mkdir(this.dropDir, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${mail.id}.eml`;
      // Written under a temporary name and renamed, so a reader never sees half a file.
      const tmp = join(this.dropDir, `.${name}.tmp`);
      await writeFile(tmp, info.message ?? Buffer.alloc(0));
      await rename(tmp, join(this.dropDir, name));
      return { providerMessageId: `${info.messageId ?? messageId} mail-drop:${name}` };
    }
    return { providerMessageId: [info.messageId ?? messageId, info.response].filter(Boolean).join(' ') };
  }

  onApplicationShutdown(): void {
    this.transporter.close();
  }
}

function domainOf(url: string): string {
  try {
    return new URL(url).hostname || 'localhost';
  } catch {
    return 'localhost';
  }
}

/** The SMTP answer or the error's message, short enough for the log table. */
export function errorText(err: unknown): string {
  const e = err as { response?: unknown; message?: unknown };
  const text = typeof e?.response === 'string' && e.response ? e.response : String(e?.message ?? err);
  return text.slice(0, 1000);
}
