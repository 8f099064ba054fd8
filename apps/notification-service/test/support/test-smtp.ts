import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from 'smtp-server';

/** A mail the test server accepted, parsed, with the envelope recipients it came for. */
export interface ReceivedMail {
  envelopeTo: string[];
  parsed: ParsedMail;
  to: string;
  replyTo: string;
  subject: string;
  text: string;
  html: string;
  messageId: string;
}

/** What the server answers to a message for these recipients: null accepts, a string refuses with 451 (temporary) or the code given. */
export type SmtpPolicy = (recipients: string[], attempt: number) => { code: number; message: string } | null;

/**
 * A real SMTP server (the smtp-server package) on a free port: it parses every accepted mail with
 * mailparser, counts the attempts per recipient, and can refuse or slow down on demand.
 */
export class TestSmtpServer {
  readonly received: ReceivedMail[] = [];
  /** DATA attempts per recipient, accepted or refused. */
  readonly attempts = new Map<string, number>();
  policy: SmtpPolicy = () => null;
  /** Delay before answering each DATA (to keep mails in flight). */
  delayMs = 0;
  private server!: SMTPServer;
  port = 0;

  async start(): Promise<void> {
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData: (stream, session, callback) => void this.onData(stream, session, callback),
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', () => resolve()));
    this.port = (this.server.server.address() as AddressInfo).port;
  }

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** Mails received for one address. */
  for(address: string): ReceivedMail[] {
    return this.received.filter((m) => m.envelopeTo.includes(address.toLowerCase()));
  }

  private async onData(stream: SMTPServerDataStream, session: SMTPServerSession, callback: (err?: Error | null) => void): Promise<void> {
    const recipients = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
    try {
      const parsed = await simpleParser(stream);
      const attempt = Math.max(...recipients.map((r) => (this.attempts.get(r) ?? 0) + 1));
      for (const r of recipients) this.attempts.set(r, (this.attempts.get(r) ?? 0) + 1);
      if (this.delayMs) await new Promise((r) => setTimeout(r, this.delayMs));
      const refusal = this.policy(recipients, attempt);
      if (refusal) {
        const err = Object.assign(new Error(refusal.message), { responseCode: refusal.code });
        callback(err);
        return;
      }
      this.received.push({
        envelopeTo: recipients,
        parsed,
        to: addressText(parsed.to),
        replyTo: addressText(parsed.replyTo),
        subject: parsed.subject ?? '',
        text: parsed.text ?? '',
        html: typeof parsed.html === 'string' ? parsed.html : '',
        messageId: parsed.messageId ?? '',
      });
      callback();
    } catch (err) {
      callback(err as Error);
    }
  }
}

function addressText(value: ParsedMail['to']): string {
  if (!value) return '';
  const list = Array.isArray(value) ? value : [value];
  return list.flatMap((a) => a.value.map((v) => v.address ?? '')).join(',');
}

/** Polls until `check` answers true, or fails with `what` after `timeoutMs`. */
export async function waitUntil(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
