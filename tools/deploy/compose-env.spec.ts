import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  catalogConfigSchema,
  configKeys,
  gatewayConfigSchema,
  notificationConfigSchema,
  orderConfigSchema,
  paymentConfigSchema,
} from '@shop/server-core';
import { parse } from 'yaml';

// docker-compose.yml hands each server app only the keys its own configuration schema reads, and each
// secret only to the container that uses it (issue 16, least privilege). Docker is not needed to check it.

interface ComposeService {
  environment?: Record<string, string | number | boolean | null>;
  env_file?: unknown;
  depends_on?: Record<string, { condition: string }>;
  command?: string[];
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
/** Every variable of the env file that is a secret, and the one service (or few) it may reach. */
const SECRETS = ['JWT_SECRET', 'ADMIN_PASSWORD', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'WIPAY_API_KEY', 'SMTP_URL', 'POSTGRES_PASSWORD', ...DB_PASSWORDS];
const SECRETS_OF: Record<string, string[]> = {
  postgres: ['POSTGRES_PASSWORD'],
  'db-bootstrap': ['POSTGRES_PASSWORD', ...DB_PASSWORDS],
  'api-gateway': ['JWT_SECRET', 'ADMIN_PASSWORD', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'GATEWAY_DB_PASSWORD'],
  'catalog-service': ['CATALOG_DB_PASSWORD'],
  'order-service': ['ORDER_DB_PASSWORD'],
  'payment-service': ['WIPAY_API_KEY', 'PAYMENT_DB_PASSWORD'],
  'notification-service': ['SMTP_URL', 'NOTIFICATION_DB_PASSWORD'],
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
});
