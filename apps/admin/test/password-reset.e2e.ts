import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { scanAccessibility } from '@shop/browser-testing';
import { simpleParser } from 'mailparser';
import type { Browser } from 'playwright-core';
import { ADMIN_URL, type AdminPage, launchBrowser, openAdminPage, screenshot, VIEWPORTS, type ViewportName } from './support/admin-browser';

const WORKSPACE = resolve(__dirname, '../../..');
const CLI = join(WORKSPACE, 'dist/apps/api-gateway/cli/admin-user.js');
const run = promisify(execFile);
const SIZES = Object.keys(VIEWPORTS) as ViewportName[];

let browser: Browser;
let opened: AdminPage[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
});

afterEach(async () => {
  await Promise.all(opened.map((o) => o.context.close()));
  opened = [];
});

afterAll(async () => {
  await browser?.close();
});

async function open(size: ViewportName): Promise<AdminPage> {
  const o = await openAdminPage(browser, size);
  opened.push(o);
  return o;
}

/** An admin account of this test's own (the shared admin keeps its password for the other tests). */
async function newOwner(): Promise<{ username: string; password: string }> {
  const owner = { username: `reset-owner-${randomUUID().slice(0, 6)}`, password: 'sorrel-and-ginger-beer-2026' };
  const databaseUrl = process.env.E2E_DATABASE_URL;
  if (!databaseUrl) throw new Error('E2E_DATABASE_URL is not set (see e2e-global-setup.ts)');
  await run(process.execPath, [CLI, '--username', owner.username, '--password', owner.password], {
    cwd: WORKSPACE,
    env: { PATH: process.env.PATH ?? '', DATABASE_URL: databaseUrl },
  });
  return owner;
}

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
    const owner = await newOwner();
    const { page, errors } = await open(size);
    await page.goto(`${ADMIN_URL}/admin/login`);
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL(`${ADMIN_URL}/admin/forgot-password`);
    const forgot = page.getByRole('form', { name: 'Forgot password?' });
    expect(await scanAccessibility(page)).toEqual([]);
    await screenshot(page, `admin-forgot-password-${size}`);
    await forgot.getByLabel('Username or e-mail').fill(owner.username);
    await forgot.getByRole('button', { name: 'Mail me a link' }).click();
    await forgot.getByRole('status').getByText("a link to set a new password is on its way to the shop owner's e-mail").waitFor();
    await screenshot(page, `admin-forgot-password-sent-${size}`);

    const { link, to } = await mailedLink(owner.username);
    expect(to).toBe('owner@example.com');
    expect(link.startsWith(`${ADMIN_URL}/admin/reset-password#token=`)).toBe(true);

    await page.goto(link);
    const reset = page.getByRole('form', { name: 'Set a new password' });
    await reset.getByLabel('New password', { exact: true }).waitFor();
    // The token leaves the address bar once read.
    await page.waitForURL(`${ADMIN_URL}/admin/reset-password`);
    expect(await scanAccessibility(page)).toEqual([]);
    await screenshot(page, `admin-reset-password-${size}`);

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
    await screenshot(page, `admin-reset-password-done-${size}`);

    // The link again, opened from the mail as a new page: used.
    await page.goto('about:blank');
    await page.goto(link);
    await reset.getByRole('alert').getByText('This reset link was already used. Ask for a new one if you still need it.').waitFor();
    await reset.getByRole('link', { name: 'Ask for a new link' }).waitFor();
    expect(await scanAccessibility(page)).toEqual([]);
    await screenshot(page, `admin-reset-password-used-${size}`);

    // Sign in with the new password.
    await page.goto(`${ADMIN_URL}/admin/login`);
    await page.getByLabel('Username').fill(owner.username);
    await page.getByLabel('Password').fill(fresh);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('heading', { level: 1, name: 'Shop admin' }).waitFor();
    // The refused password and the used link are 400 answers, which the browser logs.
    expect(errors.filter((e) => !/status of 400/.test(e))).toEqual([]);
  });
});
