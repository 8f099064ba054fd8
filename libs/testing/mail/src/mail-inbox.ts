/** A folder of .eml files read as an inbox, and what the shop's mails carry (issue 29): for integration and browser tests. */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type ParsedMail, simpleParser } from 'mailparser';

/** What a test looks for in a mail: its first recipient and a text of its subject. */
export interface MailMatch {
  to: string;
  subject: string;
}

/**
 * A folder of `.eml` files read as an inbox (the e2e SMTP server's `mailDir`, or a mail drop): `next` waits for the
 * first mail not yet taken that matches, in the order the files sort (the order they arrived), and takes it.
 */
export class MailInbox {
  private readonly taken = new Set<string>();

  constructor(private readonly dir: string) {}

  async next(match: MailMatch, timeoutMs = 30_000): Promise<ParsedMail> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      // A mail drop folder is made with its first mail.
      const files = existsSync(this.dir) ? readdirSync(this.dir) : [];
      for (const file of files.filter((f) => f.endsWith('.eml')).sort()) {
        if (this.taken.has(file)) continue;
        const mail = await simpleParser(readFileSync(join(this.dir, file)));
        const to = (Array.isArray(mail.to) ? mail.to[0] : mail.to)?.value[0]?.address ?? '';
        if (to.toLowerCase() !== match.to.toLowerCase() || !mail.subject?.includes(match.subject)) continue;
        this.taken.add(file);
        return mail;
      }
      if (Date.now() > deadline) throw new Error(`no mail to ${match.to} about "${match.subject}" in ${this.dir}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }
}

/** The 6-digit code of a "Find my orders" mail (issue 29). */
export function orderCodeOf(mail: ParsedMail): string {
  const code = /code to find your orders: (\d{6})/.exec(mail.text ?? '')?.[1];
  if (!code) throw new Error(`no code in the mail: ${mail.text}`);
  return code;
}

/** The signed tracking link of a shopper's order mail (issue 29). */
export function trackingLinkOf(mail: ParsedMail): URL {
  const link = /Follow your order: (\S+)/.exec(mail.text ?? '')?.[1];
  if (!link) throw new Error(`no tracking link in the mail: ${mail.text}`);
  return new URL(link);
}
