import 'reflect-metadata';
import { parseArgs } from 'node:util';
import { AdminCredentialsSchema } from '@shop/contracts';
import { gatewayConfigSchema, loadConfig } from '@shop/server-core';
import { ensureSchema, initializeWithMigrations, serviceDataSourceOptions, TransactionContext } from '@shop/server-database';
import { GATEWAY_SCHEMA } from '../app/gateway.module';
import { AdminSessionsRepository } from '../auth/admin-sessions.repository';
import { AdminUserEntity } from '../auth/admin-user.entity';
import { AdminUsersRepository } from '../auth/admin-users.repository';
import { PasswordHasher } from '../auth/password-hasher';
import { IDENTITY_MIGRATIONS } from '../migrations';

const USAGE = `Creates an admin account, or resets its password (and gives it the admin role) when the username exists.
A reset ends every session of the account (every browser and every bearer token).

Usage: node dist/apps/api-gateway/apps/api-gateway/src/cli/admin-user.js --username NAME [--password PASS]

  --username NAME   the login name (unique ignoring case, no spaces)
  --password PASS   at least 8 characters; when left out, ADMIN_PASSWORD is used instead, which keeps
                    the password out of the shell history and the process list
Uses DATABASE_URL like the gateway, and runs the identity migrations first if needed.`;

/** Runs the command; answers the exit code. */
async function run(args: string[]): Promise<number> {
  let values: { username?: string; password?: string; help?: boolean };
  try {
    ({ values } = parseArgs({
      args,
      options: { username: { type: 'string' }, password: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
      strict: true,
    }));
  } catch (err) {
    console.error(`${(err as Error).message}\n\n${USAGE}`);
    return 2;
  }
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  const parsed = AdminCredentialsSchema.safeParse({ username: values.username, password: values.password ?? process.env.ADMIN_PASSWORD });
  if (!parsed.success) {
    console.error(`${parsed.error.issues[0]?.message ?? 'Invalid arguments'}\n\n${USAGE}`);
    return 2;
  }
  const { username, password } = parsed.data;

  // The password being set stands in for ADMIN_PASSWORD, so that the production check on that
  // variable's example value does not refuse a command that does not use it.
  const config = loadConfig(gatewayConfigSchema, { ...process.env, ADMIN_PASSWORD: password });
  await ensureSchema(config.DATABASE_URL, GATEWAY_SCHEMA);
  // Two connections: initializeWithMigrations holds its lock on one while migrating on another.
  const dataSource = await initializeWithMigrations(
    serviceDataSourceOptions({ url: config.DATABASE_URL, schema: GATEWAY_SCHEMA, entities: [AdminUserEntity], migrations: IDENTITY_MIGRATIONS, poolSize: 2 }),
  );
  try {
    const saved = await new AdminUsersRepository(new TransactionContext(dataSource)).saveAdmin(username, await new PasswordHasher().hash(password));
    if (saved.created) {
      console.log(`Admin "${saved.username}" created.`);
      return 0;
    }
    // The reset also moved updated_at, which ends every older token; the session rows say so too.
    const ended = await new AdminSessionsRepository(new TransactionContext(dataSource)).revokeAllForUser(saved.id);
    console.log(`Password of "${saved.username}" reset; it is an admin. ${ended} ${ended === 1 ? 'session' : 'sessions'} ended.`);
    return 0;
  } finally {
    await dataSource.destroy();
  }
}

run(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
