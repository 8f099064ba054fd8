import { randomUUID } from 'node:crypto';
import { generate } from 'otplib';

import { adminUser } from './support/admin-user-cli';
import { type CookieSession, type Credentials, jsonCalls, useOwnerShop } from './support/sessions';
import { SoftPasskey } from './support/soft-passkey';

const OWNER = { username: 'passkey-owner', password: 'passkey-owner-pass-1' };
// The admin app's address: passkeys are bound to its host (the RP ID) and origin.
const ADMIN_ORIGIN = 'http://localhost:4300';
const RP_ID = 'localhost';
const BAD_PASSKEY = { message: 'That passkey was not accepted' };
const NEED_PASSKEY = { message: 'Sign in with your passkey' };
const TOKEN_FAILED = { message: 'Not authorized, token failed' };

jest.setTimeout(30_000);

/** Passkeys as the owner's second factor, through the real gateway, with an authenticator in software. */
describe('the owner keys: passkeys', () => {
  const { shop, post, cookieLogin, withCookie, me, addAdmin, idOf } = useOwnerShop(OWNER, { env: { ADMIN_URL: ADMIN_ORIGIN, LOGIN_LOCKOUT_THRESHOLD: '20' } });
  const get = (path: string, headers: Record<string, string>) => shop.stack.request(path, { headers });
  const write = (s: CookieSession) => withCookie(s, { 'x-csrf-token': s.csrf });

  beforeAll(async () => {
    // A higher lock threshold: one test walks through more refused answers than the default 5 allows.
  }, 60_000);

  const failures = async (username: string) =>
    (await shop.db.query(`SELECT failures FROM identity.login_lockouts WHERE lock_key = 'account:' || $1`, [await idOf(username)])).rows[0]?.failures as number | undefined;

  /** Adds a passkey from a signed-in session, as the Security screen does. */
  async function addPasskey(s: CookieSession, name: string): Promise<SoftPasskey> {
    const key = new SoftPasskey(RP_ID, ADMIN_ORIGIN);
    const options = await post('/api/users/me/second-factor/passkeys/options', {}, write(s));
    expect(options).toMatchObject({ status: 200, body: { rp: { id: RP_ID }, challenge: expect.any(String) } });
    const added = await post('/api/users/me/second-factor/passkeys', { name, response: key.register(options.body) }, write(s));
    expect(added).toMatchObject({ status: 201, body: { name, lastUsedAt: null } });
    return key;
  }

  /** The passkey step of a sign-in: the password, then a challenge for the account. */
  async function signInChallenge(who: Credentials): Promise<string> {
    const res = await post('/api/users/login/passkey', who);
    expect(res).toMatchObject({ status: 200, body: { rpId: RP_ID } });
    return res.body.challenge as string;
  }

  it('the registration calls need a signed-in session (and the CSRF header with a cookie)', async () => {
    expect(await post('/api/users/me/second-factor/passkeys/options', {})).toMatchObject({ status: 401, body: { message: 'Not authorized, no token' } });
    expect(await post('/api/users/me/second-factor/passkeys', { name: 'x', response: {} })).toMatchObject({ status: 401 });
    const s = await cookieLogin();
    expect(await post('/api/users/me/second-factor/passkeys/options', {}, withCookie(s))).toMatchObject({ status: 403 });
    expect(await shop.stack.request('/api/users/me/second-factor/passkeys/00000000-0000-0000-0000-000000000000', { method: 'DELETE' })).toMatchObject({ status: 401 });
    // Bad input is a clear 400.
    expect(await post('/api/users/me/second-factor/passkeys', { name: '', response: {} }, write(s))).toMatchObject({ status: 400, body: { message: expect.any(String) } });
  });

  it('registers a passkey, signs in with it; a forged, replayed, backwards or foreign answer is refused and counted; removing works', async () => {
    const who = await addAdmin(`pk-${randomUUID().slice(0, 6)}`, 'passkey-pass-1234');
    const browser = await cookieLogin(who);
    // An answer to no challenge (none was asked for) is refused.
    expect(await post('/api/users/me/second-factor/passkeys', { name: 'Stray', response: new SoftPasskey(RP_ID, ADMIN_ORIGIN).register({ challenge: 'bm90LWEtY2hhbGxlbmdl' }) }, write(browser))).toMatchObject({
      status: 400,
      body: BAD_PASSKEY,
    });
    const key = await addPasskey(browser, 'My phone');
    const status = await get('/api/users/me/second-factor', withCookie(browser));
    expect(status).toMatchObject({ status: 200, body: { totp: false, passkeysAvailable: true, passkeys: [{ name: 'My phone' }] } });
    const stored = await shop.db.query(`SELECT credential_id, counter, transports FROM identity.admin_passkeys WHERE user_id = $1`, [await idOf(who.username)]);
    expect(stored.rows).toEqual([{ credential_id: key.id, counter: '0', transports: ['internal'] }]);

    // The password alone no longer signs in (not a failure); a code cannot either (no TOTP), and counts.
    expect(await post('/api/users/login', who)).toMatchObject({ status: 401, body: NEED_PASSKEY });
    expect(await failures(who.username)).toBeUndefined();
    // The challenge step needs the right password; a wrong one counts.
    expect(await post('/api/users/login/passkey', { ...who, password: 'wrong-password-1' })).toMatchObject({ status: 401, body: { message: 'Invalid username or password' } });
    expect(await failures(who.username)).toBe(1);

    // Signed in with the passkey (count 1).
    key.counter = 1;
    let challenge = await signInChallenge(who);
    const answer = key.assert(challenge);
    const signedIn = await post('/api/users/login', { ...who, passkey: answer });
    expect(signedIn).toMatchObject({ status: 200, body: { username: who.username } });
    expect(await me({ authorization: `Bearer ${signedIn.body.token}` })).toMatchObject({ status: 200 });
    expect((await shop.db.query(`SELECT counter FROM identity.admin_passkeys WHERE credential_id = $1`, [key.id])).rows[0].counter).toBe('1');
    expect(await failures(who.username)).toBeUndefined();

    // The same answer again (a replay): its challenge is spent. Refused and counted.
    expect(await post('/api/users/login', { ...who, passkey: answer })).toMatchObject({ status: 401, body: BAD_PASSKEY });
    expect(await failures(who.username)).toBe(1);

    // A forged signature over a fresh challenge, then an answer made for another origin: refused and counted.
    challenge = await signInChallenge(who);
    key.counter = 2;
    // The same answer signed by another key (a thief's): same data, wrong signature.
    const thief = new SoftPasskey(RP_ID, ADMIN_ORIGIN);
    thief.counter = 2;
    const forged = { ...key.assert(challenge), response: { ...(key.assert(challenge).response as object), signature: (thief.assert(challenge).response as { signature: string }).signature } };
    expect(await post('/api/users/login', { ...who, passkey: forged })).toMatchObject({ status: 401, body: BAD_PASSKEY });
    expect(await failures(who.username)).toBe(2);
    challenge = await signInChallenge(who);
    expect(await post('/api/users/login', { ...who, passkey: key.assert(challenge, 'https://phish.example') })).toMatchObject({ status: 401, body: BAD_PASSKEY });
    expect(await failures(who.username)).toBe(3);
    // The challenge was spent by the failure: the right answer to it now fails too.
    expect(await post('/api/users/login', { ...who, passkey: key.assert(challenge) })).toMatchObject({ status: 401, body: BAD_PASSKEY });

    // A count that goes backwards (a cloned authenticator) is refused.
    key.counter = 1;
    challenge = await signInChallenge(who);
    expect(await post('/api/users/login', { ...who, passkey: key.assert(challenge) })).toMatchObject({ status: 401, body: BAD_PASSKEY });
    // Another account's challenge does not fit this one.
    const other = await addAdmin(`pk-other-${randomUUID().slice(0, 6)}`, 'passkey-other-1234');
    await addPasskey(await cookieLogin(other), 'Other phone');
    const othersChallenge = await signInChallenge(other);
    key.counter = 5;
    expect(await post('/api/users/login', { ...who, passkey: key.assert(othersChallenge) })).toMatchObject({ status: 401, body: BAD_PASSKEY });

    key.counter = 6;
    expect(await post('/api/users/login', { ...who, session: 'cookie', passkey: key.assert(await signInChallenge(who)) })).toMatchObject({ status: 200 });

    // Removing: an unknown id is a 404; the passkey goes, and the password alone signs in again.
    expect(await shop.stack.request('/api/users/me/second-factor/passkeys/00000000-0000-0000-0000-000000000000', { method: 'DELETE', headers: write(browser) })).toMatchObject({ status: 404 });
    const id = status.body.passkeys[0].id as string;
    expect(await shop.stack.request(`/api/users/me/second-factor/passkeys/${id}`, { method: 'DELETE', headers: write(browser) })).toMatchObject({ status: 204 });
    expect(await post('/api/users/login', who)).toMatchObject({ status: 200 });
    expect(await post('/api/users/login/passkey', who)).toMatchObject({ status: 409, body: { message: 'This account has no passkey' } });
  });

  it('with TOTP on as well, the password asks for the code, and either the code or the passkey signs in', async () => {
    const who = await addAdmin(`pk-totp-${randomUUID().slice(0, 6)}`, 'passkey-totp-1234');
    const browser = await cookieLogin(who);
    const begun = await post('/api/users/me/second-factor/totp', {}, write(browser));
    const secret = begun.body.secret as string;
    expect(await post('/api/users/me/second-factor/totp/confirm', { code: await generate({ secret }) }, write(browser))).toMatchObject({ status: 200 });
    const key = await addPasskey(browser, 'Phone');
    expect(await get('/api/users/me/second-factor', withCookie(browser))).toMatchObject({ body: { totp: true, passkeys: [{ name: 'Phone' }] } });
    expect(await post('/api/users/login', who)).toMatchObject({ status: 401, body: { message: 'Enter the code from your authenticator app' } });
    key.counter = 1;
    expect(await post('/api/users/login', { ...who, passkey: key.assert(await signInChallenge(who)) })).toMatchObject({ status: 200 });
    const nextCode = await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });
    expect(await post('/api/users/login', { ...who, code: nextCode })).toMatchObject({ status: 200 });
  });

  it('the admin-user command removes the passkeys with the rest of the second factor', async () => {
    const who = await addAdmin(`pk-reset-${randomUUID().slice(0, 6)}`, 'passkey-reset-1234');
    const browser = await cookieLogin(who);
    await addPasskey(browser, 'Phone');
    await addPasskey(browser, 'Key');
    await signInChallenge(who);
    const stdout = await adminUser(shop.stack, ['--username', who.username, '--reset-second-factor']);
    expect(stdout).toContain(`Two-step sign-in of "${who.username}" turned off`);
    expect(await me(withCookie(browser))).toMatchObject({ status: 401, body: TOKEN_FAILED });
    const id = await idOf(who.username);
    const left = await shop.db.query(
      `SELECT (SELECT count(*)::int FROM identity.admin_passkeys WHERE user_id = $1) AS passkeys, (SELECT count(*)::int FROM identity.webauthn_challenges WHERE user_id = $1) AS challenges`,
      [id],
    );
    expect(left.rows[0]).toEqual({ passkeys: 0, challenges: 0 });
    expect(await post('/api/users/login', who)).toMatchObject({ status: 200 });
  });

  describe('with ADMIN_SECOND_FACTOR_REQUIRED', () => {
    const owner = { username: 'strict-passkey-owner', password: 'strict-passkey-pass-1' };
    const strict = useOwnerShop(owner, { env: { ADMIN_URL: ADMIN_ORIGIN, ADMIN_SECOND_FACTOR_REQUIRED: 'true' } }).shop;
    const req = jsonCalls(() => strict.stack);

    it('a passkey alone is a second factor: it opens the admin, and the last one cannot be removed', async () => {
      const first = await req('/api/users/login', { method: 'POST', body: owner });
      expect(first).toMatchObject({ status: 200, body: { mustSetUpSecondFactor: true } });
      const auth = { authorization: `Bearer ${first.body.token}` };
      expect(await req('/api/users/me', { headers: auth })).toMatchObject({ status: 403, body: { message: 'Set up two-step sign-in before using the admin' } });

      const key = new SoftPasskey(RP_ID, ADMIN_ORIGIN);
      const options = await req('/api/users/me/second-factor/passkeys/options', { method: 'POST', headers: auth, body: {} });
      const added = await req('/api/users/me/second-factor/passkeys', { method: 'POST', headers: auth, body: { name: 'Phone', response: key.register(options.body) } });
      expect(added.status).toBe(201);
      // The same session is a full one now.
      expect(await req('/api/users/me', { headers: auth })).toMatchObject({ status: 200, body: { username: owner.username } });
      expect(await req(`/api/users/me/second-factor/passkeys/${added.body.id}`, { method: 'DELETE', headers: auth })).toMatchObject({
        status: 409,
        body: { message: 'Two-step sign-in is required: add another passkey or the authenticator app before removing this one' },
      });

      expect(await req('/api/users/login', { method: 'POST', body: owner })).toMatchObject({ status: 401, body: NEED_PASSKEY });
      const challenge = await req('/api/users/login/passkey', { method: 'POST', body: owner });
      key.counter = 1;
      const signedIn = await req('/api/users/login', { method: 'POST', body: { ...owner, passkey: key.assert(challenge.body.challenge as string) } });
      expect(signedIn.status).toBe(200);
      expect(signedIn.body).not.toHaveProperty('mustSetUpSecondFactor');
    });
  });
});
