import { METRICS, seriesNames } from './metric-catalog';
import { Metrics } from './metrics';

describe('Metrics', () => {
  it('makes each catalogue metric once, in its own registry', async () => {
    const a = new Metrics();
    const b = new Metrics();
    expect(a.counter(METRICS.natsRequests)).toBe(a.counter(METRICS.natsRequests));
    a.counter(METRICS.natsRequests).inc({ pattern: 'catalog.health', kind: 'request', outcome: 'ok' });
    b.counter(METRICS.natsRequests);
    expect((await a.exposition()).body).toContain('shop_nats_requests_total{pattern="catalog.health",kind="request",outcome="ok"} 1');
    expect((await b.exposition()).body).not.toContain('catalog.health');
  });

  it('refuses a catalogue metric asked for as another type', () => {
    expect(() => new Metrics().gauge(METRICS.natsRequests)).toThrow('shop_nats_requests_total is a counter, not a gauge');
  });

  it('reads a collected gauge at each scrape, and drops its series when the read fails', async () => {
    const metrics = new Metrics();
    let lag: number | Error = 12;
    metrics.collectedGauge(METRICS.outboxLag, async (gauge) => {
      if (lag instanceof Error) throw lag;
      gauge.set({ outbox: 'orders' }, lag);
    });
    expect((await metrics.exposition()).body).toContain('shop_outbox_lag_seconds{outbox="orders"} 12');
    lag = new Error('database away');
    const body = (await metrics.exposition()).body;
    expect(body).toContain('# TYPE shop_outbox_lag_seconds gauge');
    expect(body).not.toContain('shop_outbox_lag_seconds{');
  });

  it('adds the default process metrics when asked', async () => {
    const metrics = new Metrics();
    expect((await metrics.exposition()).body).not.toContain('process_resident_memory_bytes');
    metrics.collectDefaults();
    metrics.collectDefaults();
    expect((await metrics.exposition()).body).toContain('process_resident_memory_bytes');
  });

  it('names histograms by their three series', () => {
    expect(seriesNames(METRICS.httpDuration)).toEqual([
      'shop_http_request_duration_seconds_bucket',
      'shop_http_request_duration_seconds_sum',
      'shop_http_request_duration_seconds_count',
    ]);
    expect(seriesNames(METRICS.mails)).toEqual(['shop_mails']);
  });
});
