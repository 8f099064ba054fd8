// npm start's own nats-server and redis-server, set up as in a deployment: one user per app with its own
// password, NATS permissions generated from the contracts, no anonymous client. The machine's shared NATS
// (4222) and Redis (6379) take anyone and serve the tests, so they are left as they are; these listen on
// LOCAL_NATS_PORT (4223) and LOCAL_REDIS_PORT (6380) and keep their data under var/.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { tsImport } from 'tsx/esm/api';
import { acceptsConnections } from './ports.mjs';

/** Where each server's binary is looked for (NATS_SERVER_BIN / REDIS_SERVER_BIN override), and how to install it. */
const BINARIES = {
  nats: { env: 'NATS_SERVER_BIN', paths: ['/usr/sbin/nats-server', '/usr/bin/nats-server', '/usr/local/bin/nats-server'], install: 'apt-get install -y nats-server' },
  redis: { env: 'REDIS_SERVER_BIN', paths: ['/usr/bin/redis-server', '/usr/sbin/redis-server', '/usr/local/bin/redis-server'], install: 'apt-get install -y redis-server' },
};

function binary(kind, env) {
  const { env: key, paths, install } = BINARIES[kind];
  const found = env[key] ?? paths.find((path) => existsSync(path));
  if (!found) throw new Error(`${kind === 'nats' ? 'nats-server' : 'redis-server'} was not found (set ${key} or install it: ${install})`);
  return found;
}

/** The users, their password variables and the server settings, from the shop's own code (one place). */
async function shopUsers() {
  const [{ natsAuthorizationConf, NATS_PASSWORD_ENV }, { REDIS_PASSWORD_ENV, redisUserArgs }] = await Promise.all([
    tsImport('../../libs/server/messaging/src/nats-authorization.ts', import.meta.url),
    tsImport('../../libs/server/config/src/redis-users.ts', import.meta.url),
  ]);
  return { natsAuthorizationConf, NATS_PASSWORD_ENV, REDIS_PASSWORD_ENV, redisUserArgs };
}

async function waitForPort(name, child, port, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await acceptsConnections(port))) {
    if (child.exitCode !== null) throw new Error(`${name} exited with ${child.exitCode}; see var/log/${name}.log`);
    if (Date.now() > deadline) throw new Error(`${name} did not listen on ${port} in ${timeoutMs / 1000}s; see var/log/${name}.log`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * Starts both servers as children of `children` (stopped with the shop) and answers, per app, the environment
 * that connects it as its own user: NATS_URL, NATS_PASSWORD, REDIS_URL, REDIS_PASSWORD. `spawnLogged(name, cmd,
 * args, env)` starts a child with its output in var/log/<name>.log. The password variables are answered in
 * `secrets`, so that the caller hands no app another's.
 */
export async function startBackingServers(env, spawnLogged) {
  const users = await shopUsers();
  const natsPort = Number(env.LOCAL_NATS_PORT);
  const redisPort = Number(env.LOCAL_REDIS_PORT);
  const apps = Object.keys(users.NATS_PASSWORD_ENV);
  const natsPasswords = Object.fromEntries(Object.values(users.NATS_PASSWORD_ENV).map((key) => [key, env[key]]));

  mkdirSync('var/nats/jetstream', { recursive: true });
  mkdirSync('var/redis', { recursive: true });
  // Generated for this start's subject prefix (the committed deploy/k8s/base/nats/nats-auth.conf is for none).
  writeFileSync('var/nats/nats-auth.conf', users.natsAuthorizationConf(env.NATS_SUBJECT_PREFIX ?? ''));
  const nats = spawnLogged('nats-server', binary('nats', env), ['-c', 'var/nats/nats-auth.conf', '-js', '-sd', 'var/nats/jetstream', '-a', '127.0.0.1', '-p', String(natsPort)], natsPasswords);
  const redisPasswords = Object.fromEntries(apps.map((app) => [app, env[users.REDIS_PASSWORD_ENV[app]]]));
  const redis = spawnLogged(
    'redis-server',
    binary('redis', env),
    // BullMQ's jobs survive a restart of the shop, as on a deployment's Redis (append-only file, no eviction).
    ['--bind', '127.0.0.1', '--port', String(redisPort), '--dir', 'var/redis', '--appendonly', 'yes', '--save', '', '--maxmemory-policy', 'noeviction', ...users.redisUserArgs(redisPasswords)],
    {},
  );
  await Promise.all([waitForPort('nats-server', nats, natsPort), waitForPort('redis-server', redis, redisPort)]);

  const appEnv = Object.fromEntries(
    apps.map((app) => [
      app,
      {
        NATS_URL: `nats://127.0.0.1:${natsPort}`,
        NATS_PASSWORD: env[users.NATS_PASSWORD_ENV[app]],
        REDIS_URL: `redis://127.0.0.1:${redisPort}`,
        REDIS_PASSWORD: env[users.REDIS_PASSWORD_ENV[app]],
      },
    ]),
  );
  return { appEnv, secrets: [...Object.values(users.NATS_PASSWORD_ENV), ...Object.values(users.REDIS_PASSWORD_ENV)] };
}
