import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';

/** Local part prefix of addresses whose FIRST mail the browser tests' SMTP server refuses for good (550). */
export const REFUSE_ONCE_PREFIX = 'refuse-once';

/**
 * The mail server of the browser tests: a real SMTP server that accepts every mail, except that the first
 * mail to a `refuse-once…` address is refused with a permanent 550. The shop then marks that mail failed, so
 * the owner's outbox has a failed mail to retry, and the retry goes through. Every accepted mail is also kept as an
 * `.eml` file in `mailDir` (the browser tests' inbox: a password-reset link is followed from its mail, issue 26).
 */
export class E2eSmtpServer {
  private readonly refused = new Set<string>();
  private server?: SMTPServer;
  private port = 0;
  private received = 0;
  /** Where accepted mails are written, one `.eml` file each, named in the order they arrived. */
  readonly mailDir = mkdtempSync(join(tmpdir(), 'shop-e2e-mail-'));

  async start(): Promise<void> {
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        // The message is read to its end either way: SMTP answers after the data.
        stream.on('end', () => {
          const first = session.envelope.rcptTo
            .map((r) => r.address.toLowerCase())
            .find((address) => address.startsWith(REFUSE_ONCE_PREFIX) && !this.refused.has(address));
          if (!first) {
            this.received += 1;
            writeFileSync(join(this.mailDir, `${String(this.received).padStart(6, '0')}.eml`), Buffer.concat(chunks));
            return callback();
          }
          this.refused.add(first);
          callback(Object.assign(new Error('Mailbox unavailable (refused once by the test server)'), { responseCode: 550 }));
        });
      },
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', () => resolve()));
    this.port = (this.server.server.address() as AddressInfo).port;
  }

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
    rmSync(this.mailDir, { recursive: true, force: true });
  }
}
