#!/usr/bin/env node
// Starts the whole shop on local defaults: checks Postgres/Redis/NATS, creates the database, builds,
// then runs the four services, the gateway and both web apps until Ctrl-C.
import { spawn } from 'node:child_process';
import { createWriteStream, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { localEnv } from './lib/env.mjs';
import { preflight } from './lib/preflight.mjs';
import { run, waitForHttp } from './lib/run.mjs';

const require = createRequire(import.meta.url);
const started = Date.now();
const env = localEnv({ SEED_DEMO_DATA: 'true', NX_DAEMON: 'false' });
// The admin build links order lines to the shop's product pages: the same public address the services use.
env.VITE_STOREFRONT_URL ??= env.STOREFRONT_URL ?? `http://localhost:${env.STOREFRONT_PORT}`;
const seconds = () => ((Date.now() - started) / 1000).toFixed(1);

console.log('Checking Postgres, Redis and NATS…');
await preflight(env);

const { ensureDatabase } = await loadEnsureDatabase();
await ensureDatabase(env.DATABASE_URL);

console.log('Building (cached after the first time)…');
if ((await run('npx', ['nx', 'run-many', '-t', 'build', '--outputStyle=static'], { env: { ...process.env, ...env } })) !== 0) {
  console.error('Build failed.');
  process.exit(1);
}

mkdirSync('var/log', { recursive: true });
const children = [];
function launch(name, cmd, args, extraEnv = {}) {
  const log = createWriteStream(`var/log/${name}.log`, { flags: 'a' });
  const child = spawn(cmd, args, { env: { ...process.env, ...env, ...extraEnv }, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout.pipe(log);
  child.stderr.pipe(log);
  child.on('exit', (code, signal) => {
    if (!shuttingDown) console.error(`${name} stopped (${signal ?? `exit ${code}`}); see var/log/${name}.log`);
  });
  children.push({ name, child });
  return child;
}

const services = ['catalog-service', 'order-service', 'payment-service', 'notification-service'];
for (const app of services) launch(app, process.execPath, [`dist/apps/${app}/apps/${app}/src/main.js`]);
launch('api-gateway', process.execPath, ['dist/apps/api-gateway/apps/api-gateway/src/main.js']);
const gatewayUrl = `http://localhost:${env.GATEWAY_PORT}`;
const vite = join(dirname(require.resolve('vite/package.json')), 'bin/vite.js');
launch('storefront', process.execPath, [vite, 'preview', '--config', 'apps/storefront/vite.config.ts', '--port', env.STOREFRONT_PORT, '--strictPort'], { GATEWAY_URL: gatewayUrl });
launch('admin', process.execPath, [vite, 'preview', '--config', 'apps/admin/vite.config.ts', '--port', env.ADMIN_PORT, '--strictPort'], { GATEWAY_URL: gatewayUrl });

let shuttingDown = false;
async function shutdown(code = 0) {
  if (shuttingDown) return;
  shuttingDown = true;
  console.log('\nStopping the shop…');
  await Promise.all(
    children.map(
      ({ child }) =>
        new Promise((resolve) => {
          if (child.exitCode !== null) return resolve();
          child.once('exit', resolve);
          child.kill('SIGTERM');
        }),
    ),
  );
  process.exit(code);
}
process.on('SIGINT', () => shutdown(0));
process.on('SIGTERM', () => shutdown(0));

try {
  await waitForHttp(`${gatewayUrl}/api/health`, { timeoutMs: 90_000 });
  await waitForHttp(`http://localhost:${env.STOREFRONT_PORT}/`, { timeoutMs: 30_000 });
  await waitForHttp(`http://localhost:${env.ADMIN_PORT}/admin/`, { timeoutMs: 30_000 });
} catch (err) {
  console.error(`\nThe shop did not come up: ${err.message}\nLogs are in var/log/.`);
  await shutdown(1);
}

console.log(`
The shop is up (${seconds()} s).
  Storefront   http://localhost:${env.STOREFRONT_PORT}/
  Admin        http://localhost:${env.ADMIN_PORT}/admin/   (user ${env.ADMIN_USERNAME ?? 'admin'}; password from ADMIN_PASSWORD, .env.example has the development one)
  API          ${gatewayUrl}/api/products
  API docs     ${gatewayUrl}/api/docs
  Health       ${gatewayUrl}/api/health
  Card payments ${env.PAYMENT_PROVIDER === 'wipay' ? 'WiPay' : `sandbox page on ${env.PAYMENT_SANDBOX_URL || `http://localhost:${env.PAYMENT_SANDBOX_PORT || 3100}`} (approve/decline, no real card)`}
Logs: var/log/<app>.log. Press Ctrl-C to stop.`);

async function loadEnsureDatabase() {
  // Plain JS so that this script runs before anything is built.
  const { Client } = require('pg');
  return {
    async ensureDatabase(url) {
      const name = decodeURIComponent(new URL(url).pathname.slice(1));
      if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Unsafe database name in DATABASE_URL: ${name}`);
      const admin = new URL(url);
      admin.pathname = '/postgres';
      const client = new Client({ connectionString: admin.toString() });
      await client.connect();
      try {
        const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
        if (found.rowCount === 0) {
          await client.query(`CREATE DATABASE ${name}`);
          console.log(`Created database ${name}.`);
        }
      } finally {
        await client.end();
      }
    },
  };
}
