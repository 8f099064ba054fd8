import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { saveScreenshot, scanAccessibility, SIZES } from '@shop/browser-testing';
import { ADMIN_URL, useAdminPages } from './support/admin-browser';
import { createOwnerAccount, submitLogin } from './support/owner-sign-in';


const admin = useAdminPages({ signedIn: false });

/** The link of the reset mail for `username` that reached the test mail server (the shop sent it over SMTP). */
async function mailedLink(username: string): Promise<{ link: string; to: string }> {
  const dir = process.env.E2E_MAIL_DIR;
  if (!dir) throw new Error('E2E_MAIL_DIR is not set (see e2e-global-setup.ts)');
  const deadline = Date.now() + 30_000;
  for (;;) {
    for (const file of readdirSync(dir).sort().reverse()) {
      const mail = await simpleParser(readFileSync(join(dir, file)));
      if (!mail.subject?.includes(`("${username}")`)) continue;
      const link = /Set a new password: (\S+)/.exec(mail.text ?? '')?.[1];
      if (!link) throw new Error(`the reset mail has no link: ${mail.text}`);
      const to = Array.isArray(mail.to) ? mail.to[0].text : (mail.to?.text ?? '');
      return { link, to };
    }
    if (Date.now() > deadline) throw new Error(`no reset mail for ${username}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** Issue 26: "Forgot password?" mails a link that works once; its page sets a new password. */
describe.each(SIZES)('password reset by a mailed link (%s)', (size) => {
  it('sets a new password through the mailed link, once', async () => {
    const owner = await createOwnerAccount('reset-owner', 'sorrel-and-ginger-beer-2026');
    const { page, errors } = await admin.open(size);
    await page.goto(`${ADMIN_URL}/admin/login`);
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL(`${ADMIN_URL}/admin/forgot-password`);
    const forgot = page.getByRole('form', { name: 'Forgot password?' });
    expect(await scanAccessibility(page)).toEqual([]);
    await saveScreenshot(page, `admin-forgot-password-${size}`);
    await forgot.getByLabel('Username or e-mail').fill(owner.username);
    await forgot.getByRole('button', { name: 'Mail me a link' }).click();
    await forgot.getByRole('status').getByText("a link to set a new password is on its way to the shop owner's e-mail").waitFor();
    await saveScreenshot(page, `admin-forgot-password-sent-${size}`);

    const { link, to } = await mailedLink(owner.username);
    expect(to).toBe('owner@example.com');
    expect(link.startsWith(`${ADMIN_URL}/admin/reset-password#token=`)).toBe(true);

    await page.goto(link);
    const reset = page.getByRole('form', { name: 'Set a new password' });
    await reset.getByLabel('New password', { exact: true }).waitFor();
    // The token leaves the address bar once read.
    await page.waitForURL(`${ADMIN_URL}/admin/reset-password`);
    expect(await scanAccessibility(page)).toEqual([]);
    await saveScreenshot(page, `admin-reset-password-${size}`);

    // The password change's rules: a common password is refused, and the link still works after it.
    await reset.getByLabel('New password', { exact: true }).fill('password1');
    await reset.getByLabel('New password again').fill('password1');
    await reset.getByRole('button', { name: 'Set the new password' }).click();
    await reset.getByRole('alert').getByText('That password is too common: choose a longer one of your own').waitFor();
    const fresh = `pelau-on-sunday-${size}-2026`;
    await reset.getByLabel('New password', { exact: true }).fill(fresh);
    await reset.getByLabel('New password again').fill(fresh);
    await reset.getByRole('button', { name: 'Set the new password' }).click();
    await reset.getByRole('status').getByText('Your new password is set and every session was signed out. Sign in with it.').waitFor();
    await saveScreenshot(page, `admin-reset-password-done-${size}`);

    // The link again, opened from the mail as a new page: used.
    await page.goto('about:blank');
    await page.goto(link);
    await reset.getByRole('alert').getByText('This reset link was already used. Ask for a new one if you still need it.').waitFor();
    await reset.getByRole('link', { name: 'Ask for a new link' }).waitFor();
    expect(await scanAccessibility(page)).toEqual([]);
    await saveScreenshot(page, `admin-reset-password-used-${size}`);

    // Sign in with the new password.
    await submitLogin(page, { username: owner.username, password: fresh });
    await page.getByRole('heading', { level: 1, name: 'Shop admin' }).waitFor();
    // The refused password and the used link are 400 answers, which the browser logs.
    expect(errors.filter((e) => !/status of 400/.test(e))).toEqual([]);
  });
});
