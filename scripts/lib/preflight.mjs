// Checks that Postgres, Redis and NATS answer, and says how to start the one that does not.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

const HOW_TO_START = {
  Postgres: "pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start",
  Redis: "redis-server --daemonize yes --bind 127.0.0.1 -::1 --port 6379 --save '' --appendonly no --dir /var/lib/redis --logfile /var/log/redis/ci.log",
  NATS: 'start-stop-daemon --start --oknodo --background --exec /usr/sbin/nats-server -- -a 127.0.0.1 -p 4222 -js -sd /var/lib/nats-server -l /var/log/nats-server.log',
};

function withTimeout(promise, ms, what) {
  let timer;
  return Promise.race([
    promise.finally(() => clearTimeout(timer)),
    new Promise((_, reject) => (timer = setTimeout(() => reject(new Error(`${what} did not answer within ${ms} ms`)), ms))),
  ]);
}

async function checkPostgres(url) {
  const { Client } = require('pg');
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new Client({ connectionString: admin.toString(), connectionTimeoutMillis: 3000 });
  try {
    await withTimeout(client.connect(), 4000, 'Postgres');
    await client.query('SELECT 1');
  } finally {
    await client.end().catch(() => {});
  }
}

async function checkRedis(url) {
  const { Redis } = require('ioredis');
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null, connectTimeout: 3000 });
  redis.on('error', () => {});
  try {
    await withTimeout(redis.connect(), 4000, 'Redis');
    await withTimeout(redis.ping(), 2000, 'Redis');
  } finally {
    redis.disconnect();
  }
}

async function checkNats(url) {
  const { connect } = require('nats');
  const nc = await withTimeout(connect({ servers: url, timeout: 3000, maxReconnectAttempts: 0 }), 4000, 'NATS');
  await nc.flush();
  await nc.close();
}

/**
 * Resolves when each server named in `only` (default: all three) answers; otherwise prints which did not, and how
 * to start it, and exits 1.
 */
export async function preflight(env, only = ['Postgres', 'Redis', 'NATS']) {
  const checks = [
    ['Postgres', env.DATABASE_ADMIN_URL, checkPostgres],
    ['Redis', env.REDIS_URL, checkRedis],
    ['NATS', env.NATS_URL, checkNats],
  ].filter(([name]) => only.includes(name));
  const results = await Promise.all(
    checks.map(async ([name, url, check]) => {
      try {
        await check(url);
        return null;
      } catch (err) {
        return { name, url, reason: err?.message || String(err) };
      }
    }),
  );
  const failed = results.filter(Boolean);
  if (failed.length === 0) return;
  for (const f of failed) {
    const where = new URL(f.url);
    console.error(`\n✗ ${f.name} cannot be reached at ${where.host} (${f.reason}).`);
    console.error(`  Start it with:\n    ${HOW_TO_START[f.name]}`);
    console.error(`  or point ${f.name === 'Postgres' ? 'DATABASE_ADMIN_URL' : f.name === 'Redis' ? 'REDIS_URL' : 'NATS_URL'} at a running one.`);
  }
  process.exit(1);
}
