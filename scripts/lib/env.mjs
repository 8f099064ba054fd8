// Environment for the local commands: process env first, then .env, then the shop's local defaults.
import { existsSync, readFileSync } from 'node:fs';

export const LOCAL_DEFAULTS = {
  // A superuser connection to the shop's database, for the bootstrap only (scripts/db-bootstrap.mjs); each
  // app connects as its own role (DB_ROLES in scripts/lib/db-roles.mjs) with the password below.
  DATABASE_ADMIN_URL: 'postgres://postgres@127.0.0.1:5432/shop',
  GATEWAY_DB_PASSWORD: 'shop-gateway-local',
  CATALOG_DB_PASSWORD: 'shop-catalog-local',
  ORDER_DB_PASSWORD: 'shop-order-local',
  PAYMENT_DB_PASSWORD: 'shop-payment-local',
  NOTIFICATION_DB_PASSWORD: 'shop-notification-local',
  // For apps started by hand and for the tests: the machine's shared servers, which take anyone. npm start runs
  // NATS and Redis of its own instead (scripts/lib/backing-servers.mjs), on these ports, one user per app with
  // these local passwords (production refuses them).
  REDIS_URL: 'redis://127.0.0.1:6379',
  NATS_URL: 'nats://127.0.0.1:4222',
  LOCAL_NATS_PORT: '4223',
  LOCAL_REDIS_PORT: '6380',
  GATEWAY_NATS_PASSWORD: 'gateway-nats-local',
  CATALOG_NATS_PASSWORD: 'catalog-nats-local',
  ORDER_NATS_PASSWORD: 'order-nats-local',
  PAYMENT_NATS_PASSWORD: 'payment-nats-local',
  NOTIFICATION_NATS_PASSWORD: 'notification-nats-local',
  GATEWAY_REDIS_PASSWORD: 'gateway-redis-local',
  CATALOG_REDIS_PASSWORD: 'catalog-redis-local',
  ORDER_REDIS_PASSWORD: 'order-redis-local',
  PAYMENT_REDIS_PASSWORD: 'payment-redis-local',
  NOTIFICATION_REDIS_PASSWORD: 'notification-redis-local',
  GATEWAY_PORT: '3000',
  STOREFRONT_PORT: '4200',
  ADMIN_PORT: '4300',
};

/** Reads KEY=value lines of a dotenv file (no expansion); missing file gives {}. */
export function readDotEnv(path) {
  if (!existsSync(path)) return {};
  const out = {};
  for (const raw of readFileSync(path, 'utf8').split('\n')) {
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    const eq = line.indexOf('=');
    if (eq < 1) continue;
    let value = line.slice(eq + 1).trim();
    if ((value.startsWith('"') && value.endsWith('"')) || (value.startsWith("'") && value.endsWith("'"))) value = value.slice(1, -1);
    out[line.slice(0, eq).trim()] = value;
  }
  return out;
}

export function localEnv(extra = {}) {
  return { ...LOCAL_DEFAULTS, ...extra, ...readDotEnv('.env'), ...definedOnly(process.env) };
}

function definedOnly(env) {
  return Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
}
