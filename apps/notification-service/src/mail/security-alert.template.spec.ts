import { MailKind, type SecurityAlert } from '@shop/contracts';
import { renderMail } from './templates';

const ctx = { storefrontUrl: 'https://shop.example', adminUrl: 'https://admin.example/' };
const base: SecurityAlert = {
  id: '7b0c1f9e-1d1b-4d43-9b1a-2f9c7c1e0a11',
  kind: 'new_browser',
  username: 'owner<b>\r\nBcc: x@evil.example',
  at: '2026-11-23T15:00:00.000Z',
  ip: '203.0.113.9',
  userAgent: 'Mozilla/5.0 <script>alert(1)</script>',
};

describe('security alert mail', () => {
  it('tells the owner about a sign-in from a new browser, on one subject line, with the client escaped', () => {
    const mail = renderMail({ kind: MailKind.SecurityAlert, data: { alert: base } }, ctx);
    expect(mail.subject).toBe('New sign-in to the Island Glow admin as "owner<b> Bcc: x@evil.example"');
    expect(mail.text).toContain('Address: 203.0.113.9');
    expect(mail.text).toContain('https://admin.example/admin/');
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;script&gt;');
    expect(mail.html).not.toContain('owner<b>');
  });

  it('says until when a locked account stays locked, and after how many failures', () => {
    const mail = renderMail({ kind: MailKind.SecurityAlert, data: { alert: { ...base, username: 'owner', kind: 'account_locked', lockedUntil: '2026-11-23T15:01:00.000Z', failures: 5 } } }, ctx);
    expect(mail.subject).toBe('Admin account "owner" locked after failed logins');
    expect(mail.text).toContain('5 failed logins in a row for "owner"');
    expect(mail.text).toMatch(/until 23 Nov 2026, 11:01:00/);
  });

  it('carries the single-use reset link to the admin, and until when it works', () => {
    const token = 'a'.repeat(40) + '_-Z';
    const alert: SecurityAlert = { ...base, username: 'owner', kind: 'password_reset', resetToken: token, resetExpiresAt: '2026-11-23T15:30:00.000Z' };
    const mail = renderMail({ kind: MailKind.SecurityAlert, data: { alert } }, ctx);
    expect(mail.subject).toBe('Set a new password for the Island Glow admin ("owner")');
    expect(mail.text).toContain(`Set a new password: https://admin.example/admin/reset-password#token=${token}`);
    expect(mail.text).toMatch(/works once, until 23 Nov 2026, 11:30:00/);
    expect(mail.html).toContain(`href="https://admin.example/admin/reset-password#token=${token}"`);
  });
});
