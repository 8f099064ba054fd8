import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { METRICS, Metrics, seriesNames } from '@shop/server-ops';
import { parse } from 'yaml';

// The alert rules and the dashboard in deploy/observability use only metrics the apps export (the catalogue,
// prom-client's process metrics) or the standard ones Prometheus and kube-state-metrics provide, and cover
// what issue 16 asks to watch.

const DIR = resolve(__dirname, '../../deploy/observability');

/** Series Prometheus itself or kube-state-metrics provide. */
const STANDARD = new Set(['up', 'kube_deployment_status_replicas_available']);

/** PromQL words that look like names but are not series. */
const KEYWORDS = new Set(['and', 'or', 'unless', 'bool', 'offset', 'by', 'without', 'on', 'ignoring', 'group_left', 'group_right', 'inf', 'nan']);

/** The series names an expression reads: identifiers outside strings, label matchers, ranges and label lists, not followed by `(`. */
function seriesIn(expr: string): string[] {
  const bare = expr
    .replace(/"(?:[^"\\]|\\.)*"/g, '""')
    .replace(/\{[^}]*\}/g, ' ')
    .replace(/\[[^\]]*\]/g, ' ')
    .replace(/\b(?:by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, ' ');
  const names: string[] = [];
  for (const match of bare.matchAll(/(?<![\w.$])[a-zA-Z_:][a-zA-Z0-9_:]*/g)) {
    const rest = bare.slice(match.index + match[0].length).trimStart();
    if (rest.startsWith('(') || KEYWORDS.has(match[0].toLowerCase())) continue;
    names.push(match[0]);
  }
  return names;
}

/** Every series name a scrape of the apps can show: the catalogue's and the default process metrics'. */
async function exportedNames(): Promise<Set<string>> {
  const metrics = new Metrics();
  metrics.collectDefaults();
  const names = new Set(Object.values(METRICS).flatMap(seriesNames));
  for (const metric of await metrics.registry.getMetricsAsJSON()) {
    names.add(metric.name);
    if (String(metric.type) === 'histogram') for (const suffix of ['_bucket', '_sum', '_count']) names.add(metric.name + suffix);
    if (String(metric.type) === 'summary') for (const suffix of ['_sum', '_count']) names.add(metric.name + suffix);
  }
  return names;
}

interface Rule {
  alert: string;
  expr: string;
  for?: string;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
}

interface Panel {
  id: number;
  type: string;
  title: string;
  datasource?: { uid?: string };
  targets?: Array<{ expr: string; refId: string }>;
}

const rules = (): Rule[] => (parse(readFileSync(join(DIR, 'alerts.yml'), 'utf8')) as { groups: Array<{ rules: Rule[] }> }).groups.flatMap((g) => g.rules);
const dashboard = () => JSON.parse(readFileSync(join(DIR, 'grafana-dashboard.json'), 'utf8')) as { uid: string; title: string; panels: Panel[] };

describe('seriesIn', () => {
  it('finds the series of an expression, not its functions, labels, ranges or numbers', () => {
    expect(
      seriesIn('histogram_quantile(0.99, sum by (le, route) (rate(shop_http_request_duration_seconds_bucket{route!~"x_y"}[5m]))) > 1e3 and on(app) up offset 5m'),
    ).toEqual(['shop_http_request_duration_seconds_bucket', 'up']);
    expect(seriesIn('sum(rate(a_total[$__rate_interval])) by (app) / ignoring(code) b')).toEqual(['a_total', 'b']);
  });
});

describe('deploy/observability', () => {
  let known: Set<string>;
  beforeAll(async () => {
    known = new Set([...(await exportedNames()), ...STANDARD]);
  });

  it('has alert rules that each read only exported series, with a severity and a summary', () => {
    const all = rules();
    expect(all.length).toBeGreaterThan(0);
    for (const rule of all) {
      expect({ alert: rule.alert, severity: rule.labels?.severity, summary: typeof rule.annotations?.summary }).toEqual({
        alert: rule.alert,
        severity: expect.stringMatching(/^(page|ticket)$/),
        summary: 'string',
      });
      const series = seriesIn(rule.expr);
      expect({ alert: rule.alert, reads: series.length > 0 }).toEqual({ alert: rule.alert, reads: true });
      for (const name of series) expect({ alert: rule.alert, name, known: known.has(name) }).toEqual({ alert: rule.alert, name, known: true });
    }
  });

  it('alerts on outbox lag over 5 minutes, failed mails, the gateway 5xx rate and a service with no ready replica', () => {
    const byName = new Map(rules().map((r) => [r.alert, r]));
    expect(byName.get('OutboxLagging')?.expr).toMatch(/shop_outbox_lag_seconds\)?\s*>\s*300\b/);
    expect(seriesIn(byName.get('MailsFailed')?.expr ?? '')).toEqual(['shop_mails']);
    expect(byName.get('MailsFailed')?.expr).toContain('status="failed"');
    expect(byName.get('GatewayErrorRate')?.expr).toContain('status=~"5.."');
    expect(byName.get('ServiceNoReadyReplica')?.expr).toMatch(/kube_deployment_status_replicas_available\{[^}]*\}\s*==\s*0/);
    expect(seriesIn(byName.get('ServiceNotScraped')?.expr ?? '')).toEqual(['up']);
    for (const app of ['api-gateway', 'catalog-service', 'order-service', 'payment-service', 'notification-service']) {
      expect(byName.get('ServiceNoReadyReplica')?.expr).toContain(app);
    }
  });

  it('has a dashboard whose panels read only exported series and show every metric of the catalogue', () => {
    const { panels, uid } = dashboard();
    expect(uid).toBe('island-glow-shop');
    const ids = panels.map((p) => p.id);
    expect(new Set(ids).size).toBe(ids.length);
    const used = new Set<string>();
    for (const panel of panels.filter((p) => p.type !== 'row')) {
      expect({ panel: panel.title, datasource: panel.datasource?.uid, targets: (panel.targets ?? []).length > 0 }).toEqual({
        panel: panel.title,
        datasource: '${datasource}',
        targets: true,
      });
      for (const target of panel.targets ?? []) {
        for (const name of seriesIn(target.expr)) {
          expect({ panel: panel.title, name, known: known.has(name) }).toEqual({ panel: panel.title, name, known: true });
          used.add(name);
        }
      }
    }
    const shown = (name: string) => seriesNames(Object.values(METRICS).find((m) => m.name === name)!).some((s) => used.has(s));
    for (const metric of Object.values(METRICS)) expect({ metric: metric.name, shown: shown(metric.name) }).toEqual({ metric: metric.name, shown: true });
  });
});
