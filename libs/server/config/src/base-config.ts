import { z } from 'zod';

/** 'true'/'false'/'1'/'0' from the environment, as a boolean. */
export const envBool = z
  .enum(['true', 'false', '1', '0', ''])
  .transform((v) => v === 'true' || v === '1');

export const envPort = z.coerce.number().int().min(1).max(65535);

/** Defaults that differ from app to app in the keys every app reads. */
export interface BaseConfigDefaults {
  /** The app's own Postgres role (docs/architecture.md, "Postgres roles"): the local default connects as it. */
  databaseRole: string;
  /** The small HTTP port for liveness, readiness and metrics (contract of issue 16). */
  opsPort: number;
  /** The app's own NATS and Redis user (deploy/README.md, "NATS and Redis credentials"). */
  user: string;
}

/**
 * The keys every server app reads, and the only ones the shared server libraries may read: logging, the
 * app's own database connection, NATS, Redis and the queue prefix, the ops port.
 */
export function baseConfigShape(defaults: BaseConfigDefaults) {
  return {
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** The app's own role on the shop's database; `npm run db:bootstrap` creates the roles and their schemas. */
    DATABASE_URL: z.string().startsWith('postgres').default(`postgres://${defaults.databaseRole}@127.0.0.1:5432/shop`),
    REDIS_URL: z.string().startsWith('redis').default('redis://127.0.0.1:6379'),
    NATS_URL: z.string().startsWith('nats').default('nats://127.0.0.1:4222'),
    /**
     * The app's own NATS user and Redis (ACL) user, each allowed only its own subjects or commands. Without a
     * password the app connects anonymously: only outside production (npm start's own servers and every
     * deployment have users; the tests' shared servers have none).
     */
    NATS_USER: z.string().min(1).default(defaults.user),
    /** nats-server reads each password from its environment as a config value: a number-like start breaks it. */
    NATS_PASSWORD: z
      .string()
      .regex(/^[A-Za-z][A-Za-z0-9_.-]*$/, "start with a letter, then only letters, digits, '-', '_' and '.' (nats-server parses it as a config value)")
      .optional(),
    REDIS_USERNAME: z.string().min(1).default(defaults.user),
    REDIS_PASSWORD: z.string().optional(),
    NATS_TIMEOUT_MS: z.coerce.number().int().min(100).max(60000).default(5000),
    /** Prefix of every NATS subject and BullMQ queue, so that environments and test runs can share servers. */
    NATS_SUBJECT_PREFIX: z.string().regex(/^([A-Za-z0-9_-]+\.)?$/, 'a name followed by a dot, or empty').default(''),
    QUEUE_PREFIX: z.string().regex(/^[A-Za-z0-9_-]+$/).default('shop'),
    /** Probes and metrics (/livez, /readyz, /metrics), apart from the public port; 0 takes a free port. */
    OPS_PORT: z.coerce.number().int().min(0).max(65535).default(defaults.opsPort),
    /**
     * After SIGTERM the app answers /readyz 503 at once and keeps serving this long before it stops taking
     * requests, so that a balancer polling readiness stops sending first (Kubernetes does the same with a preStop
     * sleep; 0 there).
     */
    DRAIN_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(0),
  };
}

/** The keys of the four NATS services: the base, plus how they consume the order events stream on JetStream. */
export function serviceConfigShape(defaults: BaseConfigDefaults) {
  return {
    ...baseConfigShape(defaults),
    /** Order events on JetStream: how long a consumer has to acknowledge before redelivery, how many deliveries before an event is a dead letter, and the first retry delay after a failed handling (doubling, at most the ack wait). */
    EVENT_ACK_WAIT_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
    EVENT_MAX_DELIVER: z.coerce.number().int().min(1).max(100).default(6),
    EVENT_RETRY_BASE_MS: z.coerce.number().int().min(10).default(1000),
    /** How long the order events stream keeps events (delivered or not), in days. */
    EVENT_RETENTION_DAYS: z.coerce.number().int().min(1).max(365).default(7),
  };
}

/** What every server app's configuration holds; the shared server libraries take this type. */
export type BaseConfig = Readonly<z.output<z.ZodObject<ReturnType<typeof baseConfigShape>>>>;

/** What every NATS service's configuration holds (the base and the event-consumer settings). */
export type ServiceConfig = Readonly<z.output<z.ZodObject<ReturnType<typeof serviceConfigShape>>>>;

/** The NATS connection's credentials (none without NATS_PASSWORD). */
export function natsCredentials(config: Pick<BaseConfig, 'NATS_USER' | 'NATS_PASSWORD'>): { user?: string; pass?: string } {
  return config.NATS_PASSWORD ? { user: config.NATS_USER, pass: config.NATS_PASSWORD } : {};
}

/** The Redis connection's credentials (none without REDIS_PASSWORD). */
export function redisCredentials(config: Pick<BaseConfig, 'REDIS_USERNAME' | 'REDIS_PASSWORD'>): { username?: string; password?: string } {
  return config.REDIS_PASSWORD ? { username: config.REDIS_USERNAME, password: config.REDIS_PASSWORD } : {};
}

/** Thrown at start-up when the environment is not a valid configuration. */
export class ConfigError extends Error {}

/**
 * Reads and validates one app's configuration once, with that app's schema (`gatewayConfigSchema`...);
 * keys of other apps are ignored, never validated. `env` is injectable for tests.
 */
export function loadConfig<S extends z.ZodType<object>>(schema: S, env: Record<string, string | undefined> = process.env): Readonly<z.output<S>> {
  // Empty strings count as unset so that `FOO=` in an env file falls back to the default.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const result = schema.safeParse(cleaned);
  if (!result.success) {
    // One line per variable, naming it (a refusal's message that already starts with the name is kept as it is).
    const lines = result.error.issues.map((i) => {
      const key = i.path.join('.');
      return `  ${new RegExp(`^${key}\\b`).test(i.message) ? i.message : `${key}: ${i.message}`}`;
    });
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return Object.freeze(result.data);
}

/** The keys a schema reads (for checks that an app is given nothing else, e.g. the compose file's test). */
export function configKeys(schema: z.ZodType): string[] {
  let inner: z.ZodType = schema;
  // A refined object is still a ZodObject in zod 4; a pipe would wrap it.
  while (!(inner instanceof z.ZodObject) && inner instanceof z.ZodPipe) inner = inner.in as z.ZodType;
  if (!(inner instanceof z.ZodObject)) throw new Error('configKeys needs an object schema');
  return Object.keys(inner.shape);
}

/** DI token under which every app provides its validated configuration. */
export const APP_CONFIG = Symbol('APP_CONFIG');
