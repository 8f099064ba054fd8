import { generate } from 'otplib';
import { saveScreenshot, scanAccessibility } from '@shop/browser-testing';
import type { Page } from 'playwright-core';
import { ADMIN_URL, useAdminPages } from './support/admin-browser';
import { createOwnerAccount, submitLogin } from './support/owner-sign-in';


const admin = useAdminPages({ signedIn: false });

async function expectNoSeriousFindings(page: Page, screen: string): Promise<void> {
  expect({ screen, findings: await scanAccessibility(page) }).toEqual({ screen, findings: [] });
}

/** The code the app would show `stepsAhead` steps (30 s each) from now: a later step than one already spent. */
const codeFor = (secret: string, stepsAhead = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 * stepsAhead });

describe('two-step sign-in on a phone (360x740)', () => {
  it('sets up TOTP from the Security screen, then signs in with a code', async () => {
    const owner = await createOwnerAccount('phone-owner', 'breadfruit-and-saltfish-2026');
    const o = await admin.open('phone');
    const { page } = o;

    await submitLogin(page, owner);
    await page.waitForURL(`${ADMIN_URL}/admin/`);

    // The menu leads to Security.
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('link', { name: 'Security and password' }).waitFor();
    await saveScreenshot(page, 'admin-menu-phone');
    await page.getByRole('link', { name: 'Security and password' }).click();
    await page.waitForURL(`${ADMIN_URL}/admin/security`);
    await page.getByRole('heading', { level: 1, name: 'Security' }).waitFor();
    await saveScreenshot(page, 'admin-security-phone');
    await expectNoSeriousFindings(page, 'security');

    await page.getByRole('button', { name: 'Set up two-step sign-in' }).click();
    const qr = page.getByRole('img', { name: 'QR code to add Island Glow Admin to an authenticator app' });
    await qr.waitFor();
    expect(await qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    const secret = (await page.locator('.security__secret').innerText()).replace(/\s/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    await saveScreenshot(page, 'admin-security-phone-qr');
    await expectNoSeriousFindings(page, 'security: scan the QR code');

    // A wrong code is said on the form; the right one turns it on and shows the recovery codes once.
    await page.getByLabel('Code from the app').fill('000000');
    await page.getByRole('button', { name: 'Turn on two-step sign-in' }).click();
    await page.getByRole('alert').filter({ hasText: 'That code is not right' }).waitFor();
    await page.getByLabel('Code from the app').fill(await codeFor(secret));
    await page.getByRole('button', { name: 'Turn on two-step sign-in' }).click();
    await page.getByRole('heading', { name: 'Save your recovery codes' }).waitFor();
    const codes = await page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem').allInnerTexts();
    expect(codes).toHaveLength(10);
    await saveScreenshot(page, 'admin-security-phone-recovery-codes');
    await expectNoSeriousFindings(page, 'security: recovery codes');
    await page.getByRole('button', { name: 'I have saved my codes' }).click();
    await page.getByText('10 of 10 recovery codes left').waitFor();

    // Signing in now takes the password, then the app's code.
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(`${ADMIN_URL}/admin/login`);
    await page.getByLabel('Username').fill(owner.username);
    await page.getByLabel('Password').fill(owner.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    const codeField = page.getByLabel('Code', { exact: true });
    await codeField.waitFor();
    await saveScreenshot(page, 'admin-login-phone-code');
    await expectNoSeriousFindings(page, 'login: code');
    await codeField.fill('123456');
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByRole('alert').filter({ hasText: 'That code is not right or was already used' }).waitFor();
    await codeField.fill(await codeFor(secret, 1));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL(`${ADMIN_URL}/admin/`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();

    // The refused logins are the browser's own network log lines; nothing else went wrong on the page.
    expect(o.errors.filter((e) => !e.startsWith('Failed to load resource'))).toEqual([]);
  });
});
