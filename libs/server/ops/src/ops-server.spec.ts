import pino from 'pino';
import { METRICS } from './metric-catalog';
import { Metrics } from './metrics';
import { OpsServer } from './ops-server';

const logger = pino({ level: 'silent' });

async function get(ops: OpsServer, path: string): Promise<{ status: number; type: string | null; text: string }> {
  const res = await fetch(`http://127.0.0.1:${ops.port}${path}`);
  return { status: res.status, type: res.headers.get('content-type'), text: await res.text() };
}

describe('OpsServer', () => {
  let ops: OpsServer;
  beforeEach(async () => {
    ops = await OpsServer.start(0, logger);
  });
  afterEach(async () => {
    await ops.close();
  });

  it('is live but not ready while the app starts, and has no metrics yet', async () => {
    expect(await get(ops, '/livez')).toMatchObject({ status: 200, text: JSON.stringify({ status: 'alive' }) });
    expect(JSON.parse((await get(ops, '/readyz')).text)).toEqual({ status: 'not ready', failed: ['starting'], checks: {} });
    expect((await get(ops, '/readyz')).status).toBe(503);
    expect((await get(ops, '/metrics')).status).toBe(503);
  });

  it('is ready when every check is up, and names each one that is down (a check that throws is down)', async () => {
    const state = { nats: 'up' as 'up' | 'down' };
    ops.attach(new Metrics(), {
      postgres: async () => 'up',
      nats: async () => state.nats,
      redis: async () => {
        throw new Error('boom');
      },
    });
    expect(await get(ops, '/readyz')).toMatchObject({ status: 503 });
    expect(JSON.parse((await get(ops, '/readyz')).text)).toEqual({ status: 'not ready', failed: ['redis'], checks: { postgres: 'up', nats: 'up', redis: 'down' } });
    state.nats = 'down';
    expect(JSON.parse((await get(ops, '/readyz')).text).failed).toEqual(['nats', 'redis']);
  });

  it('turns readiness off for good when draining, while liveness stays on', async () => {
    ops.attach(new Metrics(), { postgres: async () => 'up' });
    expect((await get(ops, '/readyz')).status).toBe(200);
    ops.drain();
    expect(await get(ops, '/readyz')).toMatchObject({ status: 503, text: JSON.stringify({ status: 'not ready', failed: ['draining'], checks: {} }) });
    expect((await get(ops, '/livez')).status).toBe(200);
  });

  it('serves the metrics as Prometheus text, with the readiness and each dependency as gauges', async () => {
    const metrics = new Metrics();
    metrics.counter(METRICS.mailsSent).inc({ kind: 'delivered' }, 2);
    ops.attach(metrics, { postgres: async () => 'up', nats: async () => 'down' });
    const res = await get(ops, '/metrics');
    expect(res.status).toBe(200);
    expect(res.type).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.text).toContain('shop_mails_sent_total{kind="delivered"} 2');
    expect(res.text).toContain('shop_ready 0');
    expect(res.text).toContain('shop_dependency_up{dependency="postgres"} 1');
    expect(res.text).toContain('shop_dependency_up{dependency="nats"} 0');
  });

  it('answers 404 elsewhere and 405 to anything but GET', async () => {
    expect((await get(ops, '/health')).status).toBe(404);
    expect((await fetch(`http://127.0.0.1:${ops.port}/livez`, { method: 'POST' })).status).toBe(405);
  });

  it('refuses a port that is taken, naming OPS_PORT', async () => {
    await expect(OpsServer.start(ops.port, logger)).rejects.toThrow(`OPS_PORT ${ops.port} is in use`);
  });
});
