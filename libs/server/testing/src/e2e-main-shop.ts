import type { ChildProcess } from 'node:child_process';
import { startAdminPreview } from './admin-preview';
import { E2eSmtpServer } from './e2e-smtp';
import { startStorefrontServer } from './storefront-server';
import { freePort, TestStack } from './test-stack';

/** One of the shops the browser tests' workers run against: the whole shop, its storefront and admin, and its mail server. */
export interface MainShop {
  stack: TestStack;
  previews: ChildProcess[];
  smtp: import('./e2e-smtp').E2eSmtpServer;
  storefrontUrl: string;
  adminUrl: string;
  adminPort: number;
}

/** The whole shop on a fresh database, the storefront's SSR server (as in production) and the admin's production build. */
export async function startMainShop(): Promise<MainShop> {
  // The web apps' ports are chosen first so that the services know the public addresses (the payment
  // provider returns shoppers to STOREFRONT_URL, mails link to it).
  const [storefrontPort, adminPort] = [await freePort(), await freePort()];
  // Mails go over SMTP to a real server, so the owner's outbox sees real sends and a real refusal.
  const smtp = new E2eSmtpServer();
  await smtp.start();
  let stack: TestStack | undefined;
  const previews: ChildProcess[] = [];
  try {
    stack = await TestStack.start({
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
    const storefront = await startStorefrontServer({ port: storefrontPort, gatewayUrl: stack.gatewayUrl });
    previews.push(storefront.child);
    const admin = await startAdminPreview(adminPort, stack.gatewayUrl, storefront.url);
    previews.push(admin.child);
    return { stack, previews, smtp, storefrontUrl: storefront.url, adminUrl: admin.url, adminPort };
  } catch (err) {
    await stopMainShop({ stack, previews, smtp });
    throw err;
  }
}

/** Stops one main shop (its web servers, its stack with its database, its mail server). */
export async function stopMainShop(shop: Pick<MainShop, 'previews' | 'smtp'> & { stack?: TestStack }): Promise<void> {
  for (const child of shop.previews) child.kill('SIGTERM');
  await shop.stack?.close();
  await shop.smtp.stop();
}

