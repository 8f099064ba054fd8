import { type SecurityAlert, SecurityAlertKind, SHOP_TIME_ZONE } from '@shop/contracts';
import { button, layout, oneLine, pageUnder, paragraph, type RenderedMail, type TemplateContext } from './mail-layout';

// Built with the first alert, not at start: a process's first Intl object loads ICU (memory: docs/performance.md, "Memory per server app").
let formatter: Intl.DateTimeFormat | undefined;
const time = {
  format: (date: Date) =>
    (formatter ??= new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'long', timeZone: SHOP_TIME_ZONE })).format(date),
};

interface Copy {
  subject: string;
  heading: string;
  lines: string[];
}

/** The admin's page that takes a reset link's token (the fragment never reaches a server or a Referer). */
export function passwordResetLink(adminUrl: string, token: string): string {
  return pageUnder(adminUrl, `/admin/reset-password#token=${token}`);
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
  [SecurityAlertKind.PasswordReset]: (alert, who, when) => ({
    subject: `Set a new password for the Island Glow admin ("${who}")`,
    heading: 'Set a new admin password',
    lines: [
      `Someone asked on ${when} to set a new password for the admin account "${who}". Open the link below to choose one.`,
      `The link works once, until ${alert.resetExpiresAt ? time.format(new Date(alert.resetExpiresAt)) : 'it expires'}. Using it signs out every session of the account; two-step sign-in, if on, is still asked at the next sign-in.`,
      'If this was not you, ignore this mail: the password stays as it is.',
    ],
  }),
};

/** The owner's mail about the admin identity: a locked account, a new browser, a password change, two-step sign-in on. */
export function securityAlertMail(alert: SecurityAlert, ctx: TemplateContext): RenderedMail {
  const who = oneLine(alert.username);
  const when = time.format(new Date(alert.at));
  const from = [`Address: ${oneLine(alert.ip) || 'unknown'}`, `Browser: ${oneLine(alert.userAgent) || 'unknown'}`];
  const copy = COPY[alert.kind](alert, who, when);
  if (alert.kind === SecurityAlertKind.PasswordReset && alert.resetToken) {
    const link = passwordResetLink(ctx.adminUrl, alert.resetToken);
    const text = [copy.heading, '', ...copy.lines, '', `Set a new password: ${link}`, '', ...from].join('\n');
    const html = layout(copy.heading, `${copy.lines.map(paragraph).join('')}${button(link, 'Set a new password')}${from.map(paragraph).join('')}`);
    return { subject: copy.subject, text, html };
  }
  const admin = pageUnder(ctx.adminUrl, '/admin/');
  const text = [copy.heading, '', ...copy.lines, '', ...from, '', `Admin: ${admin}`].join('\n');
  const html = layout(copy.heading, `${[...copy.lines, ...from].map(paragraph).join('')}${button(admin, 'Open the admin')}`);
  return { subject: copy.subject, text, html };
}
