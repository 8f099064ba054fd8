import { randomUUID } from 'node:crypto';
import { generate } from 'otplib';

import { adminUser } from './support/admin-user-cli';
import { type CookieSession, type Credentials, jsonCalls, useOwnerShop } from './support/sessions';

const OWNER = { username: 'factor-owner', password: 'factor-owner-pass-1' };
const NEED_CODE = { message: 'Enter the code from your authenticator app' };
const BAD_CODE = { message: 'That code is not right or was already used' };
const TOKEN_FAILED = { message: 'Not authorized, token failed' };
const SETUP_FIRST = { message: 'Set up two-step sign-in before using the admin' };

jest.setTimeout(30_000);

/** The code an authenticator app shows `stepsAhead` time steps (30 s each) from now: a later step than any spent before. */
const codeFor = (secret: string, stepsAhead = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 * stepsAhead });

/** The owner's second factor (TOTP and recovery codes) and the password change of the admin app, through the real gateway. */
describe('the owner keys', () => {
  const { shop, ...calls } = useOwnerShop(OWNER, { services: ['notification-service'], env: { SHOP_OWNER_EMAIL: 'owner@islandglow.test', LOG_LEVEL: 'info' } });
  const { post, cookieLogin, withCookie, me, addAdmin } = calls;
  const get = (path: string, headers: Record<string, string>) => shop.stack.request(path, { headers });
  const write = (s: CookieSession) => withCookie(s, { 'x-csrf-token': s.csrf });
  const login = (who: Credentials & { code?: string }) => post('/api/users/login', who);

  const alertKinds = async (username: string, count: number): Promise<string[]> => {
    const query = () =>
      shop.db.query(`SELECT data->'alert'->>'kind' AS kind FROM notifications.mails WHERE kind = 'security_alert' AND data->'alert'->>'username' = $1 ORDER BY created_at`, [username]);
    let { rows } = await query();
    for (const deadline = Date.now() + 15_000; rows.length < count && Date.now() < deadline; ) {
      await new Promise((r) => setTimeout(r, 100));
      ({ rows } = await query());
    }
    return rows.map((r) => r.kind as string);
  };

  /** Enrols TOTP for the account through the API as the admin app does; answers the secret and the recovery codes. */
  async function enrol(s: CookieSession): Promise<{ secret: string; recoveryCodes: string[] }> {
    const begun = await post('/api/users/me/second-factor/totp', {}, write(s));
    expect(begun.status).toBe(200);
    const { secret, otpauthUrl, qrCode } = begun.body as { secret: string; otpauthUrl: string; qrCode: string };
    expect(otpauthUrl).toMatch(/^otpauth:\/\/totp\/Island%20Glow%20Admin:.+\?.*secret=/);
    expect(qrCode).toMatch(/^data:image\/png;base64,/);
    // Nothing changes at sign-in before a first code confirms the secret.
    expect(await get('/api/users/me/second-factor', withCookie(s))).toMatchObject({ status: 200, body: { totp: false, recoveryCodesLeft: 0 } });
    expect(await post('/api/users/me/second-factor/totp/confirm', { code: '12345' }, write(s))).toMatchObject({ status: 400 });
    const confirmed = await post('/api/users/me/second-factor/totp/confirm', { code: await codeFor(secret) }, write(s));
    expect(confirmed.status).toBe(200);
    return { secret, recoveryCodes: confirmed.body.recoveryCodes as string[] };
  }

  describe('two-step sign-in (TOTP)', () => {
    it('enrols with a QR code, then needs a code at sign-in; a wrong or replayed code fails and counts; recovery codes work once; the CLI resets it', async () => {
      const who = await addAdmin(`totp-${randomUUID().slice(0, 6)}`, 'totp-owner-pass-1');
      const browser = await cookieLogin(who);
      const { secret, recoveryCodes } = await enrol(browser);
      expect(recoveryCodes).toHaveLength(10);
      expect(new Set(recoveryCodes).size).toBe(10);
      for (const code of recoveryCodes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
      // Only hashes are kept.
      const stored = await shop.db.query(`SELECT code_hash FROM identity.admin_recovery_codes c JOIN identity.admin_users u ON u.id = c.user_id WHERE u.username = $1`, [who.username]);
      expect(stored.rows).toHaveLength(10);
      expect(JSON.stringify(stored.rows)).not.toContain(recoveryCodes[0]);
      expect(await get('/api/users/me/second-factor', withCookie(browser))).toMatchObject({ status: 200, body: { totp: true, recoveryCodesLeft: 10, required: false } });
      // Enrolling again while it is on is refused; only the CLI takes it off.
      expect(await post('/api/users/me/second-factor/totp', {}, write(browser))).toMatchObject({ status: 409 });
      expect(await alertKinds(who.username, 2)).toEqual(['new_browser', 'second_factor_enabled']);

      // The right password alone is not enough, and does not count as a failure.
      expect(await login(who)).toMatchObject({ status: 401, body: NEED_CODE });
      const failures = async () =>
        (await shop.db.query(`SELECT failures FROM identity.login_lockouts l JOIN identity.admin_users u ON l.lock_key = 'account:' || u.id WHERE u.username = $1`, [who.username])).rows[0]
          ?.failures as number | undefined;
      expect(await failures()).toBeUndefined();
      // A wrong code is refused and counts towards the lock like a wrong password.
      expect(await login({ ...who, code: '000000' })).toMatchObject({ status: 401, body: BAD_CODE });
      expect(await failures()).toBe(1);
      // The wrong password with the right code is still just a wrong password.
      expect(await login({ ...who, password: 'not-the-password', code: await codeFor(secret, 1) })).toMatchObject({ status: 401, body: { message: 'Invalid username or password' } });

      const code = await codeFor(secret, 1);
      const signedIn = await login({ ...who, code });
      expect(signedIn).toMatchObject({ status: 200, body: { username: who.username } });
      expect(await me({ authorization: `Bearer ${signedIn.body.token}` })).toMatchObject({ status: 200 });
      // A code is taken once: the same one again (a replay) is refused.
      expect(await login({ ...who, code })).toMatchObject({ status: 401, body: BAD_CODE });

      // A recovery code stands in for the app once, however it is typed.
      expect(await login({ ...who, code: recoveryCodes[3].toUpperCase().replace('-', ' ') })).toMatchObject({ status: 200 });
      expect(await login({ ...who, code: recoveryCodes[3] })).toMatchObject({ status: 401, body: BAD_CODE });
      expect(await get('/api/users/me/second-factor', withCookie(browser))).toMatchObject({ body: { recoveryCodesLeft: 9 } });

      // Lost phone: the admin-user command turns it off and ends every session; the password alone signs in again.
      const out = await adminUser(shop.stack, ['--username', who.username.toUpperCase(), '--reset-second-factor']);
      expect(out).toContain(`Two-step sign-in of "${who.username}" turned off`);
      expect(await me(withCookie(browser))).toMatchObject({ status: 401, body: TOKEN_FAILED });
      expect(await login(who)).toMatchObject({ status: 200 });
      const { rows } = await shop.db.query(
        `SELECT u.totp_secret, (SELECT count(*)::int FROM identity.admin_recovery_codes c WHERE c.user_id = u.id) AS codes FROM identity.admin_users u WHERE u.username = $1`,
        [who.username],
      );
      expect(rows[0]).toEqual({ totp_secret: null, codes: 0 });
    });

    it('signs in through the cookie flow with a code', async () => {
      const who = await addAdmin(`totp-cookie-${randomUUID().slice(0, 6)}`, 'totp-cookie-pass-1');
      const { secret } = await enrol(await cookieLogin(who));
      expect(await post('/api/users/login', { ...who, session: 'cookie' })).toMatchObject({ status: 401, body: NEED_CODE });
      const s = await cookieLogin({ ...who, code: await codeFor(secret, 1) });
      expect(await me(withCookie(s))).toMatchObject({ status: 200, body: { username: who.username } });
    });
  });

  describe('password change in the admin', () => {
    const change = (s: CookieSession, body: object) => post('/api/users/me/password', body, write(s));

    it('needs the current password, refuses common ones, ends every other session and mails the owner', async () => {
      const who = await addAdmin(`changer-${randomUUID().slice(0, 6)}`, 'changer-old-pass-1');
      const here = await cookieLogin(who);
      const elsewhere = await cookieLogin(who);
      const script = await login(who);

      expect(await change(here, { currentPassword: 'not-it-at-all', newPassword: 'a-new-long-one-2026' })).toMatchObject({
        status: 400,
        body: { message: 'The current password is not right' },
      });
      expect(await change(here, { currentPassword: who.password, newPassword: 'short' })).toMatchObject({
        status: 400,
        body: { message: 'New password must be at least 8 characters' },
      });
      for (const common of ['password123', 'Qwerty123', 'iloveyou']) {
        expect(await change(here, { currentPassword: who.password, newPassword: common })).toMatchObject({
          status: 400,
          body: { message: 'That password is too common: choose a longer one of your own' },
        });
      }
      expect(await change(here, { currentPassword: who.password, newPassword: who.username.toUpperCase() })).toMatchObject({ status: 400 });
      expect(await change(here, { currentPassword: who.password, newPassword: who.password })).toMatchObject({ status: 400 });
      // Nothing was refused silently: every session still works.
      expect(await me(withCookie(elsewhere))).toMatchObject({ status: 200 });

      expect(await change(here, { currentPassword: who.password, newPassword: 'sorrel-and-ginger-beer' })).toMatchObject({ status: 204 });
      expect(await me(withCookie(here))).toMatchObject({ status: 200 });
      expect(await me(withCookie(elsewhere))).toMatchObject({ status: 401, body: TOKEN_FAILED });
      expect(await me({ authorization: `Bearer ${script.body.token}` })).toMatchObject({ status: 401, body: TOKEN_FAILED });
      expect(await login(who)).toMatchObject({ status: 401 });
      expect(await login({ ...who, password: 'sorrel-and-ginger-beer' })).toMatchObject({ status: 200 });
      expect(await alertKinds(who.username, 2)).toEqual(expect.arrayContaining(['password_changed']));
    });

    it('refuses a cookie call without the CSRF header (403) and a call without a session (401)', async () => {
      const s = await cookieLogin();
      const body = { currentPassword: OWNER.password, newPassword: 'another-long-one-2026' };
      expect(await post('/api/users/me/password', body, withCookie(s))).toMatchObject({ status: 403 });
      expect(await post('/api/users/me/password', body)).toMatchObject({ status: 401 });
      expect(await post('/api/users/me/password', { currentPassword: OWNER.password }, write(s))).toMatchObject({ status: 400, body: { message: 'New password is required' } });
    });
  });

  describe('with ADMIN_SECOND_FACTOR_REQUIRED', () => {
    const owner = { username: 'strict-owner', password: 'strict-owner-pass-1' };
    const strict = useOwnerShop(owner, { env: { ADMIN_SECOND_FACTOR_REQUIRED: 'true', LOG_LEVEL: 'info' } }).shop;
    const req = jsonCalls(() => strict.stack);

    it('lets an account without a second factor do nothing but set one up, then everything', async () => {
      const first = await req('/api/users/login', { method: 'POST', body: owner });
      expect(first).toMatchObject({ status: 200, body: { mustSetUpSecondFactor: true } });
      const auth = { authorization: `Bearer ${first.body.token}` };
      expect(await req('/api/users/me', { headers: auth })).toMatchObject({ status: 403, body: SETUP_FIRST });
      expect(await req('/api/orders', { headers: auth })).toMatchObject({ status: 403, body: SETUP_FIRST });
      expect(await req('/api/users/me/second-factor', { headers: auth })).toMatchObject({ status: 200, body: { totp: false, required: true } });

      const begun = await req('/api/users/me/second-factor/totp', { method: 'POST', headers: auth, body: {} });
      const confirmed = await req('/api/users/me/second-factor/totp/confirm', { method: 'POST', headers: auth, body: { code: await codeFor(begun.body.secret as string) } });
      expect(confirmed.status).toBe(200);
      // The same session is a full one now.
      expect(await req('/api/users/me', { headers: auth })).toMatchObject({ status: 200, body: { username: 'strict-owner' } });
    });
  });
});
