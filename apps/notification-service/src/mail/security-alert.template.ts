import { type SecurityAlert, SecurityAlertKind } from '@shop/contracts';
import { button, layout, oneLine, paragraph, type RenderedMail, type TemplateContext } from './templates';

// Built with the first alert, not at start: a process's first Intl object loads ICU (memory, see lean-start.ts).
let formatter: Intl.DateTimeFormat | undefined;
const time = {
  format: (date: Date) =>
    (formatter ??= new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'long', timeZone: 'America/Port_of_Spain' })).format(date),
};

/** The owner's mail about a locked admin account or a sign-in from a new browser. */
export function securityAlertMail(alert: SecurityAlert, ctx: TemplateContext): RenderedMail {
  const who = oneLine(alert.username);
  const when = time.format(new Date(alert.at));
  const from = [`Address: ${oneLine(alert.ip) || 'unknown'}`, `Browser: ${oneLine(alert.userAgent) || 'unknown'}`];
  const admin = `${ctx.adminUrl.replace(/\/+$/, '')}/admin/`;
  const copy =
    alert.kind === SecurityAlertKind.AccountLocked
      ? {
          subject: `Admin account "${who}" locked after failed logins`,
          heading: 'An admin account was locked',
          lines: [
            `${alert.failures ?? 'Several'} failed logins in a row for "${who}"; the last one on ${when}.`,
            `Nobody can sign in as "${who}" until ${alert.lockedUntil ? time.format(new Date(alert.lockedUntil)) : 'the lock ends'}, not even with the right password.`,
            'If this was not you, someone may be guessing the password: choose a longer one with the admin-user command, which also ends every session.',
          ],
        }
      : {
          subject: `New sign-in to the Island Glow admin as "${who}"`,
          heading: 'A sign-in from a new browser',
          lines: [
            `"${who}" signed in to the admin from a browser or program not seen before, on ${when}.`,
            'If this was you, there is nothing to do. If not, use "Sign out everywhere" in the admin and change the password with the admin-user command.',
          ],
        };
  const text = [copy.heading, '', ...copy.lines, '', ...from, '', `Admin: ${admin}`].join('\n');
  const html = layout(copy.heading, `${[...copy.lines, ...from].map(paragraph).join('')}${button(admin, 'Open the admin')}`);
  return { subject: copy.subject, text, html };
}
