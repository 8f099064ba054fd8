// Postgres roles and schemas of the shop (least privilege): one login role per server app, owning the app's
// one schema and holding no right on any other. bootstrapDatabase() runs with a superuser, at install
// (npm run db:bootstrap, the compose service db-bootstrap, the Kubernetes Job db-bootstrap, npm start and
// the test stack); each app then runs its own migrations as its own role. Plain JavaScript with `pg` only,
// so that it runs before anything is built and inside the server images.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/**
 * One entry per server app. Roles are cluster-wide in Postgres and the same names serve every database of
 * the cluster (the shop's, and each test run's): a role gets CONNECT on a database and owns its schema in
 * it only where a bootstrap ran. `passwordEnv` names the variable the bootstrap reads the password from.
 */
export const DB_ROLES = [
  { app: 'api-gateway', role: 'shop_gateway', schema: 'identity', passwordEnv: 'GATEWAY_DB_PASSWORD' },
  // The catalogue's search uses pg_trgm and unaccent, which live in the public schema.
  { app: 'catalog-service', role: 'shop_catalog', schema: 'catalog', passwordEnv: 'CATALOG_DB_PASSWORD', extensions: ['pg_trgm', 'unaccent'] },
  { app: 'order-service', role: 'shop_order', schema: 'orders', passwordEnv: 'ORDER_DB_PASSWORD' },
  { app: 'payment-service', role: 'shop_payment', schema: 'payments', passwordEnv: 'PAYMENT_DB_PASSWORD' },
  { app: 'notification-service', role: 'shop_notification', schema: 'notifications', passwordEnv: 'NOTIFICATION_DB_PASSWORD' },
];

const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;

function identifier(name) {
  if (!IDENTIFIER.test(name)) throw new Error(`Unsafe SQL identifier: ${name}`);
  return name;
}

/** The database name of a postgres:// URL. */
export function databaseOf(url) {
  return identifier(decodeURIComponent(new URL(url).pathname.slice(1)));
}

/** The URL an app connects with: the admin URL's host, port, database and options, the app's role and password. */
export function roleUrl(adminUrl, entry, password) {
  const url = new URL(adminUrl);
  url.username = entry.role;
  url.password = password ? encodeURIComponent(password) : '';
  return url.toString();
}

/** Each app's DATABASE_URL on the database of `adminUrl`, with the passwords found in `env`. */
export function appDatabaseUrls(adminUrl, env = {}) {
  return Object.fromEntries(DB_ROLES.map((entry) => [entry.app, roleUrl(adminUrl, entry, env[entry.passwordEnv])]));
}

/**
 * Runs `work` on a connection to the `postgres` database of the server in `url`, where the database that `url`
 * names can be created or dropped; answers what `work` answers.
 */
async function onServer(url, work) {
  const { Client } = require('pg');
  const name = databaseOf(url);
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new Client({ connectionString: admin.toString() });
  // A connection Postgres ends (a restart, pg_terminate_backend) fails the query; it must not crash the process.
  client.on('error', () => {});
  await client.connect();
  try {
    return await work(client, name);
  } finally {
    await client.end();
  }
}

/** Creates the database named in `url` if it does not exist; answers whether it created it. */
export function ensureDatabase(url) {
  return onServer(url, async (client, name) => {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount > 0) return false;
    await client.query(`CREATE DATABASE ${name}`).catch((err) => {
      // 42P04: another process created it between our check and our create.
      if (err.code !== '42P04') throw err;
    });
    return true;
  });
}

/** Drops the database named in `url`, closing its other sessions first (the tests clean up with it). */
export function dropDatabase(url) {
  return onServer(url, async (client, name) => {
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  });
}

// Another bootstrap on the same cluster (a parallel test run) may create or alter the same role at the
// same moment: unique violation, duplicate object, or "tuple concurrently updated" (XX000).
const RACE_CODES = new Set(['23505', '42710', 'XX000', '40001']);

async function ensureRole(client, entry, password, log) {
  for (let attempt = 1; ; attempt++) {
    try {
      const found = await client.query(
        'SELECT rolcanlogin, rolsuper, rolcreatedb, rolcreaterole, rolbypassrls, rolreplication FROM pg_roles WHERE rolname = $1',
        [entry.role],
      );
      const pw = password ? ` PASSWORD ${client.escapeLiteral(password)}` : '';
      if (found.rowCount === 0) {
        await client.query(`CREATE ROLE ${identifier(entry.role)} LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOBYPASSRLS NOREPLICATION${pw}`);
        log(`created role ${entry.role}`);
        return;
      }
      const r = found.rows[0];
      const attributesWrong = !r.rolcanlogin || r.rolsuper || r.rolcreatedb || r.rolcreaterole || r.rolbypassrls || r.rolreplication;
      // Only ALTER what needs it: parallel bootstraps on one cluster must not update the same role row.
      if (attributesWrong) await client.query(`ALTER ROLE ${identifier(entry.role)} LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOBYPASSRLS NOREPLICATION`);
      if (password) await client.query(`ALTER ROLE ${identifier(entry.role)}${pw}`);
      return;
    } catch (err) {
      if (!RACE_CODES.has(err.code) || attempt >= 5) throw err;
      await new Promise((r) => setTimeout(r, 50 * attempt));
    }
  }
}

/**
 * Gives every object of `schema` to `role`: a schema that the superuser (or an earlier version of the shop,
 * which connected as the superuser) filled keeps working once the app connects as its own role.
 */
