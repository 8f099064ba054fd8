import { spawn } from 'node:child_process';
import { resolve } from 'node:path';

const WORKSPACE = resolve(__dirname, '../../..');
const mainOf = (app: string) => resolve(WORKSPACE, `dist/apps/${app}/main.js`);
/** What every app needs under NODE_ENV=production besides the setting a case gets wrong. */
// (ORDER_LINK_SECRET: issue 29's signed links, required by the gateway and the notification service.)
const LINK_SECRET = { ORDER_LINK_SECRET: 'a-real-order-link-secret-of-32-characters' };
const CREDENTIALS = { NATS_PASSWORD: 'nats-password-of-this-app', REDIS_PASSWORD: 'redis-password-of-this-app', ...LINK_SECRET };
const REAL_WIPAY = { PAYMENT_PROVIDER: 'wipay', WIPAY_ENVIRONMENT: 'live', WIPAY_ACCOUNT_NUMBER: '4455667788', WIPAY_API_KEY: 'f3a9c2e4b7d1a6c8e0f2d4b6' };

/** Starts an app's build with only this environment; answers its exit code and what it wrote to stderr. */
function start(app: string, env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  return new Promise((done) => {
    const child = spawn(process.execPath, [mainOf(app)], { cwd: WORKSPACE, env: { PATH: process.env.PATH ?? '', NODE_ENV: 'production', ...env }, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('exit', (code) => done({ code, stderr }));
  });
}

/** The refusal lines (stderr without the heading), each naming its variable. */
const refusals = (stderr: string) => stderr.split('\n').slice(1).map((l) => l.trim()).filter(Boolean);

/** Issue 24: production refuses unsafe defaults before it connects to anything, one line per variable. */
describe('a production start refuses unsafe defaults', () => {
  it('refuses the payment service on the sandbox provider (the compose default), naming PAYMENT_PROVIDER', async () => {
    const { code, stderr } = await start('payment-service', { ...CREDENTIALS, ...REAL_WIPAY, PAYMENT_PROVIDER: 'sandbox' });
    expect(code).toBe(1);
    expect(stderr.split('\n')[0]).toBe('Invalid configuration:');
    expect(refusals(stderr)).toEqual(['PAYMENT_PROVIDER=sandbox takes no real payment; set wipay for production (or PAYMENT_SANDBOX_IN_PRODUCTION=true for a staging shop)']);
  });

  it("refuses WiPay's published sandbox key, also when the key is simply unset (a Secret missing it), naming WIPAY_API_KEY", async () => {
    const published = await start('payment-service', { ...CREDENTIALS, ...REAL_WIPAY, WIPAY_API_KEY: '123' });
    const unset = await start('payment-service', { ...CREDENTIALS, PAYMENT_PROVIDER: 'wipay', WIPAY_ENVIRONMENT: 'live' });
    const short = await start('payment-service', { ...CREDENTIALS, ...REAL_WIPAY, WIPAY_API_KEY: 'k3y-0f-10ch' });
    for (const run of [published, unset]) {
      expect(run.code).toBe(1);
      expect(refusals(run.stderr)).toEqual(['WIPAY_API_KEY still has the example value; set a real one for production']);
    }
    expect(short.code).toBe(1);
    expect(refusals(short.stderr)).toEqual([expect.stringMatching(/^WIPAY_API_KEY is shorter than WiPay's keys/)]);
  });

  it('refuses an example secret of .env.example in the gateway, naming JWT_SECRET', async () => {
    const { code, stderr } = await start('api-gateway', { ...CREDENTIALS, JWT_SECRET: 'change-me-development-only-secret', ADMIN_PASSWORD: 'a-real-admin-password' });
    expect(code).toBe(1);
    expect(refusals(stderr)).toEqual(['JWT_SECRET still has the example value; set a real one for production']);
  });

  it('refuses every app without its NATS and Redis passwords, naming NATS_PASSWORD and REDIS_PASSWORD', async () => {
    for (const app of ['catalog-service', 'order-service', 'notification-service']) {
      const { code, stderr } = await start(app, LINK_SECRET);
      expect([app, code]).toEqual([app, 1]);
      expect(refusals(stderr)).toEqual([
        'NATS_PASSWORD is required in production (the password of NATS user NATS_USER)',
        'REDIS_PASSWORD is required in production (the password of Redis user REDIS_USERNAME)',
      ]);
    }
  });
});
