import type { ChildProcess } from 'node:child_process';
import { startAdminPreview } from './admin-preview';
import { freePort, TestStack } from './test-stack';

/** A second shop of the browser tests whose mail server is down, with the admin build in front of it. */
export interface MailDownShop {
  stack: TestStack;
  admin: { url: string; child: ChildProcess };
}

/**
 * Issue 26's mail warning needs a shop whose mail server is stopped: SMTP_URL names a port where nothing listens
 * (every send: ECONNREFUSED) and each mail gets one attempt, so it fails at once. The run's main shop keeps its
 * working mail server; this one has no storefront and no card payments (its tests need neither).
 */
export async function startMailDownShop(): Promise<MailDownShop> {
  const [deadSmtpPort, adminPort] = [await freePort(), await freePort()];
  const stack = await TestStack.start({
    services: ['catalog-service', 'order-service', 'notification-service'],
    env: { SMTP_URL: `smtp://127.0.0.1:${deadSmtpPort}`, MAIL_RETRY_ATTEMPTS: '1', ADMIN_URL: `http://127.0.0.1:${adminPort}` },
  });
  try {
    return { stack, admin: await startAdminPreview(adminPort, stack.gatewayUrl) };
  } catch (err) {
    await stack.close();
    throw err;
  }
}
