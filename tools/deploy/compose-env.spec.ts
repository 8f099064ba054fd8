import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { catalogConfigSchema, configKeys, gatewayConfigSchema, notificationConfigSchema, orderConfigSchema, paymentConfigSchema } from '@shop/server-config';
import { NatsUser } from '@shop/contracts';
import { REDIS_PASSWORD_ENV, redisUserArgs } from '@shop/server-config';
import { NATS_PASSWORD_ENV } from '@shop/server-messaging';
import { parse } from 'yaml';

// docker-compose.yml hands each server app only the keys its own configuration schema reads, and each
// secret only to the container that uses it (issue 16, least privilege). Docker is not needed to check it.

interface ComposeService {
  environment?: Record<string, string | number | boolean | null>;
  env_file?: unknown;
  depends_on?: Record<string, { condition: string }>;
  command?: string[];
  volumes?: string[];
}

const compose = parse(readFileSync(join(__dirname, '../../docker-compose.yml'), 'utf8'), { merge: true }) as { services: Record<string, ComposeService> };
const services = compose.services;

const APPS = {
  'api-gateway': { schema: gatewayConfigSchema, role: 'shop_gateway', password: 'GATEWAY_DB_PASSWORD' },
  'catalog-service': { schema: catalogConfigSchema, role: 'shop_catalog', password: 'CATALOG_DB_PASSWORD' },
  'order-service': { schema: orderConfigSchema, role: 'shop_order', password: 'ORDER_DB_PASSWORD' },
  'payment-service': { schema: paymentConfigSchema, role: 'shop_payment', password: 'PAYMENT_DB_PASSWORD' },
  'notification-service': { schema: notificationConfigSchema, role: 'shop_notification', password: 'NOTIFICATION_DB_PASSWORD' },
} as const;

const DB_PASSWORDS = Object.values(APPS).map((a) => a.password);
const NATS_PASSWORDS = Object.values(NATS_PASSWORD_ENV);
const REDIS_PASSWORDS = Object.values(REDIS_PASSWORD_ENV);
/** Every variable of the env file that is a secret, and the one service (or few) it may reach. */
const SECRETS = ['JWT_SECRET', 'ORDER_LINK_SECRET', 'ADMIN_PASSWORD', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'WIPAY_API_KEY', 'SMTP_URL', 'POSTGRES_PASSWORD', ...DB_PASSWORDS, ...NATS_PASSWORDS, ...REDIS_PASSWORDS];
const own = (app: NatsUser) => [NATS_PASSWORD_ENV[app], REDIS_PASSWORD_ENV[app]];
const SECRETS_OF: Record<string, string[]> = {
  postgres: ['POSTGRES_PASSWORD'],
  'db-bootstrap': ['POSTGRES_PASSWORD', ...DB_PASSWORDS],
  nats: NATS_PASSWORDS,
  'api-gateway': ['JWT_SECRET', 'ORDER_LINK_SECRET', 'ADMIN_PASSWORD', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'GATEWAY_DB_PASSWORD', ...own(NatsUser.Gateway)],
  'catalog-service': ['CATALOG_DB_PASSWORD', ...own(NatsUser.Catalog)],
  'order-service': ['ORDER_DB_PASSWORD', ...own(NatsUser.Order)],
  'payment-service': ['WIPAY_API_KEY', 'PAYMENT_DB_PASSWORD', ...own(NatsUser.Payment)],
  'notification-service': ['SMTP_URL', 'ORDER_LINK_SECRET', 'NOTIFICATION_DB_PASSWORD', ...own(NatsUser.Notification)],
};

/** The env-file variables a service's environment interpolates (`${NAME...}`). */
function variablesOf(service: ComposeService): string[] {
  const text = Object.values(service.environment ?? {}).map(String).join('\n');
  return [...new Set([...text.matchAll(/\$\{([A-Z0-9_]+)/g)].map((m) => m[1]))];
}

describe('docker-compose.yml', () => {
  it("gives each server app only keys of its own configuration schema", () => {
    for (const [app, { schema }] of Object.entries(APPS)) {
      const keys = Object.keys(services[app].environment ?? {});
      expect([app, keys.filter((k) => !configKeys(schema).includes(k))]).toEqual([app, []]);
      expect(keys).toEqual(expect.arrayContaining(['NODE_ENV', 'DATABASE_URL', 'NATS_URL', 'REDIS_URL']));
    }
  });

  it('lets no secret reach a container that does not use it', () => {
    for (const [name, service] of Object.entries(services)) {
      expect(service.env_file).toBeUndefined();
      const secrets = variablesOf(service).filter((v) => SECRETS.includes(v)).sort();
      expect([name, secrets]).toEqual([name, [...(SECRETS_OF[name] ?? [])].sort()]);
    }
  });

  it('connects each server app as its own Postgres role, and only the bootstrap as the superuser', () => {
    for (const [app, { role, password }] of Object.entries(APPS)) {
      const url = String(services[app].environment?.DATABASE_URL);
      expect(url).toMatch(new RegExp(`^postgres://${role}:\\$\\{${password}:\\?[^}]*\\}@postgres:5432/shop$`));
      expect(services[app].depends_on?.['db-bootstrap']).toEqual({ condition: 'service_completed_successfully' });
    }
    const bootstrap = services['db-bootstrap'];
    expect(bootstrap.command).toEqual(['node', 'scripts/db-bootstrap.mjs', '--env-only']);
    expect(String(bootstrap.environment?.DATABASE_ADMIN_URL)).toMatch(/^postgres:\/\/postgres:\$\{POSTGRES_PASSWORD:\?/);
    const superuser = Object.entries(services).filter(([, s]) => Object.values(s.environment ?? {}).some((v) => String(v).startsWith('postgres://postgres:')));
    expect(superuser.map(([name]) => name)).toEqual(['db-bootstrap']);
  });

  it('requires every NATS and Redis password, the payment provider and the WiPay key and account: no defaults', () => {
    const text = readFileSync(join(__dirname, '../../docker-compose.yml'), 'utf8');
    for (const name of [...NATS_PASSWORDS, ...REDIS_PASSWORDS, 'PAYMENT_PROVIDER', 'WIPAY_API_KEY', 'WIPAY_ACCOUNT_NUMBER']) {
      const uses = [...text.matchAll(new RegExp(`\\$\\{${name}(:[?-])?`, 'g'))].map((m) => m[1]);
      expect([name, uses.length > 0 && uses.every((u) => u === ':?')]).toEqual([name, true]);
    }
    for (const app of Object.values(NatsUser)) {
      expect(services[app].environment).toMatchObject({ NATS_PASSWORD: expect.stringContaining(NATS_PASSWORD_ENV[app]), REDIS_PASSWORD: expect.stringContaining(REDIS_PASSWORD_ENV[app]) });
    }
  });

  it("gives NATS the generated users and Redis one ACL user per app with the shop's rule, no anonymous client", () => {
    expect(services.nats.command).toEqual(expect.arrayContaining(['-c', '/etc/nats/nats-auth.conf']));
    expect(services.nats.volumes).toContain('./deploy/k8s/base/nats/nats-auth.conf:/etc/nats/nats-auth.conf:ro');
    const placeholders = Object.fromEntries(Object.values(NatsUser).map((u) => [u, `\${${REDIS_PASSWORD_ENV[u]}:?set ${REDIS_PASSWORD_ENV[u]}}`])) as Record<NatsUser, string>;
    const command = services.redis.command ?? [];
    expect(command.slice(command.indexOf('--user'))).toEqual(redisUserArgs(placeholders));
  });
});
