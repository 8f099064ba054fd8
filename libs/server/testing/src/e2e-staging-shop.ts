import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { NatsUser } from '@shop/contracts';
import { redisUserArgs } from '@shop/server-config';
import { startAdminPreview } from './admin-preview';
import { OwnRedisServer } from './own-servers';
import { startStorefrontServer } from './storefront-server';
import { freePort, type StackApp, TestStack } from './test-stack';

/** A third shop of the browser tests: a staging shop, with its storefront's SSR server and the admin build in front. */
export interface StagingShop {
  stack: TestStack;
  redis: OwnRedisServer;
  storefront: { url: string; child: ChildProcess };
  admin: { url: string; child: ChildProcess };
}

const secret = () => `s${randomBytes(18).toString('base64url')}`;

/**
 * Issue 24's test-shop banner needs a payment service on the sandbox under NODE_ENV=production, allowed by
 * PAYMENT_SANDBOX_IN_PRODUCTION=true. Production requires its NATS and Redis passwords: the machine's shared NATS
 * takes anyone, but Redis checks them, so this shop runs on a redis-server of its own with the shop's generated
 * users, each app signing in as its own. Only the catalog (the pages' data) and the payment service run.
 */
export async function startStagingShop(): Promise<StagingShop> {
  const passwords = Object.fromEntries(Object.values(NatsUser).map((user) => [user, secret()])) as Record<NatsUser, string>;
  const redis = await OwnRedisServer.start({ args: redisUserArgs(passwords) });
  const services: StackApp[] = ['catalog-service', 'payment-service'];
  const appEnv: Partial<Record<StackApp, Record<string, string>>> = Object.fromEntries(
    (['api-gateway', ...services] as StackApp[]).map((app) => [app, { REDIS_PASSWORD: passwords[app as NatsUser] }]),
  );
  appEnv['payment-service'] = { ...appEnv['payment-service'], NODE_ENV: 'production', PAYMENT_SANDBOX_IN_PRODUCTION: 'true', WIPAY_API_KEY: secret(), NATS_PASSWORD: secret() };
  let stack: TestStack | undefined;
  const children: ChildProcess[] = [];
  try {
    stack = await TestStack.start({ services, redisUrl: redis.url, appEnv });
    const storefront = await startStorefrontServer({ port: await freePort(), gatewayUrl: stack.gatewayUrl });
    children.push(storefront.child);
    const admin = await startAdminPreview(await freePort(), stack.gatewayUrl, storefront.url);
    return { stack, redis, storefront, admin };
  } catch (err) {
    for (const child of children) child.kill('SIGTERM');
    await stack?.close();
    await redis.stop();
    throw err;
  }
}

/** Stops a staging shop: its web servers, its stack (dropping its database) and its Redis. */
export async function stopStagingShop(staging: StagingShop): Promise<void> {
  staging.storefront.child.kill('SIGTERM');
  staging.admin.child.kill('SIGTERM');
  await staging.stack.close();
  await staging.redis.stop();
}
