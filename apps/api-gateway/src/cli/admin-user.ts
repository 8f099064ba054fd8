import 'reflect-metadata';
import { parseArgs } from 'node:util';
import { AdminCredentialsSchema } from '@shop/contracts';
import { gatewayConfigSchema, loadConfig } from '@shop/server-config';
import { ensureSchema, initializeWithMigrations, serviceDataSourceOptions, TransactionContext } from '@shop/server-database';
import { GATEWAY_SCHEMA } from '../app/gateway.module';
import { AdminSessionsRepository } from '../auth/admin-sessions.repository';
import { AdminUserEntity } from '../auth/admin-user.entity';
import { AdminUsersRepository } from '../auth/admin-users.repository';
import { PasswordHasher } from '../auth/password-hasher';
import { passwordProblem } from '../auth/password-policy';
import type { DataSource } from 'typeorm';
import { IDENTITY_MIGRATIONS } from '../migrations';

const USAGE = `Creates an admin account, or resets its password (and gives it the admin role) when the username exists.
A reset ends every session of the account (every browser and every bearer token).
With --reset-second-factor, turns off the account's two-step sign-in instead (a lost phone, used-up recovery
codes); its password stays, and the owner sets two-step sign-in up again in the admin.

Usage: node dist/apps/api-gateway/cli/admin-user.js --username NAME [--password PASS]
       node dist/apps/api-gateway/cli/admin-user.js --username NAME --reset-second-factor

  --username NAME          the login name (unique ignoring case, no spaces)
  --password PASS          at least 8 characters, not a common password; when left out, ADMIN_PASSWORD is used
                           instead, which keeps the password out of the shell history and the process list
  --reset-second-factor    removes the TOTP secret, the recovery codes and the passkeys; ends every session of the account
Uses DATABASE_URL like the gateway, and runs the identity migrations first if needed.`;

/** Runs the command; answers the exit code. */
async function run(args: string[]): Promise<number> {
  let values: { username?: string; password?: string; help?: boolean; 'reset-second-factor'?: boolean };
  try {
    ({ values } = parseArgs({
      args,
      options: {
        username: { type: 'string' },
        password: { type: 'string' },
        'reset-second-factor': { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
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
  if (values['reset-second-factor']) {
    if (values.password !== undefined) {
      console.error(`--reset-second-factor changes no password: leave --password out\n\n${USAGE}`);
      return 2;
    }
    if (!values.username) {
      console.error(`Username is required\n\n${USAGE}`);
      return 2;
    }
    return resetSecondFactor(values.username);
  }
  const parsed = AdminCredentialsSchema.safeParse({ username: values.username, password: values.password ?? process.env.ADMIN_PASSWORD });
  if (!parsed.success) {
    console.error(`${parsed.error.issues[0]?.message ?? 'Invalid arguments'}\n\n${USAGE}`);
    return 2;
  }
  const { username, password } = parsed.data;
  const problem = await passwordProblem(password, username);
  if (problem) {
    console.error(`${problem}\n\n${USAGE}`);
    return 2;
  }

  // The password being set stands in for ADMIN_PASSWORD, so that the production check on that
  // variable's example value does not refuse a command that does not use it.
  const dataSource = await openIdentity(password);
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

/** The identity schema, migrated; `adminPassword` stands in for ADMIN_PASSWORD in the config check. */
async function openIdentity(adminPassword: string | undefined): Promise<DataSource> {
  const config = loadConfig(gatewayConfigSchema, { ...process.env, ...(adminPassword ? { ADMIN_PASSWORD: adminPassword } : {}) });
  await ensureSchema(config.DATABASE_URL, GATEWAY_SCHEMA);
  // Two connections: initializeWithMigrations holds its lock on one while migrating on another.
  return initializeWithMigrations(
    serviceDataSourceOptions({ url: config.DATABASE_URL, schema: GATEWAY_SCHEMA, entities: [AdminUserEntity], migrations: IDENTITY_MIGRATIONS, poolSize: 2 }),
  );
}

/** Turns off the account's second factor (TOTP, recovery codes, passkeys) and ends its sessions. */
async function resetSecondFactor(username: string): Promise<number> {
  const dataSource = await openIdentity(undefined);
  try {
    const tx = new TransactionContext(dataSource);
    const reset = await new AdminUsersRepository(tx).resetSecondFactor(username);
    if (!reset) {
      console.error(`No account "${username}".`);
      return 1;
    }
    const ended = await new AdminSessionsRepository(tx).revokeAllForUser(reset.id);
    console.log(`Two-step sign-in of "${reset.username}" turned off; set it up again under Security in the admin. ${ended} ${ended === 1 ? 'session' : 'sessions'} ended.`);
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
