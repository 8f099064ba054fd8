import { z } from 'zod';

/** Values shipped in `.env.example`; a production start refuses to run with them. */
export const EXAMPLE_SECRETS = {
  JWT_SECRET: 'change-me-development-only-secret',
  ADMIN_PASSWORD: 'change-me-admin',
} as const;

const bool = z
  .enum(['true', 'false', '1', '0', ''])
  .transform((v) => v === 'true' || v === '1');

const ConfigSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    DATABASE_URL: z.string().startsWith('postgres').default('postgres://postgres@127.0.0.1:5432/shop'),
    REDIS_URL: z.string().startsWith('redis').default('redis://127.0.0.1:6379'),
    NATS_URL: z.string().startsWith('nats').default('nats://127.0.0.1:4222'),
    NATS_TIMEOUT_MS: z.coerce.number().int().min(100).max(60000).default(5000),
    /** Prefix of every NATS subject and BullMQ queue, so that environments and test runs can share servers. */
    NATS_SUBJECT_PREFIX: z.string().regex(/^([A-Za-z0-9_-]+\.)?$/, 'a name followed by a dot, or empty').default(''),
    QUEUE_PREFIX: z.string().regex(/^[A-Za-z0-9_-]+$/).default('shop'),
    /** The gateway's in-process cache of public catalog answers; false: every GET asks the catalog, as before. */
    API_CACHE: bool.default(true),
    /** How long the gateway keeps an answer (a safety net: a catalog change clears the cache at once) and how many it keeps. */
    API_CACHE_TTL_SECONDS: z.coerce.number().int().min(1).max(3600).default(10),
    API_CACHE_MAX_ENTRIES: z.coerce.number().int().min(1).max(100_000).default(500),
    /** The public answers' Cache-Control: max-age, then stale-while-revalidate, for browsers and proxies. */
    API_CACHE_MAX_AGE_SECONDS: z.coerce.number().int().min(0).max(3600).default(5),
    API_CACHE_STALE_SECONDS: z.coerce.number().int().min(0).max(86_400).default(30),
    GATEWAY_PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    /**
     * Issue 16 (ops): every server app's probes and metrics port (/livez, /readyz, /metrics), apart from its
     * public port. Unset: the app's own default from OPS_PORT_DEFAULTS (api-gateway 9400 … notification 9404),
     * so the apps of one host never collide; 0 takes a free port. Read by every server app.
     */
    OPS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
    /**
     * Issue 16 (ops): after SIGTERM the app answers /readyz 503 at once and keeps serving this long before it
     * stops taking requests, so that a balancer polling readiness stops sending first (Kubernetes does the same
     * with a preStop sleep; 0 there). Read by every server app.
     */
    DRAIN_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(0),
    STOREFRONT_URL: z.url().default('http://localhost:4200'),
    ADMIN_URL: z.url().default('http://localhost:4300'),
    JWT_SECRET: z.string().min(16).default(EXAMPLE_SECRETS.JWT_SECRET),
    JWT_EXPIRES_IN_SECONDS: z.coerce.number().int().min(60).default(8 * 3600),
    /** An admin session ends after this long without a call (sliding), and at the latest this long after login. */
    SESSION_IDLE_SECONDS: z.coerce.number().int().min(60).default(1800),
    SESSION_ABSOLUTE_SECONDS: z.coerce.number().int().min(60).default(8 * 3600),
    /** The session cookies' Secure flag; unset: on with NODE_ENV=production or an https ADMIN_URL, else off (plain-http development). */
    SESSION_COOKIE_SECURE: bool.optional(),
    /** Failed logins of one account (from any client) before it is locked; the lock lasts BASE seconds, doubling with each further failure up to MAX. */
    LOGIN_LOCKOUT_THRESHOLD: z.coerce.number().int().min(1).default(5),
    LOGIN_LOCKOUT_BASE_SECONDS: z.coerce.number().int().min(1).default(60),
    LOGIN_LOCKOUT_MAX_SECONDS: z.coerce.number().int().min(1).default(3600),
    /** The failure count of an account starts again after this long without a failed login. */
    LOGIN_LOCKOUT_RESET_SECONDS: z.coerce.number().int().min(1).default(86400),
    ADMIN_USERNAME: z.string().min(1).default('admin'),
    ADMIN_PASSWORD: z.string().min(8).default(EXAMPLE_SECRETS.ADMIN_PASSWORD),
    SMTP_URL: z.string().optional(),
    OUTBOX_DIR: z.string().default('var/outbox'),
    UPLOADS_DIR: z.string().default('var/uploads'),
    /** Largest image the owner may upload (bytes); the 400 answer states it. */
    UPLOAD_MAX_BYTES: z.coerce.number().int().min(1024).max(100 * 1024 * 1024).default(5 * 1024 * 1024),
    /** Largest image accepted, in pixels (width x height), so that a small file cannot expand to gigabytes. */
    UPLOAD_MAX_PIXELS: z.coerce.number().int().min(10_000).max(268_000_000).default(40_000_000),
    /** Where uploads are kept: local disk under UPLOADS_DIR (served at /api/files/), or an S3-compatible bucket. */
    UPLOAD_STORAGE: z.enum(['local', 's3']).default('local'),
    S3_BUCKET: z.string().optional(),
    S3_REGION: z.string().default('us-east-1'),
    /** Endpoint of an S3-compatible store (MinIO, R2, Spaces...); unset for AWS S3 itself. */
    S3_ENDPOINT: z.url().optional(),
    /** Unset: the AWS SDK's default credential chain (AWS_* variables, instance role). */
    S3_ACCESS_KEY_ID: z.string().optional(),
    S3_SECRET_ACCESS_KEY: z.string().optional(),
    /** Public address the bucket's objects are read from (a CDN or the bucket's URL), without a trailing slash. */
    S3_PUBLIC_BASE_URL: z.url().optional(),
    S3_FORCE_PATH_STYLE: bool.default(false),
    SHOP_OWNER_EMAIL: z.email().default('owner@example.com'),
    /** The From of every mail the shop sends. */
    MAIL_FROM: z.string().min(3).default('Island Glow <shop@example.com>'),
    /** Refuse SMTP servers whose certificate does not verify (turn off only for a self-signed test relay). */
    SMTP_TLS_REJECT_UNAUTHORIZED: bool.default(true),
    /** Insist on STARTTLS on a plain smtp:// connection (smtps:// is TLS from the start). */
    SMTP_REQUIRE_TLS: bool.default(false),
    /** Sending attempts per mail, and the first retry delay (doubling each time) on a temporary SMTP failure. */
    MAIL_RETRY_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(6),
    MAIL_RETRY_BASE_MS: z.coerce.number().int().min(10).default(30_000),
    /** How often the notification service re-queues mails waiting in its table whose jobs are not in Redis (lost with Redis's data). */
    MAIL_SWEEP_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
    /** A send that began this long ago and never recorded SMTP's answer is given up as failed (it may have been delivered), never resent on its own. */
    MAIL_SENDING_STALE_SECONDS: z.coerce.number().int().min(1).default(180),
    /** Order events on JetStream: how long a consumer has to acknowledge before redelivery, how many deliveries before an event is a dead letter, and the first retry delay after a failed handling (doubling, at most the ack wait). */
    EVENT_ACK_WAIT_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
    EVENT_MAX_DELIVER: z.coerce.number().int().min(1).max(100).default(6),
    EVENT_RETRY_BASE_MS: z.coerce.number().int().min(10).default(1000),
    /** How long the order events stream keeps events (delivered or not), in days. */
    EVENT_RETENTION_DAYS: z.coerce.number().int().min(1).max(365).default(7),
    PAYMENT_PROVIDER: z.enum(['sandbox', 'wipay']).default('sandbox'),
    RESERVATION_TTL_SECONDS: z.coerce.number().int().min(1).default(1800),
    /** Orders one client (IP) may place per 10 minutes, so nobody can hold the whole stock in unpaid orders; 0 turns it off. */
    ORDER_RATE_LIMIT: z.coerce.number().int().min(0).default(60),
    /** How often the order service reconciles lost expiry and stock jobs, and how long it lets the normal path run first. */
    ORDER_SWEEP_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
    /**
     * How long the catalog holds a reservation that no stored order has claimed yet (the order service died,
     * or gave up on the reserve call, between reserving and writing the order); then it asks the order
     * service and releases the stock of an order that was never written. Every STOCK_SWEEP_SECONDS.
     */
    STOCK_HOLD_SECONDS: z.coerce.number().int().min(1).max(3600).default(120),
    STOCK_SWEEP_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
    /** The shop's name as the payment page shows it (WiPay's `origin`, 1-32 characters). */
    PAYMENT_SHOP_NAME: z.string().min(1).max(32).default('Island Glow'),
    /** WiPay merchant account and API key; the defaults are WiPay's published sandbox values. */
    WIPAY_ACCOUNT_NUMBER: z.string().regex(/^\d{10}$/).default('1234567890'),
    WIPAY_API_KEY: z.string().min(1).default('123'),
    WIPAY_REQUEST_URL: z.url().default('https://tt.wipayfinancial.com/plugins/payments/request'),
    WIPAY_ENVIRONMENT: z.enum(['sandbox', 'live']).default('sandbox'),
    WIPAY_COUNTRY_CODE: z.enum(['TT', 'JM', 'BB', 'GY']).default('TT'),
    WIPAY_CURRENCY: z.enum(['TTD', 'USD']).default('TTD'),
    WIPAY_FEE_STRUCTURE: z.enum(['customer_pay', 'merchant_absorb', 'split']).default('merchant_absorb'),
    WIPAY_METHOD: z.enum(['credit_card', 'credit_card_co']).default('credit_card'),
    /** Port of the sandbox's hosted payment page (served by the payment service), and its public address. */
    PAYMENT_SANDBOX_PORT: z.coerce.number().int().min(1).max(65535).default(3100),
    PAYMENT_SANDBOX_URL: z.url().optional(),
    SEED_DEMO_DATA: bool.default(false),
  })
  .superRefine((cfg, ctx) => {
    if (cfg.UPLOAD_STORAGE === 's3' && !cfg.S3_BUCKET) {
      ctx.addIssue({ code: 'custom', path: ['S3_BUCKET'], message: 'S3_BUCKET is required when UPLOAD_STORAGE=s3' });
    }
    if (Boolean(cfg.S3_ACCESS_KEY_ID) !== Boolean(cfg.S3_SECRET_ACCESS_KEY)) {
      ctx.addIssue({ code: 'custom', path: ['S3_SECRET_ACCESS_KEY'], message: 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together' });
    }
    if (cfg.NODE_ENV !== 'production') return;
    for (const key of ['JWT_SECRET', 'ADMIN_PASSWORD'] as const) {
      if (cfg[key] === EXAMPLE_SECRETS[key]) {
        ctx.addIssue({ code: 'custom', path: [key], message: `${key} still has the example value; set a real one for production` });
      }
    }
  });

export type AppConfig = z.infer<typeof ConfigSchema>;

/** Thrown at start-up when the environment is not a valid configuration. */
export class ConfigError extends Error {}

/** Reads and validates the configuration once; `env` is injectable for tests. */
export function loadConfig(env: Record<string, string | undefined> = process.env): AppConfig {
  // Empty strings count as unset so that `FOO=` in an env file falls back to the default.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const result = ConfigSchema.safeParse(cleaned);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return Object.freeze(result.data);
}

/** DI token under which every app provides its validated configuration. */
export const APP_CONFIG = Symbol('APP_CONFIG');
