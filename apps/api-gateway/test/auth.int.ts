import { spawn } from 'node:child_process';
import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { freePort, StackProcess } from '@shop/server-testing';
import { runAdminUser, WORKSPACE } from './support/admin-user-cli';
import { GATEWAY_TOKEN } from './support/auth';
import { useOwnerShop } from './support/sessions';
import { hashSync } from 'bcryptjs';
import { decode, sign } from 'jsonwebtoken';


const GATEWAY_MAIN = join(WORKSPACE, 'dist/apps/api-gateway/main.js');
const SECRET = 'auth-test-secret-0123456789abcdef';
const OWNER = { username: 'owner', password: 'first-admin-pass-1' };
const EXPIRES_IN = 3600;
const NO_TOKEN = { message: 'Not authorized, no token' };
const TOKEN_FAILED = { message: 'Not authorized, token failed' };
const INVALID = { message: 'Invalid username or password' };

// Every login costs a cost-12 bcrypt check and the admin-user command is a process of its own: on a
// busy machine a test takes seconds, not milliseconds.
jest.setTimeout(30_000);

/** A client address per test, sent as X-Forwarded-For (trusted from loopback), so rate limits never leak between tests. */
let nextClient = 1;
const newClient = () => `203.0.113.${nextClient++}`;

const b64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
const now = () => Math.floor(Date.now() / 1000);

