import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { register } from 'tsconfig-paths';
import type { TestStack } from './test-stack';

const WORKSPACE = resolve(__dirname, '../../../..');

// Jest loads global setup outside its module map, so the @shop/* aliases are resolved here.
const tsconfig = JSON.parse(readFileSync(join(WORKSPACE, 'tsconfig.base.json'), 'utf8')) as { compilerOptions: { paths: Record<string, string[]> } };
register({ baseUrl: WORKSPACE, paths: tsconfig.compilerOptions.paths });
// Loaded after the aliases are registered.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { freePort, TestStack: Stack } = require('./test-stack') as typeof import('./test-stack');
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { E2eSmtpServer } = require('./e2e-smtp') as typeof import('./e2e-smtp');
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { startAdminPreview } = require('./admin-preview') as typeof import('./admin-preview');
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { startMailDownShop } = require('./e2e-mail-down-shop') as typeof import('./e2e-mail-down-shop');
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { startStagingShop, stopStagingShop } = require('./e2e-staging-shop') as typeof import('./e2e-staging-shop');
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { startStorefrontServer } = require('./storefront-server') as typeof import('./storefront-server');

interface E2eState {
  stack: TestStack;
  previews: ChildProcess[];
  smtp: import('./e2e-smtp').E2eSmtpServer;
  mailDown: import('./e2e-mail-down-shop').MailDownShop;
  staging: import('./e2e-staging-shop').StagingShop;
}

/**
 * Jest global setup of the browser tests: the whole shop on a fresh database, the storefront's SSR server (as in
 * production) and the admin's production build; a second shop whose mail server is down (issue 26); and a staging
 * shop (issue 24's test-shop banner).
 */
export default async function setup(): Promise<void> {
  // The web apps' ports are chosen first so that the services know the public addresses (the payment
  // provider returns shoppers to STOREFRONT_URL, mails link to it).
  const [storefrontPort, adminPort] = [await freePort(), await freePort()];
  // Mails go over SMTP to a real server, so the owner's outbox sees real sends and a real refusal.
  const smtp = new E2eSmtpServer();
  await smtp.start();
  // Two lanes side by side (start-up waits on migrations and connections as much as on the CPU): the main shop
  // with its storefront and admin, and the two small shops one after the other.
  const previews: ChildProcess[] = [];
  const side: { mailDown?: import('./e2e-mail-down-shop').MailDownShop; staging?: import('./e2e-staging-shop').StagingShop } = {};
  const mainShop = (async () => {
    const stack = await Stack.start({
      env: {
        SMTP_URL: smtp.url,
        STOREFRONT_URL: `http://127.0.0.1:${storefrontPort}`,
        ADMIN_URL: `http://127.0.0.1:${adminPort}`,
        // The same admin at localhost for the passkey test: WebAuthn refuses an IP address as the RP ID.
        WEBAUTHN_ORIGIN: `http://localhost:${adminPort}`,
        // Every browser test places its orders from this one address; the per-client order limit (tested in the
        // gateway's integration tests) would otherwise refuse the later files' orders.
        ORDER_RATE_LIMIT: '1000',
        // The same for the other public write limits (issue 23): every cart and checkout open is a quote.
        QUOTE_RATE_LIMIT: '100000',
        DISCOUNT_CODE_RATE_LIMIT: '1000',
        REVIEW_RATE_LIMIT: '1000',
        CONTACT_RATE_LIMIT: '1000',
        STOCK_WAIT_RATE_LIMIT: '1000',
        PASSWORD_RESET_RATE_LIMIT: '1000',
      },
    });
    try {
      const storefront = await startStorefrontServer({ port: storefrontPort, gatewayUrl: stack.gatewayUrl });
      previews.push(storefront.child);
      const admin = await startAdminPreview(adminPort, stack.gatewayUrl, storefront.url);
      previews.push(admin.child);
      return { stack, storefront, admin };
    } catch (err) {
      await stack.close();
      throw err;
    }
  })();
  const sideShops = (async () => {
    side.mailDown = await startMailDownShop();
    side.staging = await startStagingShop();
  })();
  const [main, sides] = await Promise.allSettled([mainShop, sideShops]);
  if (main.status === 'rejected' || sides.status === 'rejected') {
    // Jest runs no teardown when setup fails: stop what was started here.
    for (const child of previews) child.kill('SIGTERM');
    if (main.status === 'fulfilled') await main.value.stack.close();
    if (side.mailDown) {
      side.mailDown.admin.child.kill('SIGTERM');
      await side.mailDown.stack.close();
    }
    if (side.staging) await stopStagingShop(side.staging);
    await smtp.stop();
    throw main.status === 'rejected' ? main.reason : (sides as PromiseRejectedResult).reason;
  }
  const { stack, storefront, admin } = main.value;
  const mailDown = side.mailDown as import('./e2e-mail-down-shop').MailDownShop;
  const staging = side.staging as import('./e2e-staging-shop').StagingShop;
  process.env.STOREFRONT_URL = storefront.url;
  process.env.ADMIN_URL = admin.url;
  // The same preview by name, a secure context whose host can be a WebAuthn RP ID (passkey-sign-in.e2e.ts).
  process.env.PASSKEY_ADMIN_URL = `http://localhost:${adminPort}`;
  process.env.GATEWAY_URL = stack.gatewayUrl;
  // For tests that set up an account of their own with the admin-user command (the owner's second factor).
  process.env.E2E_DATABASE_URL = stack.env.DATABASE_URL;
  // The mails the shop sent, as .eml files (a password-reset link is followed from its mail).
  process.env.E2E_MAIL_DIR = smtp.mailDir;
  process.env.MAIL_DOWN_ADMIN_URL = mailDown.admin.url;
  process.env.MAIL_DOWN_GATEWAY_URL = mailDown.stack.gatewayUrl;
  process.env.STAGING_STOREFRONT_URL = staging.storefront.url;
  process.env.STAGING_ADMIN_URL = staging.admin.url;
  process.env.STAGING_GATEWAY_URL = staging.stack.gatewayUrl;
  (globalThis as { __E2E__?: E2eState }).__E2E__ = { stack, previews: [storefront.child, admin.child], smtp, mailDown, staging };
}
