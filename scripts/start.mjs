#!/usr/bin/env node
// Starts the whole shop on local defaults: checks its ports are free and Postgres answers, creates the
// database and its roles (the bootstrap, as the local superuser), builds, starts a NATS and a Redis of its own
// (one user per app, as in a deployment: scripts/lib/backing-servers.mjs), then runs the four services, the gateway and both web apps until
// Ctrl-C or SIGTERM, which stop every child (each runs in a process group of its own).
//
// `--dev` (`npm run dev`) is the same shop for editing: the server apps are recompiled and restarted on every
// change (scripts/lib/dev-servers.mjs) and both web apps run on Vite's dev servers (hot reload; the storefront
// renders in the browser there, its SSR server is not used).
import { createWriteStream, mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Children } from './lib/children.mjs';
import { startBackingServers } from './lib/backing-servers.mjs';
import { appDatabaseUrls, bootstrapDatabase, DB_ROLES } from './lib/db-roles.mjs';
import { localEnv } from './lib/env.mjs';
import { devBundle, watchServers } from './lib/dev-servers.mjs';
import { checkPortsFree, portHeldBy } from './lib/ports.mjs';
import { preflight } from './lib/preflight.mjs';
import { waitForHttp } from './lib/run.mjs';

const require = createRequire(import.meta.url);
const dev = process.argv.includes('--dev');
const started = Date.now();
const env = localEnv({ SEED_DEMO_DATA: 'true', NX_DAEMON: 'false' });
// The admin build links order lines to the shop's product pages: the same public address the services use.
env.VITE_STOREFRONT_URL ??= env.STOREFRONT_URL ?? `http://localhost:${env.STOREFRONT_PORT}`;
const seconds = () => ((Date.now() - started) / 1000).toFixed(1);

const children = new Children({ graceMs: Number(env.START_STOP_GRACE_MS ?? 10_000) });
let shuttingDown = false;
async function shutdown(code = 0) {
  if (shuttingDown) return;
  shuttingDown = true;
  if (children.pids().length > 0) console.log('\nStopping the shop…');
  await children.stopAll();
  process.exit(code);
}
// A stop asked for is a clean exit (0), as Ctrl-C always was.
process.on('SIGINT', () => void shutdown(0));
process.on('SIGTERM', () => void shutdown(0));

// The server apps' table (libs/server/config/src/server-apps-table.json): each app's ops port (/livez, /readyz, /metrics), given to
// each explicitly so that an OPS_PORT in .env (one value for all five) cannot make them collide, and the Node
// settings every server process runs with, as in the images and the Kubernetes manifests.
const SERVER_APPS = JSON.parse(readFileSync(new URL('../libs/server/config/src/server-apps-table.json', import.meta.url), 'utf8'));
const OPS_PORTS = Object.fromEntries(Object.entries(SERVER_APPS.apps).map(([app, { opsPort }]) => [app, opsPort]));

// Every port the shop listens on, checked before anything starts: an earlier shop still running would
// otherwise answer in place of this one while this one's processes exit with EADDRINUSE.
const ports = [
  { port: Number(env.GATEWAY_PORT), name: 'API gateway, GATEWAY_PORT' },
  { port: Number(env.STOREFRONT_PORT), name: 'storefront, STOREFRONT_PORT' },
  { port: Number(env.ADMIN_PORT), name: 'admin, ADMIN_PORT' },
];
for (const [app, port] of Object.entries(OPS_PORTS)) ports.push({ port, name: `${app} probes and metrics` });
ports.push({ port: Number(env.LOCAL_NATS_PORT), name: "the shop's own NATS, LOCAL_NATS_PORT" }, { port: Number(env.LOCAL_REDIS_PORT), name: "the shop's own Redis, LOCAL_REDIS_PORT" });
if (env.PAYMENT_PROVIDER !== 'wipay') ports.push({ port: Number(env.PAYMENT_SANDBOX_PORT || 3100), name: 'payment sandbox page, PAYMENT_SANDBOX_PORT' });
const busy = await checkPortsFree(ports);
if (busy.length > 0) {
  for (const line of busy) console.error(`✗ ${line}`);
  console.error('Stop what holds it (an earlier `npm start`?) or choose another port in .env, then start again.');
  process.exit(1);
}

