import { saveScreenshot, scanAccessibility } from '@shop/browser-testing';
import type { CDPSession, Page } from 'playwright-core';
import { type AdminTarget, GATEWAY_URL, useAdminPages } from './support/admin-browser';
import { createOwnerAccount, type OwnerAccount, submitLogin } from './support/owner-sign-in';


jest.setTimeout(60_000);

const admin = useAdminPages({ signedIn: false });

/**
 * WebAuthn needs a secure context and an RP ID that is a domain: the run's admin is opened at 127.0.0.1, which
 * browsers refuse as an RP ID, so this file opens the same admin preview at http://localhost:<port> (a secure
 * context), which the gateway knows as WEBAUTHN_ORIGIN (see e2e-global-setup.ts).
 */
const target: AdminTarget = { adminUrl: (process.env.PASSKEY_ADMIN_URL ?? 'http://localhost:4300').replace(/\/$/, ''), gatewayUrl: GATEWAY_URL };

/** A phone's built-in authenticator (fingerprint or screen lock), simulated by Chromium's virtual authenticator. */
async function addPhoneAuthenticator(cdp: CDPSession): Promise<string> {
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true },
  });
  return authenticatorId;
}

async function expectNoSeriousFindings(page: Page, screen: string): Promise<void> {
  expect({ screen, findings: await scanAccessibility(page) }).toEqual({ screen, findings: [] });
}

const signInWithPassword = (page: Page, owner: OwnerAccount) => submitLogin(page, owner, target.adminUrl);

describe('passkey sign-in on a phone (360x740)', () => {
  it('adds a passkey on the Security screen, then signs in with password and passkey; without the passkey it does not', async () => {
    const owner = await createOwnerAccount('passkey-owner', 'sorrel-and-black-cake-2026');
    const o = await admin.open('phone');
    const { page, context } = o;
    const cdp = await context.newCDPSession(page);
    await cdp.send('WebAuthn.enable', { enableUI: false });
    const phone = await addPhoneAuthenticator(cdp);

    await signInWithPassword(page, owner);
    await page.waitForURL(`${target.adminUrl}/admin/`);
    await page.goto(`${target.adminUrl}/admin/security`);
    await page.getByRole('heading', { level: 2, name: 'Passkeys' }).waitFor();
    await page.getByLabel('Name of the new passkey').fill('My phone');
    await page.getByRole('button', { name: 'Add a passkey' }).click();
    const list = page.getByRole('list', { name: 'Your passkeys' });
    await list.getByText('My phone').waitFor();
    expect(await list.getByRole('listitem').count()).toBe(1);
    const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId: phone });
    expect(credentials).toHaveLength(1);
    expect(credentials[0].rpId).toBe('localhost');
    await list.scrollIntoViewIfNeeded();
    await saveScreenshot(page, 'admin-security-phone-passkey');
    await expectNoSeriousFindings(page, 'security: a passkey listed');

    // Signing in now takes the password, then the passkey.
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(`${target.adminUrl}/admin/login`);
    await signInWithPassword(page, owner);
    const usePasskey = page.getByRole('button', { name: 'Use a passkey' });
    await usePasskey.waitFor();
    await page.getByText('Use the passkey of this account').waitFor();
    await saveScreenshot(page, 'admin-login-phone-passkey');
    await expectNoSeriousFindings(page, 'login: passkey');
    await usePasskey.click();
    await page.waitForURL(`${target.adminUrl}/admin/`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    const used = await cdp.send('WebAuthn.getCredentials', { authenticatorId: phone });
    expect(used.credentials[0].signCount).toBeGreaterThan(credentials[0].signCount);

    // Another phone (its authenticator has no passkey of this account): the passkey step fails and nobody signs in.
    await page.goto(`${target.adminUrl}/admin/security`);
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(`${target.adminUrl}/admin/login`);
    await cdp.send('WebAuthn.removeVirtualAuthenticator', { authenticatorId: phone });
    await addPhoneAuthenticator(cdp);
    await signInWithPassword(page, owner);
    await usePasskey.waitFor();
    await usePasskey.click();
    await page.getByRole('alert').filter({ hasText: 'No passkey was used' }).waitFor();
    expect(page.url()).toBe(`${target.adminUrl}/admin/login`);
    expect(await page.evaluate(() => localStorage.getItem('userInfo'))).toBeNull();
    await saveScreenshot(page, 'admin-login-phone-passkey-refused');
    // The refused prompt is the page's own message; nothing else went wrong on the page.
    expect(o.errors.filter((e) => !e.startsWith('Failed to load resource'))).toEqual([]);
  });
});
