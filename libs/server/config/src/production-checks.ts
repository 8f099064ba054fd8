import type { z } from 'zod';

/**
 * Secret values shipped as examples: `.env.example` (the local development values `npm start` uses) and the
 * defaults docker-compose.yml once had. Production refuses every one of them in any secret variable, so that a
 * copied example file or a Secret that lost a key cannot run a shop.
 */
export const EXAMPLE_SECRET_VALUES: ReadonlySet<string> = new Set([
  'change-me-development-only-secret',
  'change-me-admin',
  // The signing key of the mails' tracking links and the order-access grant (issue 29).
  'change-me-order-link-secret-development-only',
  // Postgres role passwords (they reach an app inside its DATABASE_URL).
  'shop-gateway-local',
  'shop-catalog-local',
  'shop-order-local',
  'shop-payment-local',
  'shop-notification-local',
  // NATS and Redis passwords of `npm start`'s own servers.
  'gateway-nats-local',
  'catalog-nats-local',
  'order-nats-local',
  'payment-nats-local',
  'notification-nats-local',
  'gateway-redis-local',
  'catalog-redis-local',
  'order-redis-local',
  'payment-redis-local',
  'notification-redis-local',
  // WiPay's published sandbox key (docs: payment-wipay.md).
  '123',
]);

/** The secret variables any app may hold; each one is checked against the examples in production. */
const SECRET_KEYS = ['JWT_SECRET', 'ADMIN_PASSWORD', 'NATS_PASSWORD', 'REDIS_PASSWORD', 'WIPAY_API_KEY', 'S3_SECRET_ACCESS_KEY', 'ORDER_LINK_SECRET'] as const;

/** Credentials every app needs in production: NATS and Redis take no anonymous client there. */
const REQUIRED_IN_PRODUCTION = {
  NATS_PASSWORD: 'NATS_PASSWORD is required in production (the password of NATS user NATS_USER)',
  REDIS_PASSWORD: 'REDIS_PASSWORD is required in production (the password of Redis user REDIS_USERNAME)',
} as const;

type Checked = { NODE_ENV: string; DATABASE_URL: string } & Partial<Record<(typeof SECRET_KEYS)[number], string | undefined>>;

/** The password inside a postgres:// URL ('' when it has none or the URL does not parse). */
function urlPassword(url: string): string {
  try {
    return decodeURIComponent(new URL(url).password);
  } catch {
    return '';
  }
}

/**
 * `superRefine` of every app's schema: under NODE_ENV=production, refuses each example secret and missing NATS or
 * Redis credentials, one issue per variable (loadConfig prints one line each, naming it).
 */
export function refuseUnsafeProductionValues(cfg: Checked, ctx: z.RefinementCtx): void {
  if (cfg.NODE_ENV !== 'production') return;
  for (const [key, message] of Object.entries(REQUIRED_IN_PRODUCTION)) {
    if (!cfg[key as keyof typeof REQUIRED_IN_PRODUCTION]) ctx.addIssue({ code: 'custom', path: [key], message });
  }
  for (const key of SECRET_KEYS) {
    const value = cfg[key];
    if (value !== undefined && EXAMPLE_SECRET_VALUES.has(value)) {
      ctx.addIssue({ code: 'custom', path: [key], message: `${key} still has the example value; set a real one for production` });
    }
  }
  if (EXAMPLE_SECRET_VALUES.has(urlPassword(cfg.DATABASE_URL))) {
    ctx.addIssue({ code: 'custom', path: ['DATABASE_URL'], message: "DATABASE_URL holds an example password (.env.example's); set a real one for production" });
  }
}