console.log('Checking Postgres…');
await preflight(env, ['Postgres']);

// Each app connects as its own role; the superuser URL (DATABASE_ADMIN_URL) only bootstraps them.
if (env.DATABASE_URL) console.warn('Note: DATABASE_URL is not used by npm start (each app connects as its own role); DATABASE_ADMIN_URL names the database.');
await bootstrapDatabase(env.DATABASE_ADMIN_URL, { env, log: (line) => console.log(`Database: ${line}.`) });
const databaseUrls = appDatabaseUrls(env.DATABASE_ADMIN_URL, env);

if (dev) {
  console.log('Compiling the server apps (watching for changes)…');
  try {
    await watchServers(children, env);
  } catch (err) {
    console.error(`✗ ${err.message}`);
    await shutdown(1);
  }
} else {
  console.log('Building (cached after the first time)…');
  // The build runs as a child too, so that Ctrl-C or SIGTERM during it stops it.
  const build = children.spawn('build', 'npx', ['nx', 'run-many', '-t', 'build', '--outputStyle=static'], { env: { ...process.env, ...env }, stdio: 'inherit' });
  const buildCode = await new Promise((resolve) => build.once('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0))));
  if (shuttingDown) await new Promise(() => {});
  if (buildCode !== 0) {
    console.error('Build failed.');
    process.exit(1);
  }
}

mkdirSync('var/log', { recursive: true });
const launched = new Map();
// The superuser's URL and the roles' passwords stay here: an app gets its own DATABASE_URL only. Likewise the
// NATS and Redis passwords: each app gets its own as NATS_PASSWORD and REDIS_PASSWORD.
const bootstrapOnly = new Set(['DATABASE_ADMIN_URL', ...DB_ROLES.map((r) => r.passwordEnv)]);

/** A child with its output in var/log/<name>.log (the backing servers get only `serverEnv` besides PATH). */
function spawnLogged(name, cmd, args, serverEnv) {
  const log = createWriteStream(`var/log/${name}.log`, { flags: 'a' });
  const child = children.spawn(name, cmd, args, { env: { PATH: process.env.PATH ?? '', ...serverEnv }, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout.pipe(log);
  child.stderr.pipe(log);
  child.on('exit', (code, signal) => {
    if (!shuttingDown) console.error(`${name} stopped (${signal ?? `exit ${code}`}); see var/log/${name}.log`);
  });
  return child;
}
let backing;
try {
  backing = await startBackingServers(env, spawnLogged);
} catch (err) {
  console.error(`✗ ${err.message}`);
  await shutdown(1);
}
for (const key of backing.secrets) bootstrapOnly.add(key);

function launch(name, cmd, args, extraEnv = {}) {
  const log = createWriteStream(`var/log/${name}.log`, { flags: 'a' });
  const childEnv = Object.fromEntries(Object.entries({ ...process.env, ...env, ...backing.appEnv[name], ...extraEnv }).filter(([key]) => !bootstrapOnly.has(key)));
  const child = children.spawn(name, cmd, args, { env: childEnv, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout.pipe(log);
  child.stderr.pipe(log);
  child.on('exit', (code, signal) => {
    if (!shuttingDown) console.error(`${name} stopped (${signal ?? `exit ${code}`}); see var/log/${name}.log`);
  });
  launched.set(name, child);
  return child;
}

const services = ['catalog-service', 'order-service', 'payment-service', 'notification-service'];
const SERVER_NODE_FLAGS = SERVER_APPS.nodeOptions.split(' ');
const SERVER_ENV = { MALLOC_ARENA_MAX: SERVER_APPS.mallocArenaMax };
const serverArgs = (app) => (dev ? ['--watch', ...SERVER_NODE_FLAGS, devBundle(app)] : [...SERVER_NODE_FLAGS, `dist/apps/${app}/main.js`]);
for (const app of [...services, 'api-gateway']) launch(app, process.execPath, serverArgs(app), { ...SERVER_ENV, DATABASE_URL: databaseUrls[app], OPS_PORT: String(OPS_PORTS[app]) });
const gatewayUrl = `http://localhost:${env.GATEWAY_PORT}`;
const vite = join(dirname(require.resolve('vite/package.json')), 'bin/vite.js');
const webEnv = { GATEWAY_URL: gatewayUrl, STOREFRONT_URL: env.STOREFRONT_URL ?? `http://localhost:${env.STOREFRONT_PORT}` };
if (dev) {
  launch('storefront', process.execPath, [vite, '--config', 'apps/storefront/vite.config.ts', '--port', env.STOREFRONT_PORT, '--strictPort'], webEnv);
  launch('admin', process.execPath, [vite, '--config', 'apps/admin/vite.config.ts', '--port', env.ADMIN_PORT, '--strictPort'], { ...webEnv, STOREFRONT_URL: `http://localhost:${env.STOREFRONT_PORT}` });
} else {
  // The storefront's SSR server, as in production: public screens rendered with their data, /api passed to the gateway.
  launch('storefront', process.execPath, ['dist/apps/storefront-server/main.mjs'], { ...webEnv, PORT: env.STOREFRONT_PORT });
  launch('admin', process.execPath, [vite, 'preview', '--config', 'apps/admin/vite.config.ts', '--port', env.ADMIN_PORT, '--strictPort'], { GATEWAY_URL: gatewayUrl, STOREFRONT_URL: `http://localhost:${env.STOREFRONT_PORT}` });
}

/** Throws unless every child still runs and each web port is held by our own child: an answer from anyone else is not ours. */
function checkOwnProcesses() {
  const exited = [...launched].filter(([, child]) => child.exitCode !== null || child.signalCode !== null).map(([name]) => name);
  if (exited.length > 0) throw new Error(`${exited.join(', ')} exited while starting`);
  for (const [name, port] of [['api-gateway', env.GATEWAY_PORT], ['storefront', env.STOREFRONT_PORT], ['admin', env.ADMIN_PORT]]) {
    if (!portHeldBy(Number(port), [launched.get(name).pid]) && process.platform === 'linux') {
      throw new Error(`port ${port} answers, but not from this start's ${name}`);
    }
  }
}

// A child that exits while the shop starts (a port taken meanwhile, a bad config) fails the start at once.
const exitedEarly = new Promise((_, reject) => {
  for (const [name, child] of launched) {
    child.once('exit', (code, signal) => reject(new Error(`${name} exited while starting (${signal ?? `exit ${code}`})`)));
  }
});
exitedEarly.catch(() => {});
try {
  await Promise.race([
    (async () => {
      await waitForHttp(`${gatewayUrl}/api/health`, { timeoutMs: 90_000 });
      await waitForHttp(`http://localhost:${env.STOREFRONT_PORT}/`, { timeoutMs: 30_000 });
      await waitForHttp(`http://localhost:${env.ADMIN_PORT}/admin/`, { timeoutMs: 30_000 });
    })(),
    exitedEarly,
  ]);
  checkOwnProcesses();
} catch (err) {
  console.error(`\nThe shop did not come up: ${err.message}\nLogs are in var/log/.`);
  await shutdown(1);
}
if (shuttingDown) await new Promise(() => {});

console.log(`
The shop is up (${seconds()} s).
  Storefront   http://localhost:${env.STOREFRONT_PORT}/
  Admin        http://localhost:${env.ADMIN_PORT}/admin/   (user ${env.ADMIN_USERNAME ?? 'admin'}; password from ADMIN_PASSWORD, .env.example has the development one)
  API          ${gatewayUrl}/api/products
  API docs     ${gatewayUrl}/api/docs
  Health       ${gatewayUrl}/api/health
  Probes       http://localhost:${OPS_PORTS['api-gateway']}/readyz, /livez, /metrics (gateway; the services on ${OPS_PORTS['catalog-service']}-${OPS_PORTS['notification-service']})
  NATS, Redis  127.0.0.1:${env.LOCAL_NATS_PORT} and :${env.LOCAL_REDIS_PORT}, the shop's own: one user per app (passwords *_NATS_PASSWORD, *_REDIS_PASSWORD in .env.example)
  Card payments ${env.PAYMENT_PROVIDER === 'wipay' ? 'WiPay' : `sandbox page on ${env.PAYMENT_SANDBOX_URL || `http://localhost:${env.PAYMENT_SANDBOX_PORT || 3100}`} (approve/decline, no real card)`}
Logs: var/log/<app>.log. Press Ctrl-C to stop.`);
