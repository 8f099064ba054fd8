import { randomUUID } from 'node:crypto';
import { TestStack } from '@shop/server-testing';
import { Client } from 'pg';
import { sessionCalls } from './support/sessions';

const OWNER = { username: 'guarded-owner', password: 'guarded-owner-pass-1' };
const LOCKOUT = { threshold: 3, base: 60, max: 200 };
const INVALID = { message: 'Invalid username or password' };
const LOCKED = { message: 'Too many failed logins for this account, please try again later' };

jest.setTimeout(30_000);

/** Login protection beyond the per-client limit: the per-account lockout with backoff, and the owner's security mails. */
describe('admin login protection', () => {
  let stack: TestStack;
  let db: Client;
  const { post, cookieLogin, addAdmin } = sessionCalls(() => stack, () => db, OWNER);

  beforeAll(async () => {
    stack = await TestStack.start({
      services: ['notification-service'],
      env: {
        ADMIN_USERNAME: OWNER.username,
        ADMIN_PASSWORD: OWNER.password,
        LOGIN_LOCKOUT_THRESHOLD: String(LOCKOUT.threshold),
        LOGIN_LOCKOUT_BASE_SECONDS: String(LOCKOUT.base),
        LOGIN_LOCKOUT_MAX_SECONDS: String(LOCKOUT.max),
        SHOP_OWNER_EMAIL: 'owner@islandglow.test',
        LOG_LEVEL: 'info',
      },
    });
    db = new Client({ connectionString: stack.env.DATABASE_URL });
    await db.connect();
  }, 60_000);

  afterAll(async () => {
    await db?.end();
    await stack?.close();
  });

  const alerts = async (username: string) =>
    (
      await db.query(`SELECT data->'alert'->>'kind' AS kind FROM notifications.mails WHERE kind = 'security_alert' AND data->'alert'->>'username' = $1 ORDER BY created_at`, [
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
    const lockRow = async (username: string) =>
      (
        await db.query(`SELECT failures, extract(epoch FROM locked_until - now())::float AS seconds_left FROM identity.login_lockouts WHERE username_key = lower($1)`, [username])
      ).rows[0] as { failures: number; seconds_left: number | null } | undefined;
    const endLock = (username: string) => db.query(`UPDATE identity.login_lockouts SET locked_until = now() - interval '1 second' WHERE username_key = lower($1)`, [username]);
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
      await db.query(`UPDATE identity.login_lockouts SET last_failure_at = now() - interval '25 hours' WHERE username_key = lower($1)`, [who.username]);
      expect(await attempt(who.username, 'wrong-next-day')).toMatchObject({ status: 401, body: INVALID });
      expect(await lockRow(who.username)).toMatchObject({ failures: 1, seconds_left: null });

      const stale = `stale-${randomUUID().slice(0, 6)}`;
      await attempt(stale, 'some-wrong-guess');
      await db.query(`UPDATE identity.login_lockouts SET last_failure_at = now() - interval '25 hours' WHERE username_key = lower($1)`, [stale]);
      expect(await attempt(who.username, who.password)).toMatchObject({ status: 200 });
      expect(await lockRow(stale)).toBeUndefined();
      expect(await lockRow(who.username)).toBeUndefined();
    });

    it('locks an unknown username the same way, so a lock tells nothing about which accounts exist', async () => {
      const ghost = `ghost-${randomUUID().slice(0, 6)}`;
      for (let i = 0; i < LOCKOUT.threshold; i++) expect(await attempt(ghost, `wrong-${i}-guess`)).toMatchObject({ status: 401, body: INVALID });
      expect(await attempt(ghost, 'whatever-it-is')).toMatchObject({ status: 429, body: LOCKED });
    });

    it('mails the owner when an account is locked', async () => {
      const who = await addAdmin(`mailed-${randomUUID().slice(0, 6)}`, 'mailed-pass-1');
      for (let i = 0; i < LOCKOUT.threshold; i++) await attempt(who.username, `wrong-${i}-guess`);
      expect(await waitForAlerts(who.username, 1)).toEqual(['account_locked']);
      // The subject is written when the mail is rendered, by a job just after it is logged.
      const rendered = () =>
        db.query(`SELECT recipient, subject FROM notifications.mails WHERE kind = 'security_alert' AND data->'alert'->>'username' = $1 AND subject IS NOT NULL`, [
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
      const { rows } = await db.query(`SELECT count(DISTINCT device_hash)::int AS devices, count(*)::int AS sessions FROM identity.admin_sessions s JOIN identity.admin_users u ON u.id = s.user_id WHERE u.username = $1`, [who.username]);
      expect(rows[0]).toEqual({ devices: 2, sessions: 3 });
    });
  });
});
