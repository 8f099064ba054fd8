import { randomUUID } from 'node:crypto';
import { useOwnerShop } from './support/sessions';

const OWNER = { username: 'guarded-owner', password: 'guarded-owner-pass-1' };
const LOCKOUT = { threshold: 3, base: 60, max: 200 };
const INVALID = { message: 'Invalid username or password' };
const LOCKED = { message: 'Too many failed logins for this account, please try again later' };

jest.setTimeout(30_000);

/** Login protection beyond the per-client limit: the per-account lockout with backoff, and the owner's security mails. */
describe('admin login protection', () => {
  const { shop, post, cookieLogin, addAdmin, idOf } = useOwnerShop(OWNER, {
    services: ['notification-service'],
    env: {
      LOGIN_LOCKOUT_THRESHOLD: String(LOCKOUT.threshold),
      LOGIN_LOCKOUT_BASE_SECONDS: String(LOCKOUT.base),
      LOGIN_LOCKOUT_MAX_SECONDS: String(LOCKOUT.max),
      SHOP_OWNER_EMAIL: 'owner@islandglow.test',
      LOG_LEVEL: 'info',
    },
  });

  const alerts = async (username: string) =>
    (
      await shop.db.query(`SELECT data->'alert'->>'kind' AS kind FROM notifications.mails WHERE kind = 'security_alert' AND data->'alert'->>'username' = $1 ORDER BY created_at`, [
        username,
      ])
    ).rows.map((r) => r.kind as string);
  const waitForAlerts = async (username: string, count: number): Promise<string[]> => {
    const deadline = Date.now() + 15_000;
    for (;;) {
      const found = await alerts(username);
      if (found.length >= count || Date.now() > deadline) return found;
      await new Promise((r) => setTimeout(r, 100));
    }
  };

  describe('account lockout', () => {
    // An account's count is kept under its id; a name that is no account under the name, normalised.
    const keyOf = async (username: string) => {
      const { rows } = await shop.db.query('SELECT id FROM identity.admin_users WHERE lower(normalize(username, NFKC)) = lower(normalize($1, NFKC))', [username]);
      return rows[0] ? `account:${rows[0].id}` : `name:${username.toLowerCase()}`;
    };
    const lockRow = async (username: string) =>
      (
        await shop.db.query(`SELECT failures, extract(epoch FROM locked_until - now())::float AS seconds_left FROM identity.login_lockouts WHERE lock_key = $1`, [
          await keyOf(username),
        ])
      ).rows[0] as { failures: number; seconds_left: number | null } | undefined;
    const endLock = async (username: string) =>
      shop.db.query(`UPDATE identity.login_lockouts SET locked_until = now() - interval '1 second' WHERE lock_key = $1`, [await keyOf(username)]);
    const attempt = (username: string, password: string) => post('/api/users/login', { username, password });

    it('locks the account after the threshold, refuses the right password from another client, releases when the lock ends', async () => {
      const who = await addAdmin(`locky-${randomUUID().slice(0, 6)}`, 'locky-pass-1');
      for (let i = 0; i < LOCKOUT.threshold; i++) {
        // Each from its own client: the per-client limit never comes into it.
        expect(await attempt(who.username, `wrong-${i}-guess`)).toMatchObject({ status: 401, body: INVALID });
      }
      const refused = await attempt(who.username, who.password);
      expect(refused).toMatchObject({ status: 429, body: LOCKED });
      const retryAfter = Number(refused.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(LOCKOUT.base);
      // A refused attempt is not a failure: the count stays at the threshold.
      expect(await lockRow(who.username)).toMatchObject({ failures: LOCKOUT.threshold });

      await endLock(who.username);
      expect(await attempt(who.username, who.password)).toMatchObject({ status: 200 });
      // The success cleared the count: it takes the whole threshold again to lock.
      expect(await lockRow(who.username)).toBeUndefined();
      expect(await attempt(who.username, 'wrong-again-1')).toMatchObject({ status: 401 });
      expect(await attempt(who.username, who.password)).toMatchObject({ status: 200 });
    });

    it('doubles the lock with every further failure, up to LOGIN_LOCKOUT_MAX_SECONDS', async () => {
      const who = await addAdmin(`backoff-${randomUUID().slice(0, 6)}`, 'backoff-pass-1');
      for (let i = 0; i < LOCKOUT.threshold; i++) await attempt(who.username, `wrong-${i}-guess`);
      const first = await lockRow(who.username);
      expect(first?.seconds_left).toBeGreaterThan(LOCKOUT.base - 10);
      expect(first?.seconds_left).toBeLessThanOrEqual(LOCKOUT.base);

      await endLock(who.username);
      expect(await attempt(who.username, 'one-more-wrong')).toMatchObject({ status: 401 });
      const second = await lockRow(who.username);
      expect(second?.seconds_left).toBeGreaterThan(2 * LOCKOUT.base - 10);
      expect(second?.seconds_left).toBeLessThanOrEqual(2 * LOCKOUT.base);

      await endLock(who.username);
      expect(await attempt(who.username, 'and-another-wrong')).toMatchObject({ status: 401 });
      const capped = await lockRow(who.username);
      // 4 x base would be 240 s: the cap is 200 s.
      expect(capped?.seconds_left).toBeGreaterThan(LOCKOUT.max - 10);
      expect(capped?.seconds_left).toBeLessThanOrEqual(LOCKOUT.max);
      expect(await attempt(who.username, who.password)).toMatchObject({ status: 429, body: LOCKED });
    });

    it('starts the count again after LOGIN_LOCKOUT_RESET_SECONDS without a failure, and drops counts that ran out', async () => {
      const who = await addAdmin(`forgetful-${randomUUID().slice(0, 6)}`, 'forgetful-pass-1');
      for (let i = 0; i < LOCKOUT.threshold - 1; i++) await attempt(who.username, `wrong-${i}-guess`);
      expect(await lockRow(who.username)).toMatchObject({ failures: LOCKOUT.threshold - 1 });
      // A day and a bit later (the default reset), the next failure is the first again, not the one that locks.
      await shop.db.query(`UPDATE identity.login_lockouts SET last_failure_at = now() - interval '25 hours' WHERE lock_key = $1`, [await keyOf(who.username)]);
      expect(await attempt(who.username, 'wrong-next-day')).toMatchObject({ status: 401, body: INVALID });
      expect(await lockRow(who.username)).toMatchObject({ failures: 1, seconds_left: null });

      const stale = `stale-${randomUUID().slice(0, 6)}`;
      await attempt(stale, 'some-wrong-guess');
      await shop.db.query(`UPDATE identity.login_lockouts SET last_failure_at = now() - interval '25 hours' WHERE lock_key = $1`, [await keyOf(stale)]);
      expect(await attempt(who.username, who.password)).toMatchObject({ status: 200 });
      expect(await lockRow(stale)).toBeUndefined();
      expect(await lockRow(who.username)).toBeUndefined();
    });

    it('locks an unknown username the same way, so a lock tells nothing about which accounts exist', async () => {
      const ghost = `ghost-${randomUUID().slice(0, 6)}`;
      for (let i = 0; i < LOCKOUT.threshold; i++) expect(await attempt(ghost, `wrong-${i}-guess`)).toMatchObject({ status: 401, body: INVALID });
      expect(await attempt(ghost, 'whatever-it-is')).toMatchObject({ status: 429, body: LOCKED });
    });

    it('lets a browser that signed in before in while the account is locked for everyone else', async () => {
      const who = await addAdmin(`homebody-${randomUUID().slice(0, 6)}`, 'homebody-pass-1');
      const home = await cookieLogin(who);
      for (let i = 0; i < LOCKOUT.threshold; i++) expect(await attempt(who.username, `wrong-${i}-guess`)).toMatchObject({ status: 401 });
      // Locked for every other client: a script, a new browser, and a browser with a device cookie the gateway never signed.
      expect(await attempt(who.username, who.password)).toMatchObject({ status: 429, body: LOCKED });
      expect(await post('/api/users/login', { ...who, session: 'cookie' })).toMatchObject({ status: 429, body: LOCKED });
      const forged = `${'f'.repeat(43)}.${home.device.split('.')[1]}`;
      expect(await post('/api/users/login', { ...who, session: 'cookie' }, { cookie: `shop_device=${forged}` })).toMatchObject({ status: 429, body: LOCKED });

      // The owner's own browser gets in, and its sign-in does not lift the lock that the others earned.
      const back = await cookieLogin(who, home.device);
      expect(back.body).toMatchObject({ username: who.username });
      expect(await attempt(who.username, who.password)).toMatchObject({ status: 429, body: LOCKED });
      expect(await lockRow(who.username)).toMatchObject({ failures: LOCKOUT.threshold });

      // The known browser's own failures are its own: they neither count towards the account's lock nor reset it.
      const homeAttempt = (password: string) => post('/api/users/login', { username: who.username, password, session: 'cookie' }, { cookie: `shop_device=${home.device}` });
      expect(await homeAttempt('fat-fingered-1')).toMatchObject({ status: 401, body: INVALID });
      expect(await lockRow(who.username)).toMatchObject({ failures: LOCKOUT.threshold });
      expect(await homeAttempt(who.password)).toMatchObject({ status: 200 });
    });

    it("shares one count among every spelling of the account's name ('ADMİN', full-width letters)", async () => {
      const suffix = randomUUID().slice(0, 6);
      const who = await addAdmin(`admin-${suffix}`, 'spelling-pass-1');
      // JavaScript lower-cases 'İ' to 'i̇' (two characters), Postgres to 'i': before one normalisation served both, each spelling had its own count.
      const spellings = [`ADMİN-${suffix.toUpperCase()}`, `ＡＤＭＩＮ-${suffix}`, `Admin-${suffix}`];
      for (const [i, name] of spellings.entries()) expect(await attempt(name, `wrong-${i}-guess`)).toMatchObject({ status: 401, body: INVALID });
      expect(await lockRow(who.username)).toMatchObject({ failures: LOCKOUT.threshold });
      expect(await attempt(who.username, who.password)).toMatchObject({ status: 429, body: LOCKED });
      expect(await attempt(spellings[0], who.password)).toMatchObject({ status: 429, body: LOCKED });
      const { rows } = await shop.db.query(`SELECT count(*)::int AS n FROM identity.login_lockouts WHERE lock_key LIKE $1`, [`name:%${suffix}%`]);
      expect(rows[0].n).toBe(0);
    });

    it('mails the owner about a lock at most once an hour', async () => {
      const who = await addAdmin(`flooded-${randomUUID().slice(0, 6)}`, 'flooded-pass-1');
      const lockFailures = async () =>
        (
          await shop.db.query(
            `SELECT (data->'alert'->>'failures')::int AS failures FROM notifications.mails
              WHERE kind = 'security_alert' AND data->'alert'->>'kind' = 'account_locked' AND data->'alert'->>'username' = $1 ORDER BY created_at`,
            [who.username],
          )
        ).rows.map((r) => r.failures as number);
      const waitForLockMail = async (failures: number) => {
        for (const deadline = Date.now() + 15_000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 100))) {
          if ((await lockFailures()).includes(failures)) return;
        }
        throw new Error(`no lock mail for ${failures} failures`);
      };
      for (let i = 0; i < LOCKOUT.threshold; i++) await attempt(who.username, `wrong-${i}-guess`);
      await waitForLockMail(LOCKOUT.threshold);
      // Locked again within the hour: no mail.
      await endLock(who.username);
      expect(await attempt(who.username, 'wrong-within-the-hour')).toMatchObject({ status: 401 });
      expect(await lockRow(who.username)).toMatchObject({ failures: LOCKOUT.threshold + 1 });
      // An hour later, the next lock mails again; the one in between never did.
      await shop.db.query(`UPDATE identity.alert_throttle SET last_sent_at = now() - interval '61 minutes' WHERE topic = $1`, [`account_locked:${await idOf(who.username)}`]);
      await endLock(who.username);
      expect(await attempt(who.username, 'wrong-an-hour-later')).toMatchObject({ status: 401 });
      await waitForLockMail(LOCKOUT.threshold + 2);
      expect(await lockFailures()).toEqual([LOCKOUT.threshold, LOCKOUT.threshold + 2]);
    });

    it('mails the owner when an account is locked', async () => {
      const who = await addAdmin(`mailed-${randomUUID().slice(0, 6)}`, 'mailed-pass-1');
      for (let i = 0; i < LOCKOUT.threshold; i++) await attempt(who.username, `wrong-${i}-guess`);
      expect(await waitForAlerts(who.username, 1)).toEqual(['account_locked']);
      // The subject is written when the mail is rendered, by a job just after it is logged.
      const rendered = () =>
        shop.db.query(`SELECT recipient, subject FROM notifications.mails WHERE kind = 'security_alert' AND data->'alert'->>'username' = $1 AND subject IS NOT NULL`, [
          who.username,
        ]);
      let { rows } = await rendered();
      for (const deadline = Date.now() + 15_000; rows.length === 0 && Date.now() < deadline; ) {
        await new Promise((r) => setTimeout(r, 100));
        ({ rows } = await rendered());
      }
      expect(rows).toEqual([{ recipient: 'owner@islandglow.test', subject: expect.stringContaining(`"${who.username}" locked`) }]);
    });
  });

  describe('new browser mail', () => {
    it('mails the owner on a sign-in from a browser the account has not used, not on a later one from the same browser', async () => {
      const who = await addAdmin(`traveller-${randomUUID().slice(0, 6)}`, 'traveller-pass-1');
      const first = await cookieLogin(who);
      expect(await waitForAlerts(who.username, 1)).toEqual(['new_browser']);
      // The same browser (its device cookie) again, then a second browser: only the second one is new.
      await cookieLogin(who, first.device);
      await cookieLogin(who);
      expect(await waitForAlerts(who.username, 2)).toEqual(['new_browser', 'new_browser']);
      const { rows } = await shop.db.query(`SELECT count(DISTINCT device_hash)::int AS devices, count(*)::int AS sessions FROM identity.admin_sessions s JOIN identity.admin_users u ON u.id = s.user_id WHERE u.username = $1`, [who.username]);
      expect(rows[0]).toEqual({ devices: 2, sessions: 3 });
    });
  });
});
