import { type SecurityAlert, SecurityAlertKind } from '@shop/contracts';
import { button, layout, oneLine, paragraph, type RenderedMail, type TemplateContext } from './templates';

// Built with the first alert, not at start: a process's first Intl object loads ICU (memory: docs/performance.md, "Memory per server app").
let formatter: Intl.DateTimeFormat | undefined;
const time = {
  format: (date: Date) =>
    (formatter ??= new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'long', timeZone: 'America/Port_of_Spain' })).format(date),
};

interface Copy {
  subject: string;
  heading: string;
  lines: string[];
}

const COPY: Record<SecurityAlertKind, (alert: SecurityAlert, who: string, when: string) => Copy> = {
  [SecurityAlertKind.AccountLocked]: (alert, who, when) => ({
    subject: `Admin account "${who}" locked after failed logins`,
    heading: 'An admin account was locked',
    lines: [
      `${alert.failures ?? 'Several'} failed logins in a row for "${who}"; the last one on ${when}.`,
      `Other browsers cannot sign in as "${who}" until ${alert.lockedUntil ? time.format(new Date(alert.lockedUntil)) : 'the lock ends'}. A browser that has signed in to this account before can still sign in.`,
      'This mail is sent at most once an hour while the failures go on.',
      'If this was not you, someone may be guessing the password: change it under Security in the admin, and turn on two-step sign-in there.',
    ],
  }),
  [SecurityAlertKind.NewBrowser]: (_alert, who, when) => ({
    subject: `New sign-in to the Island Glow admin as "${who}"`,
    heading: 'A sign-in from a new browser',
    lines: [
      `"${who}" signed in to the admin from a browser or program not seen before, on ${when}.`,
      'If this was you, there is nothing to do. If not, use "Sign out everywhere" in the admin and change the password under Security.',
    ],
  }),
  [SecurityAlertKind.PasswordChanged]: (_alert, who, when) => ({
    subject: `The password of admin "${who}" was changed`,
    heading: 'The admin password was changed',
    lines: [
      `The password of "${who}" was changed in the admin on ${when}. Every other session of the account was signed out.`,
      'If this was not you, reset the password with the admin-user command on the server at once.',
    ],
  }),
  [SecurityAlertKind.SecondFactorEnabled]: (_alert, who, when) => ({
    subject: `Two-step sign-in turned on for admin "${who}"`,
    heading: 'Two-step sign-in was turned on',
    lines: [
      `Two-step sign-in with an authenticator app was turned on for "${who}" on ${when}.`,
      'If this was not you, reset it with the admin-user command (--reset-second-factor) and change the password.',
    ],
  }),
};

/** The owner's mail about the admin identity: a locked account, a new browser, a password change, two-step sign-in on. */
export function securityAlertMail(alert: SecurityAlert, ctx: TemplateContext): RenderedMail {
  const who = oneLine(alert.username);
  const when = time.format(new Date(alert.at));
  const from = [`Address: ${oneLine(alert.ip) || 'unknown'}`, `Browser: ${oneLine(alert.userAgent) || 'unknown'}`];
  const admin = `${ctx.adminUrl.replace(/\/+$/, '')}/admin/`;
  const copy = COPY[alert.kind](alert, who, when);
  const text = [copy.heading, '', ...copy.lines, '', ...from, '', `Admin: ${admin}`].join('\n');
  const html = layout(copy.heading, `${[...copy.lines, ...from].map(paragraph).join('')}${button(admin, 'Open the admin')}`);
  return { subject: copy.subject, text, html };
}
