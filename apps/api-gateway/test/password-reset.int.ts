import { createHash } from 'node:crypto';
import { useOwnerShop } from './support/sessions';

const OWNER = { username: 'reset-owner', password: 'reset-owner-pass-1' };
const OWNER_EMAIL = 'owner@islandglow.test';
const RESET_LIMIT = 3;
const REQUESTED = {
  message: "If that account exists, a link to set a new password is on its way to the shop owner's e-mail. It works once, for 30 minutes.",
};

jest.setTimeout(30_000);

/**
 * "Forgot password?" (issue 26) over the real stack: the gateway, the notification service (the mail with the link is
 * read from its log) and Postgres. A link works once and for 30 minutes; the expiry is tested by moving the link's
 * times back in the database (its clock decides), so nothing waits.
 */
describe('password reset by a mailed link', () => {
  const { shop, post, cookieLogin, bearerLogin, withCookie, me, addAdmin, idOf } = useOwnerShop(OWNER, {
    services: ['notification-service'],
    env: {
      SHOP_OWNER_EMAIL: OWNER_EMAIL,
      LOGIN_LOCKOUT_THRESHOLD: '3',
      PASSWORD_RESET_RATE_LIMIT: String(RESET_LIMIT),
    },
  });

  /** The reset mails logged for an account, oldest first: their recipient and token. */
  const resetMails = async (username: string) =>
    (
      await shop.db.query(
        `SELECT recipient, data->'alert'->>'resetToken' AS token FROM notifications.mails
          WHERE kind = 'security_alert' AND data->'alert'->>'kind' = 'password_reset' AND data->'alert'->>'username' = $1 ORDER BY created_at`,
        [username],
      )
    ).rows as Array<{ recipient: string; token: string }>;
  const allResetMails = async () => Number((await shop.db.query(`SELECT count(*) FROM notifications.mails WHERE data->'alert'->>'kind' = 'password_reset'`)).rows[0].count);

  /** Asks for a link for `login` and answers the token of the mail it made (the alert is sent in the background). */
  const linkFor = async (login: string, username: string): Promise<string> => {
    const before = (await resetMails(username)).length;
    const res = await post('/api/users/password-reset', { login });
    expect(res.status).toBe(202);
    expect(res.body).toEqual(REQUESTED);
    const deadline = Date.now() + 15_000;
    for (;;) {
      const mails = await resetMails(username);
      if (mails.length > before) return mails[mails.length - 1].token;
      if (Date.now() > deadline) throw new Error(`no reset mail for ${username}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  };
  const complete = (token: string, newPassword: string) => post('/api/users/password-reset/complete', { token, newPassword });
  const check = (token: string) => post('/api/users/password-reset/check', { token });

  it('answers the same for an account and for no account, and mails only for the account, to the owner', async () => {
    const before = await allResetMails();
    const answers = [];
    for (const login of ['nobody-here', 'nobody@example.com', OWNER.username, OWNER_EMAIL.toUpperCase()]) {
      const res = await post('/api/users/password-reset', { login });
      answers.push({ status: res.status, body: res.body, cache: res.headers.get('cache-control') });
    }
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
    expect(answers[0]).toEqual({ status: 202, body: REQUESTED, cache: 'no-store' });

    // The username and the owner's address both name the owner's account: two mails, to the owner, none for the others.
    const deadline = Date.now() + 15_000;
    while ((await resetMails(OWNER.username)).length < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    const mails = await resetMails(OWNER.username);
    expect(mails.map((m) => m.recipient)).toEqual([OWNER_EMAIL, OWNER_EMAIL]);
    expect(await allResetMails()).toBe(before + 2);
    // The newer link replaced the older one.
    expect((await complete(mails[0].token, 'a-fresh-owner-secret')).body).toEqual({ message: 'This reset link is not valid. Ask for a new one.' });

    expect((await post('/api/users/password-reset', {})).status).toBe(400);
  });

  it('stores only the hash of a link that works for 30 minutes, once; sets the password and ends every session', async () => {
    const who = await addAdmin('reset-clerk', 'reset-clerk-pass-1');
    const cookie = await cookieLogin(who);
    const bearer = await bearerLogin(who);
    const token = await linkFor(who.username, who.username);

    const { rows } = await shop.db.query(
      `SELECT token_hash, extract(epoch FROM expires_at - created_at)::int AS lifetime FROM identity.password_resets WHERE user_id = $1`,
      [await idOf(who.username)],
    );
    expect(rows).toEqual([{ token_hash: createHash('sha256').update(token).digest('hex'), lifetime: 30 * 60 }]);

    expect((await check(token)).body).toEqual({ message: 'This link works: choose a new password.' });
    // Refused passwords leave the link working.
    expect((await complete(token, 'short')).body.message).toBe('New password must be at least 8 characters');
    expect((await complete(token, 'password1')).body.message).toBe('That password is too common: choose a longer one of your own');
    expect((await complete(token, who.username)).body.message).toBe('The new password must not be the username');

    const done = await complete(token, 'a-brand-new-secret-1');
    expect(done.status).toBe(200);
    expect(done.body).toEqual({ message: 'Your new password is set and every session was signed out. Sign in with it.' });

    expect((await me(withCookie(cookie))).status).toBe(401);
    expect((await me({ authorization: `Bearer ${bearer}` })).status).toBe(401);
    expect((await post('/api/users/login', who)).status).toBe(401);
    expect((await post('/api/users/login', { ...who, password: 'a-brand-new-secret-1' })).status).toBe(200);

    const again = await complete(token, 'another-new-secret-2');
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ message: 'This reset link was already used. Ask for a new one if you still need it.' });
    const checked = await check(token);
    expect(checked.status).toBe(400);
    expect(checked.body).toEqual(again.body);
  });

  it('refuses a link past its 30 minutes, and one that was never given', async () => {
    const who = await addAdmin('reset-late', 'reset-late-pass-1');
    const token = await linkFor(who.username, who.username);
    // 31 minutes ago: the link's times as the database would have written them then.
    await shop.db.query(
      `UPDATE identity.password_resets SET created_at = now() - interval '31 minutes', expires_at = now() - interval '1 minute' WHERE user_id = $1`,
      [await idOf(who.username)],
    );
    const late = await complete(token, 'a-brand-new-secret-1');
    expect(late.status).toBe(400);
    expect(late.body).toEqual({ message: 'This reset link has expired (links work for 30 minutes). Ask for a new one.' });
    expect((await check(token)).body).toEqual(late.body);
    expect((await post('/api/users/login', who)).status).toBe(200);

    expect((await check('A'.repeat(43))).body).toEqual({ message: 'This reset link is not valid. Ask for a new one.' });
    expect((await complete('A'.repeat(43), 'a-brand-new-secret-1')).body).toEqual({ message: 'This reset link is not valid. Ask for a new one.' });
    expect((await complete('not-a-token', 'a-brand-new-secret-1')).status).toBe(400);
  });

  it('lifts the lock of a locked account, and still asks for the second factor', async () => {
    const who = await addAdmin('reset-locked', 'reset-locked-pass-1');
    for (let i = 0; i < 3; i++) expect((await post('/api/users/login', { ...who, password: 'wrong-password-x' })).status).toBe(401);
    expect((await post('/api/users/login', who)).status).toBe(429);
    // Two-step sign-in on (any secret: the code is asked for before it is checked).
    await shop.db.query(`UPDATE identity.admin_users SET totp_secret = 'JBSWY3DPEHPK3PXP' WHERE username = $1`, [who.username]);

    const token = await linkFor(who.username, who.username);
    expect((await complete(token, 'reset-locked-new-1')).status).toBe(200);
    const next = await post('/api/users/login', { ...who, password: 'reset-locked-new-1' });
    expect(next.status).toBe(401);
    expect(next.body).toEqual({ message: 'Enter the code from your authenticator app' });
  });

  it('limits the requests per client', async () => {
    const client = { 'x-forwarded-for': '203.0.113.77' };
    for (let i = 0; i < RESET_LIMIT; i++) expect((await post('/api/users/password-reset', { login: 'nobody-here' }, client)).status).toBe(202);
    const refused = await post('/api/users/password-reset', { login: OWNER.username }, client);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ message: 'Too many reset requests from this connection, please try again later' });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