function ownEverythingSql(schema, role) {
  return `DO $own$
DECLARE r record;
BEGIN
  FOR r IN
    SELECT c.oid::regclass AS name, c.relkind FROM pg_class c
     WHERE c.relnamespace = '${schema}'::regnamespace AND c.relowner <> '${role}'::regrole
       AND c.relkind IN ('r', 'p', 'v', 'm', 'f', 'S')
       -- a sequence that belongs to a column changes owner with its table
       AND NOT (c.relkind = 'S' AND EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_class'::regclass AND d.objid = c.oid AND d.deptype IN ('a', 'i')))
  LOOP
    EXECUTE format('ALTER %s %s OWNER TO ${role}',
      CASE r.relkind WHEN 'v' THEN 'VIEW' WHEN 'm' THEN 'MATERIALIZED VIEW' WHEN 'f' THEN 'FOREIGN TABLE' WHEN 'S' THEN 'SEQUENCE' ELSE 'TABLE' END, r.name);
  END LOOP;
  FOR r IN SELECT p.oid::regprocedure AS name, p.prokind FROM pg_proc p WHERE p.pronamespace = '${schema}'::regnamespace AND p.proowner <> '${role}'::regrole LOOP
    EXECUTE format('ALTER %s %s OWNER TO ${role}', CASE r.prokind WHEN 'p' THEN 'PROCEDURE' WHEN 'a' THEN 'AGGREGATE' ELSE 'FUNCTION' END, r.name);
  END LOOP;
  FOR r IN SELECT t.oid::regtype AS name, t.typtype FROM pg_type t WHERE t.typnamespace = '${schema}'::regnamespace AND t.typowner <> '${role}'::regrole AND t.typtype IN ('e', 'd') LOOP
    EXECUTE format('ALTER %s %s OWNER TO ${role}', CASE r.typtype WHEN 'd' THEN 'DOMAIN' ELSE 'TYPE' END, r.name);
  END LOOP;
END
$own$`;
}

/**
 * Creates (or repairs) the roles, their schemas and the rights on the database of `adminUrl`, which must
 * connect as a superuser. Idempotent: running it again changes nothing but what drifted (and the passwords
 * that `env` gives). Passwords come from env[<APP>_DB_PASSWORD]; a role created without one can only log
 * in where pg_hba.conf trusts it (a developer machine, CI).
 */
export async function bootstrapDatabase(adminUrl, { env = {}, log = () => {} } = {}) {
  const { Client } = require('pg');
  if (await ensureDatabase(adminUrl)) log(`created database ${databaseOf(adminUrl)}`);
  const database = databaseOf(adminUrl);
  const client = new Client({ connectionString: adminUrl, application_name: 'db-bootstrap' });
  await client.connect();
  try {
    const su = await client.query('SELECT rolsuper FROM pg_roles WHERE rolname = current_user');
    if (!su.rows[0]?.rolsuper) throw new Error('db-bootstrap must connect as a superuser (it creates roles and extensions)');
    // Roles are cluster-wide: made outside the transaction below, each on its own, with retries on a race.
    for (const entry of DB_ROLES) await ensureRole(client, entry, env[entry.passwordEnv], log);
    const roles = DB_ROLES.map((e) => identifier(e.role));
    await client.query('BEGIN');
    // One bootstrap at a time per database (replicas of the compose service or the Job may overlap).
    await client.query("SELECT pg_advisory_xact_lock(hashtext('shop:db-bootstrap'))");
    // The database: only the shop's roles (and superusers) may connect; nobody else may make temp tables.
    await client.query(`REVOKE ALL ON DATABASE ${database} FROM PUBLIC`);
    await client.query(`GRANT CONNECT ON DATABASE ${database} TO ${roles.join(', ')}`);
    // The public schema holds the extensions only: no role may create in it, only those that need an
    // extension may use it.
    for (const ext of DB_ROLES.flatMap((e) => e.extensions ?? [])) {
      await client.query(`CREATE EXTENSION IF NOT EXISTS ${identifier(ext)} WITH SCHEMA public`);
    }
    await client.query('REVOKE ALL ON SCHEMA public FROM PUBLIC');
    for (const entry of DB_ROLES) {
      const { role, schema } = entry;
      identifier(schema);
      await client.query(`CREATE SCHEMA IF NOT EXISTS ${schema} AUTHORIZATION ${role}`);
      await client.query(`ALTER SCHEMA ${schema} OWNER TO ${role}`);
      await client.query(`REVOKE ALL ON SCHEMA ${schema} FROM PUBLIC`);
      // Rights another role was given on this schema (by hand, or an old setup) go too.
      for (const other of roles.filter((r) => r !== role)) {
        await client.query(`REVOKE ALL ON SCHEMA ${schema} FROM ${other}`);
        await client.query(`REVOKE ALL ON ALL TABLES IN SCHEMA ${schema} FROM ${other}`);
        await client.query(`REVOKE ALL ON ALL SEQUENCES IN SCHEMA ${schema} FROM ${other}`);
      }
      await client.query(ownEverythingSql(schema, role));
      if (entry.extensions?.length) await client.query(`GRANT USAGE ON SCHEMA public TO ${role}`);
      else await client.query(`REVOKE ALL ON SCHEMA public FROM ${role}`);
    }
    await client.query('COMMIT');
    log(`database ${database}: roles ${roles.join(', ')} own their schemas`);
  } catch (err) {
    await client.query('ROLLBACK').catch(() => {});
    throw err;
  } finally {
    await client.end();
  }
}
