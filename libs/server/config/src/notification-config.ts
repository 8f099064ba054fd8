import { z } from 'zod';
import { envBool, serviceConfigShape } from './base-config';
import { SERVER_APPS } from './server-apps';
import { refuseUnsafeProductionValues } from './production-checks';
import { orderLinkSecretSchema } from './order-links';

/** The notification service's configuration: mail (SMTP or the mail drop folder), its retries and sweeps. */
export const notificationConfigSchema = z.object({
  ...serviceConfigShape(SERVER_APPS['notification-service']),
  /** The two sites' public addresses, for links in mails. */
  STOREFRONT_URL: z.url().default('http://localhost:4200'),
  ADMIN_URL: z.url().default('http://localhost:4300'),
  /** Unset: mails are written as .eml files to MAIL_DROP_DIR instead of sent. */
  SMTP_URL: z.string().optional(),
  /** The folder of those .eml files (default var/mail-drop). */
  MAIL_DROP_DIR: z.string().optional(),
  /** MAIL_DROP_DIR's former name, still read when MAIL_DROP_DIR is unset. */
  OUTBOX_DIR: z.string().optional(),
  SHOP_OWNER_EMAIL: z.email().default('owner@example.com'),
  /** The From of every mail the shop sends. */
  MAIL_FROM: z.string().min(3).default('Island Glow <shop@example.com>'),
  /** Refuse SMTP servers whose certificate does not verify (turn off only for a self-signed test relay). */
  SMTP_TLS_REJECT_UNAUTHORIZED: envBool.default(true),
  /** Insist on STARTTLS on a plain smtp:// connection (smtps:// is TLS from the start). */
  SMTP_REQUIRE_TLS: envBool.default(false),
  /** Sending attempts per mail, and the first retry delay (doubling each time) on a temporary SMTP failure. */
  MAIL_RETRY_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(6),
  MAIL_RETRY_BASE_MS: z.coerce.number().int().min(10).default(30_000),
  /** How often the notification service re-queues mails waiting in its table whose jobs are not in Redis (lost with Redis's data). */
  MAIL_SWEEP_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  /** A send that began this long ago and never recorded SMTP's answer is given up as failed (it may have been delivered), never resent on its own. */
  MAIL_SENDING_STALE_SECONDS: z.coerce.number().int().min(1).default(180),
  /** Signs every shopper mail's tracking link (issue 29); the gateway checks them with the same key. */
  ORDER_LINK_SECRET: orderLinkSecretSchema,
})
  .superRefine(refuseUnsafeProductionValues)
  .transform(({ OUTBOX_DIR, ...config }) => ({ ...config, MAIL_DROP_DIR: config.MAIL_DROP_DIR ?? OUTBOX_DIR ?? 'var/mail-drop' }));

export type NotificationConfig = Readonly<z.output<typeof notificationConfigSchema>>;
