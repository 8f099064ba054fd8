#!/usr/bin/env node
// Creates the shop's Postgres roles and schemas (scripts/lib/db-roles.mjs) on the database of
// DATABASE_ADMIN_URL, a superuser connection, with the passwords in <APP>_DB_PASSWORD. Run once at install
// and after upgrades (it is idempotent); the apps never get the superuser's URL.
//   npm run db:bootstrap                  (local: .env, then the local defaults)
//   node scripts/db-bootstrap.mjs --env-only     the process environment only, no .env and no local
//                                                defaults (containers, the Kubernetes Job, the test stack)
//   node scripts/db-bootstrap.mjs --print-urls   also prints each app's DATABASE_URL as JSON on stdout
import { appDatabaseUrls, bootstrapDatabase } from './lib/db-roles.mjs';
import { localEnv } from './lib/env.mjs';

const env = process.argv.includes('--env-only') ? process.env : localEnv();
const adminUrl = env.DATABASE_ADMIN_URL;
if (!adminUrl) {
  console.error('db-bootstrap: set DATABASE_ADMIN_URL to a superuser connection to the shop database (postgres://postgres:PASSWORD@HOST:5432/shop)');
  process.exit(1);
}
try {
  await bootstrapDatabase(adminUrl, { env, log: (line) => console.error(`db-bootstrap: ${line}`) });
} catch (err) {
  console.error(`db-bootstrap failed: ${err.message}`);
  process.exit(1);
}
if (process.argv.includes('--print-urls')) console.log(JSON.stringify(appDatabaseUrls(adminUrl, env)));
