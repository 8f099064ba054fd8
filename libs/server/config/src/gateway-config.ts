import { relative, resolve } from 'node:path';
import { z } from 'zod';
import { baseConfigShape, envBool, envPort } from './base-config';
import { SERVER_APPS } from './server-apps';
import { refuseUnsafeProductionValues } from './production-checks';
import { webauthnProblems } from './webauthn-config';
import { orderLinkSecretSchema } from './order-links';

/** Values shipped in `.env.example`; a production gateway refuses to start with them (production-checks.ts). */
export const EXAMPLE_SECRETS = {
  JWT_SECRET: 'change-me-development-only-secret',
  ADMIN_PASSWORD: 'change-me-admin',
} as const;

/** The API gateway's configuration: HTTP, the admin identity and its secrets, the public cache, uploads. */
export const gatewayConfigSchema = z
  .object({
    ...baseConfigShape(SERVER_APPS['api-gateway']),
    /** The gateway's in-process cache of public catalog answers; false: every GET asks the catalog, as before. */
    API_CACHE: envBool.default(true),
    /** The OpenAPI document and its UI at /api/docs; unset: on, except under NODE_ENV=production. */
    API_DOCS: envBool.optional(),
    /** How long the gateway keeps an answer (a safety net: a catalog change clears the cache at once) and how many it keeps. */
    API_CACHE_TTL_SECONDS: z.coerce.number().int().min(1).max(3600).default(10),
    API_CACHE_MAX_ENTRIES: z.coerce.number().int().min(1).max(100_000).default(500),
    /** The public answers' Cache-Control: max-age, then stale-while-revalidate, for browsers and proxies. */
    API_CACHE_MAX_AGE_SECONDS: z.coerce.number().int().min(0).max(3600).default(5),
    API_CACHE_STALE_SECONDS: z.coerce.number().int().min(0).max(86_400).default(30),
    GATEWAY_PORT: envPort.default(3000),
    /** The admin app's origin: cookie calls from any other origin are refused. */
    ADMIN_URL: z.url().default('http://localhost:4300'),
    JWT_SECRET: z.string().min(16).default(EXAMPLE_SECRETS.JWT_SECRET),
    JWT_EXPIRES_IN_SECONDS: z.coerce.number().int().min(60).default(8 * 3600),
    /** An admin session ends after this long without a call (sliding), and at the latest this long after login. */
    SESSION_IDLE_SECONDS: z.coerce.number().int().min(60).default(1800),
    SESSION_ABSOLUTE_SECONDS: z.coerce.number().int().min(60).default(8 * 3600),
    /** The session cookies' Secure flag; unset: on with NODE_ENV=production or an https ADMIN_URL, else off (plain-http development). */
    SESSION_COOKIE_SECURE: envBool.optional(),
    /**
     * Secure session cookies are `__Host-` cookies on Path=/ (the admin host alone); '/api' when the admin host also
     * serves other apps: `__Secure-` cookies on Path=/api. Plain-http cookies keep their bare names (see cookieLayout).
     */
    SESSION_COOKIE_PATH: z.enum(['/', '/api']).default('/'),
    /** Every admin must sign in with a second factor: an account without one is led to set it up and can do nothing else. */
    ADMIN_SECOND_FACTOR_REQUIRED: envBool.default(false),
    /**
     * Passkeys (WebAuthn): the relying party's ID (a domain: the admin's host or a parent of it) and the origin the
     * admin is opened at. Unset: ADMIN_URL's host and origin. Passkeys are off when the host is an IP address.
     */
    WEBAUTHN_RP_ID: z.string().trim().toLowerCase().optional(),
    WEBAUTHN_ORIGIN: z.url().optional(),
    /** Failed logins of one account (from any client) before it is locked; the lock lasts BASE seconds, doubling with each further failure up to MAX. */
    LOGIN_LOCKOUT_THRESHOLD: z.coerce.number().int().min(1).default(5),
    LOGIN_LOCKOUT_BASE_SECONDS: z.coerce.number().int().min(1).default(60),
    LOGIN_LOCKOUT_MAX_SECONDS: z.coerce.number().int().min(1).default(3600),
    /** The failure count of an account starts again after this long without a failed login. */
    LOGIN_LOCKOUT_RESET_SECONDS: z.coerce.number().int().min(1).default(86400),
    ADMIN_USERNAME: z.string().min(1).default('admin'),
    /** The owner's mailbox (the notification service's too): "Forgot password?" also takes this address for the first admin. */
    SHOP_OWNER_EMAIL: z.email().default('owner@example.com'),
    ADMIN_PASSWORD: z.string().min(8).default(EXAMPLE_SECRETS.ADMIN_PASSWORD),
    /** Orders one client (IP) may place per window (10 minutes), so nobody can hold the whole stock in unpaid orders; 0 turns it off. */
    ORDER_RATE_LIMIT: z.coerce.number().int().min(0).default(60),
    // Issue 23: the write routes that need no login, each limited per client (IP) and per visitor id (X-Visitor-Id,
    // when sent) over RATE_LIMIT_WINDOW_SECONDS (also the window of ORDER_RATE_LIMIT); 0 turns a limit off. An IP
    // can be a whole mobile network behind NAT, so the per-IP limits are loose and the per-visitor ones tight.
    RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).max(86_400).default(600),
    ORDER_VISITOR_RATE_LIMIT: z.coerce.number().int().min(0).default(20),
    /** Reviews written or replaced. */
    REVIEW_RATE_LIMIT: z.coerce.number().int().min(0).default(30),
    REVIEW_VISITOR_RATE_LIMIT: z.coerce.number().int().min(0).default(5),
    /** Cart quotes (the cart and checkout ask one on every open and quantity change). */
    QUOTE_RATE_LIMIT: z.coerce.number().int().min(0).default(600),
    QUOTE_VISITOR_RATE_LIMIT: z.coerce.number().int().min(0).default(200),
    /** Quotes that try a discount code, on top of the quote limits: nobody guesses codes. */
    DISCOUNT_CODE_RATE_LIMIT: z.coerce.number().int().min(0).default(30),
    DISCOUNT_CODE_VISITOR_RATE_LIMIT: z.coerce.number().int().min(0).default(15),
    /** Contact messages to the owner. */
    CONTACT_RATE_LIMIT: z.coerce.number().int().min(0).default(5),
    CONTACT_VISITOR_RATE_LIMIT: z.coerce.number().int().min(0).default(5),
    /** Back-in-stock sign-ups ("Notify me") and unsubscribes (issue 28). */
    STOCK_WAIT_RATE_LIMIT: z.coerce.number().int().min(0).default(20),
    STOCK_WAIT_VISITOR_RATE_LIMIT: z.coerce.number().int().min(0).default(10),
    /** "Forgot password?" requests and reset links used, per client (IP); issue 26. */
    PASSWORD_RESET_RATE_LIMIT: z.coerce.number().int().min(0).default(5),
    /** "Find my orders" (issue 29): codes asked for per client (IP) and per contact typed, and codes tried per client. */
    ORDER_LOOKUP_RATE_LIMIT: z.coerce.number().int().min(0).default(10),
    ORDER_LOOKUP_CONTACT_RATE_LIMIT: z.coerce.number().int().min(0).default(3),
    ORDER_CODE_RATE_LIMIT: z.coerce.number().int().min(0).default(20),
    /** Signs the grant a right code gives this browser (and, in the notification service, the mails' tracking links). */
    ORDER_LINK_SECRET: orderLinkSecretSchema,
    UPLOADS_DIR: z.string().default('var/uploads'),
    /**
     * Issue 29: the shoppers' proofs of transfer, on the gateway's disk unless S3_PRIVATE_BUCKET is used; never served
     * as files (only the owner opens one, through the API), so it must not be inside UPLOADS_DIR.
     */
    PRIVATE_UPLOADS_DIR: z.string().default('var/private-uploads'),
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
    S3_FORCE_PATH_STYLE: envBool.default(false),
    /**
     * With UPLOAD_STORAGE=s3: a second bucket, without public read, for the proofs of transfer (same endpoint and keys),
     * so that every gateway reads them; unset, they stay in PRIVATE_UPLOADS_DIR.
     */
    S3_PRIVATE_BUCKET: z.string().optional(),
  })
  .superRefine((cfg, ctx) => {
    if (cfg.UPLOAD_STORAGE === 's3' && !cfg.S3_BUCKET) {
      ctx.addIssue({ code: 'custom', path: ['S3_BUCKET'], message: 'S3_BUCKET is required when UPLOAD_STORAGE=s3' });
    }
    if (cfg.S3_PRIVATE_BUCKET && cfg.S3_PRIVATE_BUCKET === cfg.S3_BUCKET) {
      ctx.addIssue({ code: 'custom', path: ['S3_PRIVATE_BUCKET'], message: 'S3_PRIVATE_BUCKET must not be S3_BUCKET, whose files are public' });
    }
    if (Boolean(cfg.S3_ACCESS_KEY_ID) !== Boolean(cfg.S3_SECRET_ACCESS_KEY)) {
      ctx.addIssue({ code: 'custom', path: ['S3_SECRET_ACCESS_KEY'], message: 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together' });
    }
    if (isInside(cfg.PRIVATE_UPLOADS_DIR, cfg.UPLOADS_DIR)) {
      ctx.addIssue({ code: 'custom', path: ['PRIVATE_UPLOADS_DIR'], message: 'PRIVATE_UPLOADS_DIR must not be inside UPLOADS_DIR, whose files are public' });
    }
    webauthnProblems(cfg).forEach(({ path, message }) => ctx.addIssue({ code: 'custom', path: [path], message }));
    // The example JWT_SECRET and ADMIN_PASSWORD (EXAMPLE_SECRETS) are among the values refused here.
    refuseUnsafeProductionValues(cfg, ctx);
  });

/** Whether `dir` is `parent` or a folder under it. */
function isInside(dir: string, parent: string): boolean {
  const path = relative(resolve(parent), resolve(dir));
  return path === '' || (!path.startsWith('..') && !path.startsWith('/'));
}

export type GatewayConfig = Readonly<z.output<typeof gatewayConfigSchema>>;
export { webauthnRelyingParty, type WebauthnRelyingParty } from './webauthn-config';