/** The admin identity through the gateway: accounts, login and its rate limit, tokens and guards, the admin-user command. */
describe('admin identity', () => {
  const { shop } = useOwnerShop(OWNER, {
    env: {
      JWT_SECRET: SECRET,
      JWT_EXPIRES_IN_SECONDS: String(EXPIRES_IN),
      // These tests fail many logins of the owner on purpose to test the per-client limit; the per-account
      // lockout has its own file (sessions.int.ts).
      LOGIN_LOCKOUT_THRESHOLD: '1000',
      LOG_LEVEL: 'info',
    },
  });

  const login = (body: unknown, client = newClient()) =>
    shop.stack.request('/api/users/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': client },
      body: JSON.stringify(body),
    });
  const me = (authorization?: string) => shop.stack.request('/api/users/me', { headers: authorization === undefined ? {} : { authorization } });
  const adminRows = async () => (await shop.db.query('SELECT id, username, password_hash, is_admin FROM identity.admin_users ORDER BY created_at')).rows;
  const idOf = async (username: string): Promise<string> =>
    (await shop.db.query('SELECT id FROM identity.admin_users WHERE lower(username) = lower($1)', [username])).rows[0].id;
  const cli = (args: string[], env: Record<string, string> = {}) => {
    const { ADMIN_PASSWORD: _unset, ...base } = shop.stack.env;
    return runAdminUser(args, { ...base, ...env });
  };

  it('creates the first admin at start-up from ADMIN_USERNAME / ADMIN_PASSWORD, with a bcrypt hash', async () => {
    const rows = await adminRows();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ username: OWNER.username, is_admin: true });
    expect(rows[0].password_hash).toMatch(/^\$2[aby]\$12\$/);
    expect(rows[0].password_hash).not.toContain(OWNER.password);
  });

  describe('login', () => {
    it('answers the user info with an HS256 token carrying sub, username and isAdmin, which opens /api/users/me', async () => {
      const res = await login(OWNER);
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-store');
      const id = await idOf(OWNER.username);
      expect(res.body).toEqual({ _id: id, username: OWNER.username, isAdmin: true, token: expect.any(String) });

      const token = decode(res.body.token, { complete: true });
      expect(token?.header.alg).toBe('HS256');
      const claims = token?.payload as { sub: string; username: string; isAdmin: boolean; iat: number; exp: number };
      expect(claims).toMatchObject({ sub: id, username: OWNER.username, isAdmin: true });
      expect(claims.exp - claims.iat).toBe(EXPIRES_IN);

      const mine = await me(`Bearer ${res.body.token}`);
      expect(mine).toMatchObject({ status: 200, body: { _id: id, username: OWNER.username, isAdmin: true } });
    });

    it('ignores the case of the username', async () => {
      const res = await login({ username: 'OWNER', password: OWNER.password });
      expect(res).toMatchObject({ status: 200, body: { username: OWNER.username, isAdmin: true } });
    });

    it('gives one 401 message for a wrong password and an unknown user, after the same bcrypt work', async () => {
      const wrongPassword = await login({ username: OWNER.username, password: 'not-the-password' });
      const started = Date.now();
      const unknownUser = await login({ username: 'nobody-here', password: OWNER.password });
      const unknownMs = Date.now() - started;
      expect(wrongPassword).toMatchObject({ status: 401, body: INVALID });
      expect(unknownUser).toMatchObject({ status: 401, body: INVALID });
      expect(wrongPassword.body).toEqual(unknownUser.body);
      // A cost-12 bcrypt check takes a few hundred milliseconds; an unknown user must not answer faster than that.
      expect(unknownMs).toBeGreaterThan(100);
    });

    it.each([
      ['a missing username', { password: 'whatever-1' }, 'Username is required'],
      ['an empty username', { username: '  ', password: 'whatever-1' }, 'Username is required'],
      ['a non-string username', { username: 42, password: 'whatever-1' }, 'Username must be text'],
      ['an over-long username', { username: 'u'.repeat(101), password: 'whatever-1' }, 'Username must be at most 100 characters'],
      ['a missing password', { username: 'owner' }, 'Password is required'],
      ['an empty password', { username: 'owner', password: '' }, 'Password is required'],
      ['a non-string password', { username: 'owner', password: ['a'] }, 'Password must be text'],
      ['an over-long password', { username: 'owner', password: 'p'.repeat(73) }, 'Password must be at most 72 bytes'],
      ['a password over 72 bytes in fewer characters', { username: 'owner', password: 'é'.repeat(40) }, 'Password must be at most 72 bytes'],
      ['a body that is not an object', [], 'The request body must be a JSON object with username and password'],
    ])('answers 400 naming the field for %s', async (_case, body, message) => {
      expect(await login(body)).toMatchObject({ status: 400, body: { message } });
    });
  });

  describe('login rate limit', () => {
    it('refuses the 6th failed attempt within a minute with 429 and Retry-After, even with the right password; other clients go on', async () => {
      const attacker = newClient();
      for (let i = 0; i < 5; i++) {
        expect(await login({ username: OWNER.username, password: `guess-${i}-wrong` }, attacker)).toMatchObject({ status: 401, body: INVALID });
      }
      const refused = await login({ username: OWNER.username, password: 'guess-6-wrong' }, attacker);
      expect(refused).toMatchObject({ status: 429, body: { message: 'Too many login attempts, please try again in a minute' } });
      const retryAfter = Number(refused.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(60);
      expect(await login(OWNER, attacker)).toMatchObject({ status: 429 });

      const other = newClient();
      expect(await login(OWNER, other)).toMatchObject({ status: 200 });
      expect(await login({ username: OWNER.username, password: 'one-wrong-try' }, other)).toMatchObject({ status: 401 });
    });

    it('counts only failures: a successful login does not use up an attempt', async () => {
      const client = newClient();
      for (let i = 0; i < 4; i++) expect(await login({ username: OWNER.username, password: `wrong-${i}-xx` }, client)).toMatchObject({ status: 401 });
      expect(await login(OWNER, client)).toMatchObject({ status: 200 });
      expect(await login({ username: OWNER.username, password: 'wrong-5-xx' }, client)).toMatchObject({ status: 401 });
      expect(await login({ username: OWNER.username, password: 'wrong-6-xx' }, client)).toMatchObject({ status: 429 });
    });

    it('holds for a burst of parallel attempts: exactly 5 are checked', async () => {
      const client = newClient();
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, i) => login({ username: OWNER.username, password: `burst-${i}-wrong` }, client)),
      );
      const statuses = answers.map((a) => a.status).sort();
      expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429, 429, 429, 429]);
    });
  });

  describe('tokens and AdminGuard (/api/users/me)', () => {
    const signed = (claims: object) => sign(claims, SECRET, { algorithm: 'HS256', expiresIn: 600, ...GATEWAY_TOKEN });

    it("answers 401 'no token' without an Authorization header or with one of the wrong shape", async () => {
      expect(await me()).toMatchObject({ status: 401, body: NO_TOKEN });
      expect(await me('')).toMatchObject({ status: 401, body: NO_TOKEN });
      expect(await me('Bearer')).toMatchObject({ status: 401, body: NO_TOKEN });
      expect(await me('Basic b3duZXI6cGFzcw==')).toMatchObject({ status: 401, body: NO_TOKEN });
    });

    it("answers 401 'token failed' for garbage, another secret, an expiry in the past, alg none, other algorithms and foreign claims", async () => {
      const id = await idOf(OWNER.username);
      const claims = { sub: id, username: OWNER.username, isAdmin: true };
      const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
      const cases = {
        garbage: 'garbage',
        otherSecret: sign(claims, 'another-secret-entirely-0123456789', { algorithm: 'HS256', expiresIn: 600 }),
        expired: sign({ ...claims, iat: now() - 7200, exp: now() - 3600 }, SECRET, { algorithm: 'HS256' }),
        algNone: `${b64url({ alg: 'none', typ: 'JWT' })}.${b64url({ ...claims, iat: now(), exp: now() + 600 })}.`,
        hs512: sign(claims, SECRET, { algorithm: 'HS512', expiresIn: 600 }),
        rs256: sign(claims, privateKey, { algorithm: 'RS256', expiresIn: 600 }),
        notOurClaims: signed({ sub: id }),
        unknownSub: signed({ ...claims, sub: randomUUID() }),
        malformedSub: signed({ ...claims, sub: "1' OR '1'='1" }),
        // Our secret, but not a token the gateway issued for the admin: no iss and aud, or other ones.
        noIssuerOrAudience: sign(claims, SECRET, { algorithm: 'HS256', expiresIn: 600 }),
        otherIssuer: sign(claims, SECRET, { algorithm: 'HS256', expiresIn: 600, ...GATEWAY_TOKEN, issuer: 'someone-else' }),
        otherAudience: sign(claims, SECRET, { algorithm: 'HS256', expiresIn: 600, ...GATEWAY_TOKEN, audience: 'island-glow/storefront' }),
      };
      for (const [name, token] of Object.entries(cases)) {
        const res = await me(`Bearer ${token}`);
        expect({ name, status: res.status, body: res.body }).toEqual({ name, status: 401, body: TOKEN_FAILED });
      }
      // The same claims, properly signed, do get in: each refusal above is about the token itself.
      expect(await me(`Bearer ${signed(claims)}`)).toMatchObject({ status: 200 });
    });

    it("answers 403 'not an admin' for a valid token whose isAdmin is false, and for a non-admin account", async () => {
      const id = await idOf(OWNER.username);
      const demoted = await me(`Bearer ${signed({ sub: id, username: OWNER.username, isAdmin: false })}`);
      expect(demoted).toMatchObject({ status: 403, body: { message: 'Not authorized as an admin' } });

      const clerk = { username: `clerk-${randomUUID().slice(0, 8)}`, password: 'clerk-password-1' };
      await shop.db.query(`INSERT INTO identity.admin_users (username, password_hash, is_admin) VALUES ($1, $2, false)`, [
        clerk.username,
        hashSync(clerk.password, 4),
      ]);
      const res = await login(clerk);
      expect(res).toMatchObject({ status: 200, body: { username: clerk.username, isAdmin: false } });
      expect(await me(`Bearer ${res.body.token}`)).toMatchObject({ status: 403, body: { message: 'Not authorized as an admin' } });
    });

    it("answers 401 'token failed' once the token's account is deleted", async () => {
      const temp = { username: `temp-${randomUUID().slice(0, 8)}`, password: 'temporary-pass-1' };
      expect((await cli(['--username', temp.username, '--password', temp.password])).code).toBe(0);
      const { body } = await login(temp);
      expect(await me(`Bearer ${body.token}`)).toMatchObject({ status: 200 });
      await shop.db.query('DELETE FROM identity.admin_users WHERE id = $1', [body._id]);
      expect(await me(`Bearer ${body.token}`)).toMatchObject({ status: 401, body: TOKEN_FAILED });
    });
  });

  describe('the admin-user command', () => {
    it('creates a second admin who can log in', async () => {
      const res = await cli(['--username', 'manager', '--password', 'manager-pass-1']);
      expect(res).toMatchObject({ code: 0, stdout: expect.stringContaining('Admin "manager" created') });
      const { status, body } = await login({ username: 'manager', password: 'manager-pass-1' });
      expect(status).toBe(200);
      expect(body.isAdmin).toBe(true);
      expect(await me(`Bearer ${body.token}`)).toMatchObject({ status: 200, body: { username: 'manager', isAdmin: true } });
    });

    it('resets a password (read from ADMIN_PASSWORD), whatever the case of the name, and ends older sessions', async () => {
      const id = await idOf('manager');
      const before = await shop.db.query('SELECT count(*)::int AS n FROM identity.admin_users');
      // An account made an hour ago, with a session opened half a minute ago.
      await shop.db.query(`UPDATE identity.admin_users SET created_at = now() - interval '1 hour', updated_at = now() - interval '1 hour' WHERE id = $1`, [id]);
      const oldSession = sign({ sub: id, username: 'manager', isAdmin: true, iat: now() - 30 }, SECRET, { algorithm: 'HS256', expiresIn: 600, ...GATEWAY_TOKEN });
      expect(await me(`Bearer ${oldSession}`)).toMatchObject({ status: 200 });

      const res = await cli(['--username', 'MANAGER'], { ADMIN_PASSWORD: 'manager-pass-2' });
      expect(res).toMatchObject({ code: 0, stdout: expect.stringContaining('Password of "manager" reset') });
      expect((await shop.db.query('SELECT count(*)::int AS n FROM identity.admin_users')).rows[0].n).toBe(before.rows[0].n);

      expect(await login({ username: 'manager', password: 'manager-pass-1' })).toMatchObject({ status: 401, body: INVALID });
      expect(await login({ username: 'manager', password: 'manager-pass-2' })).toMatchObject({ status: 200, body: { _id: id } });
      expect(await me(`Bearer ${oldSession}`)).toMatchObject({ status: 401, body: TOKEN_FAILED });
    });

    it('refuses a short password or a missing username, changing nothing', async () => {
      const before = await adminRows();
      const short = await cli(['--username', 'shorty', '--password', 'short']);
      expect(short.code).toBe(2);
      expect(short.stderr).toContain('Password must be at least 8 characters');
      const nameless = await cli(['--password', 'long-enough-1']);
      expect(nameless.code).toBe(2);
      expect(nameless.stderr).toContain('Username is required');
      const noPassword = await cli(['--username', 'shorty']);
      expect(noPassword.code).toBe(2);
      expect(noPassword.stderr).toContain('Password is required');
      expect(await adminRows()).toEqual(before);
    });
  });

  describe('restarts and replicas', () => {
    it('keeps the first admin and the rate-limit counts (in Redis) across a gateway restart', async () => {
      const client = newClient();
      for (let i = 0; i < 5; i++) await login({ username: OWNER.username, password: `restart-${i}-wrong` }, client);
      const ownersBefore = (await adminRows()).filter((r) => r.username === OWNER.username);

      const [gateway] = shop.stack.running('api-gateway');
      await gateway.stop();
      await shop.stack.startApp('api-gateway');

      expect((await adminRows()).filter((r) => r.username === OWNER.username)).toEqual(ownersBefore);
      expect(await login(OWNER, client)).toMatchObject({ status: 429 });
      expect(await login(OWNER)).toMatchObject({ status: 200 });
    }, 45_000);

    it('creates exactly one first admin when two gateways start together on an empty table', async () => {
      await shop.db.query('DELETE FROM identity.admin_users');
      const replicas = await Promise.all(
        [
          [await freePort(), await freePort()],
          [await freePort(), await freePort()],
        ].map(([port, opsPort]) => {
          const child = spawn(process.execPath, [GATEWAY_MAIN], {
            cwd: WORKSPACE,
            env: { PATH: process.env.PATH ?? '', ...shop.stack.env, GATEWAY_PORT: String(port), OPS_PORT: String(opsPort) },
            stdio: ['ignore', 'pipe', 'pipe'],
          });
          return new StackProcess('api-gateway', child, opsPort);
        }),
      );
      try {
        await Promise.all(replicas.map((r) => r.ready()));
        const rows = await adminRows();
        expect(rows).toHaveLength(1);
        expect(rows[0]).toMatchObject({ username: OWNER.username, is_admin: true });
        const created = replicas.flatMap((r) => r.lines.filter((l) => l.msg === 'first admin created'));
        expect(created).toHaveLength(1);
      } finally {
        await Promise.all(replicas.map((r) => r.stop()));
      }
    }, 45_000);
  });
});
