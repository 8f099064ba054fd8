import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { register } from 'tsconfig-paths';
import type { MainShop } from './e2e-main-shop';

const WORKSPACE = resolve(__dirname, '../../../..');

// Jest loads global setup outside its module map, so the @shop/* aliases are resolved here.
const tsconfig = JSON.parse(readFileSync(join(WORKSPACE, 'tsconfig.base.json'), 'utf8')) as { compilerOptions: { paths: Record<string, string[]> } };
register({ baseUrl: WORKSPACE, paths: tsconfig.compilerOptions.paths });
// Loaded after the aliases are registered.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { startMainShop, stopMainShop } = require('./e2e-main-shop') as typeof import('./e2e-main-shop');
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { startMailDownShop } = require('./e2e-mail-down-shop') as typeof import('./e2e-mail-down-shop');
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { startStagingShop, stopStagingShop } = require('./e2e-staging-shop') as typeof import('./e2e-staging-shop');

interface E2eState {
  shops: MainShop[];
  mailDown: import('./e2e-mail-down-shop').MailDownShop;
  staging: import('./e2e-staging-shop').StagingShop;
}

/** How many whole shops to start: one per jest worker (`E2E_SHOPS`, set by the test command beside `--maxWorkers`). */
const SHOPS = Math.max(1, Number(process.env.E2E_SHOPS ?? '1') || 1);

/**
 * Jest global setup of the browser tests: one whole shop per jest worker (each worker's files run against their own
 * shop, as one file after another did against the one shop); a shop whose mail server is down (issue 26); and a
 * staging shop (issue 24's test-shop banner). Each main shop's addresses are exported with the shop's number
 * (`STOREFRONT_URL_2`), and tools/jest/e2e-worker-shop.ts gives each worker its own under the plain names.
 */
export default async function setup(): Promise<void> {
  // Lanes side by side (start-up waits on migrations and connections as much as on the CPU): each main shop, and
  // the two small shops one after the other.
  const side: { mailDown?: import('./e2e-mail-down-shop').MailDownShop; staging?: import('./e2e-staging-shop').StagingShop } = {};
  const sideShops = (async () => {
    side.mailDown = await startMailDownShop();
    side.staging = await startStagingShop();
  })();
  const started = await Promise.allSettled([...Array.from({ length: SHOPS }, () => startMainShop()), sideShops]);
  const shops = started.slice(0, SHOPS).flatMap((r) => (r.status === 'fulfilled' ? [r.value as MainShop] : []));
  const failed = started.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed) {
    // Jest runs no teardown when setup fails: stop what was started here.
    for (const shop of shops) await stopMainShop(shop);
    if (side.mailDown) {
      side.mailDown.admin.child.kill('SIGTERM');
      await side.mailDown.stack.close();
    }
    if (side.staging) await stopStagingShop(side.staging);
    throw failed.reason;
  }
  const mailDown = side.mailDown as import('./e2e-mail-down-shop').MailDownShop;
  const staging = side.staging as import('./e2e-staging-shop').StagingShop;
  shops.forEach((shop, index) => {
    const n = index + 1;
    process.env[`STOREFRONT_URL_${n}`] = shop.storefrontUrl;
    process.env[`ADMIN_URL_${n}`] = shop.adminUrl;
    // The same preview by name, a secure context whose host can be a WebAuthn RP ID (passkey-sign-in.e2e.ts).
    process.env[`PASSKEY_ADMIN_URL_${n}`] = `http://localhost:${shop.adminPort}`;
    process.env[`GATEWAY_URL_${n}`] = shop.stack.gatewayUrl;
    // For tests that set up an account of their own with the admin-user command (the owner's second factor).
    process.env[`E2E_DATABASE_URL_${n}`] = shop.stack.env.DATABASE_URL;
    // The mails the shop sent, as .eml files (a password-reset link is followed from its mail).
    process.env[`E2E_MAIL_DIR_${n}`] = shop.smtp.mailDir;
  });
  process.env.E2E_SHOPS = String(SHOPS);
  process.env.MAIL_DOWN_ADMIN_URL = mailDown.admin.url;
  process.env.MAIL_DOWN_GATEWAY_URL = mailDown.stack.gatewayUrl;
  process.env.STAGING_STOREFRONT_URL = staging.storefront.url;
  process.env.STAGING_ADMIN_URL = staging.admin.url;
  process.env.STAGING_GATEWAY_URL = staging.stack.gatewayUrl;
  (globalThis as { __E2E__?: E2eState }).__E2E__ = { shops, mailDown, staging };
}
