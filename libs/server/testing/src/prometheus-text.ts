/** One sample of a Prometheus text exposition: `name{label="value",...} value`. */
export interface MetricSample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

const SAMPLE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})?\s+(\S+)/;
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g;

/** Parses the samples of a Prometheus text exposition (comments and HELP/TYPE lines skipped). */
export function parsePrometheusText(text: string): MetricSample[] {
  const samples: MetricSample[] = [];
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const match = SAMPLE.exec(line);
    if (!match) continue;
    const labels: Record<string, string> = {};
    for (const [, key, raw] of (match[2] ?? '').matchAll(LABEL)) labels[key] = raw.replace(/\\(.)/g, (_, c: string) => (c === 'n' ? '\n' : c));
    samples.push({ name: match[1], labels, value: Number(match[3]) });
  }
  return samples;
}

/** The samples of one series name whose labels include every given label. */
export function samplesOf(samples: MetricSample[], name: string, labels: Record<string, string> = {}): MetricSample[] {
  return samples.filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v));
}

/** The sum of those samples' values (0 when there are none). */
export function sumOf(samples: MetricSample[], name: string, labels: Record<string, string> = {}): number {
  return samplesOf(samples, name, labels).reduce((sum, s) => sum + s.value, 0);
}

/** Fetches and parses an app's /metrics (its ops server's address). */
export async function scrapeMetrics(opsUrl: string): Promise<MetricSample[]> {
  const res = await fetch(`${opsUrl}/metrics`);
  if (res.status !== 200) throw new Error(`${opsUrl}/metrics answered ${res.status}`);
  return parsePrometheusText(await res.text());
}
