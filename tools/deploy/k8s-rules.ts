/**
 * The operating rules every rendered overlay of deploy/k8s must keep (deploy/README.md, "Kubernetes"),
 * as plain checks over the rendered objects: each answers a list of problems, empty when the rule holds.
 * Used by k8s-manifests.spec.ts, which renders the overlays with `kubectl kustomize`.
 */
import serverApps from '../../libs/server/config/src/server-apps-table.json';

/** A rendered Kubernetes object (only the fields the rules read are typed). */
export interface K8sObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; labels?: Record<string, string>; annotations?: Record<string, string> };
  spec?: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- many kinds, read field by field
  data?: Record<string, string>;
}

/** The ops port per server app, from the one table (libs/server/config/src/server-apps-table.json). */
export const SERVER_APPS: Record<string, number> = Object.fromEntries(Object.entries(serverApps.apps).map(([app, { opsPort }]) => [app, opsPort]));
/** The Node settings every server container runs with, from the same table. */
export const SERVER_NODE_ENV: Record<string, string> = { NODE_OPTIONS: serverApps.nodeOptions, MALLOC_ARENA_MAX: serverApps.mallocArenaMax };
export const WEB_APPS = ['storefront', 'admin'];
export const ALL_APPS = [...Object.keys(SERVER_APPS), ...WEB_APPS];
export const AUTOSCALED = ['api-gateway', 'catalog-service', 'order-service'];

/** Each app's secrets (contract of issue 16): Secret `<app>-secrets` holds exactly these keys. */
export const APP_SECRETS: Record<string, string[]> = {
  'api-gateway': ['DATABASE_URL', 'NATS_PASSWORD', 'REDIS_PASSWORD', 'JWT_SECRET', 'ORDER_LINK_SECRET', 'ADMIN_PASSWORD', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'],
  'catalog-service': ['DATABASE_URL', 'NATS_PASSWORD', 'REDIS_PASSWORD'],
  'order-service': ['DATABASE_URL', 'NATS_PASSWORD', 'REDIS_PASSWORD'],
  'payment-service': ['DATABASE_URL', 'NATS_PASSWORD', 'REDIS_PASSWORD', 'WIPAY_API_KEY'],
  'notification-service': ['DATABASE_URL', 'NATS_PASSWORD', 'REDIS_PASSWORD', 'SMTP_URL', 'ORDER_LINK_SECRET'],
};
const SECRET_KEYS = new Set(Object.values(APP_SECRETS).flat());
/** Workloads that are not apps but may read one Secret of their own. */
const OTHER_SECRET_OWNERS: Record<string, string> = { 'db-bootstrap': 'db-bootstrap-secrets', postgres: 'postgres-secrets', nats: 'nats-secrets', redis: 'redis-secrets' };

/** The longest a server app drains after SIGTERM (IN_FLIGHT_WAIT_MS in graceful-nats.server.ts). */
const DRAIN_SECONDS = 15;

const WORKLOAD_KINDS = new Set(['Deployment', 'StatefulSet', 'Job', 'DaemonSet']);

export const workloads = (objects: K8sObject[]) => objects.filter((o) => WORKLOAD_KINDS.has(o.kind));
const find = (objects: K8sObject[], kind: string, name: string) => objects.find((o) => o.kind === kind && o.metadata.name === name);
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a pod spec, read field by field
const podSpecOf = (o: K8sObject): any => o.spec?.template?.spec ?? {};

/** Every app has a Deployment whose containers have probes, non-root, read-only root, resources, preStop. */
export function checkDeployments(objects: K8sObject[]): string[] {
  const problems: string[] = [];
  for (const app of ALL_APPS) {
    const deployment = find(objects, 'Deployment', app);
    if (!deployment) {
      problems.push(`${app}: no Deployment`);
      continue;
    }
    const strategy = deployment.spec?.strategy;
    if (strategy?.type !== 'RollingUpdate' || ![0, '0', '0%'].includes(strategy?.rollingUpdate?.maxUnavailable)) {
      problems.push(`${app}: strategy is not RollingUpdate with maxUnavailable 0`);
    }
    const pod = podSpecOf(deployment);
    const ops = SERVER_APPS[app];
    for (const c of pod.containers ?? []) {
      const where = `${app}/${c.name}`;
      for (const probe of ['livenessProbe', 'readinessProbe'] as const) {
        if (!c[probe]) problems.push(`${where}: no ${probe}`);
      }
      if (ops !== undefined) {
        for (const [name, value] of Object.entries(SERVER_NODE_ENV)) {
          const set = (c.env ?? []).find((e: { name: string }) => e.name === name)?.value;
          if (set !== value) problems.push(`${where}: ${name} is ${JSON.stringify(set)}, not libs/server/config/src/server-apps-table.json's "${value}"`);
        }
        const portOf = (port: unknown) => (typeof port === 'number' ? port : c.ports?.find((p: { name?: string }) => p.name === port)?.containerPort);
        if (c.livenessProbe?.httpGet?.path !== '/livez' || portOf(c.livenessProbe?.httpGet?.port) !== ops) {
          problems.push(`${where}: liveness is not GET /livez on ops port ${ops}`);
        }
        if (c.readinessProbe?.httpGet?.path !== '/readyz' || portOf(c.readinessProbe?.httpGet?.port) !== ops) {
          problems.push(`${where}: readiness is not GET /readyz on ops port ${ops}`);
        }
        const annotations = deployment.spec?.template?.metadata?.annotations ?? {};
        if (annotations['prometheus.io/scrape'] !== 'true' || annotations['prometheus.io/port'] !== String(ops) || annotations['prometheus.io/path'] !== '/metrics') {
          problems.push(`${app}: pod lacks the Prometheus scrape annotations for port ${ops}`);
        }
        const preStopSleep = Number(c.lifecycle?.preStop?.exec?.command?.[1] ?? c.lifecycle?.preStop?.sleep?.seconds ?? NaN);
        if (!(preStopSleep > 0)) problems.push(`${where}: no preStop pause`);
        else if (!((pod.terminationGracePeriodSeconds ?? 30) > preStopSleep + DRAIN_SECONDS)) {
          problems.push(`${where}: grace period ${pod.terminationGracePeriodSeconds ?? 30}s is not longer than preStop + drain`);
        }
      } else if (!c.lifecycle?.preStop) {
        problems.push(`${where}: no preStop pause`);
      }
    }
  }
  return problems;
}

/** Every container of every workload: non-root, read-only root, no privilege escalation, resources set. */
export function checkContainers(objects: K8sObject[]): string[] {
  const problems: string[] = [];
  for (const w of workloads(objects)) {
    const pod = podSpecOf(w);
    for (const c of [...(pod.initContainers ?? []), ...(pod.containers ?? [])]) {
      const where = `${w.kind} ${w.metadata.name}/${c.name}`;
      const nonRoot = c.securityContext?.runAsNonRoot ?? pod.securityContext?.runAsNonRoot;
      const user = c.securityContext?.runAsUser ?? pod.securityContext?.runAsUser;
      if (nonRoot !== true || user === 0) problems.push(`${where}: not runAsNonRoot`);
      if (c.securityContext?.readOnlyRootFilesystem !== true) problems.push(`${where}: root filesystem is writable`);
      if (c.securityContext?.allowPrivilegeEscalation !== false) problems.push(`${where}: privilege escalation allowed`);
      const r = c.resources ?? {};
      if (!r.requests?.cpu || !r.requests?.memory || !r.limits?.memory) problems.push(`${where}: resources (cpu/memory requests, memory limit) not set`);
    }
  }
  return problems;
}

/** A PodDisruptionBudget per app selecting its pods, and an autoscaler for the gateway, catalog and order. */
export function checkAvailability(objects: K8sObject[]): string[] {
  const problems: string[] = [];
  const pdbs = objects.filter((o) => o.kind === 'PodDisruptionBudget');
  for (const app of ALL_APPS) {
    const podLabels = find(objects, 'Deployment', app)?.spec?.template?.metadata?.labels ?? {};
    const matching = pdbs.filter((p) => {
      const wanted: Record<string, string> = p.spec?.selector?.matchLabels ?? {};
      return Object.keys(wanted).length > 0 && Object.entries(wanted).every(([k, v]) => podLabels[k] === v);
    });
    if (matching.length !== 1) problems.push(`${app}: ${matching.length} PodDisruptionBudgets select its pods (want 1)`);
  }
  for (const app of AUTOSCALED) {
    const hpa = objects.find((o) => o.kind === 'HorizontalPodAutoscaler' && o.spec?.scaleTargetRef?.kind === 'Deployment' && o.spec?.scaleTargetRef?.name === app);
    if (!hpa) problems.push(`${app}: no HorizontalPodAutoscaler`);
  }
  return problems;
}

/** The names of the Secrets a workload reads (env, envFrom, volumes, projected volumes). */
export function secretsReadBy(workload: K8sObject): string[] {
  const pod = podSpecOf(workload);
  const names = new Set<string>();
  for (const c of [...(pod.initContainers ?? []), ...(pod.containers ?? [])]) {
    for (const from of c.envFrom ?? []) if (from.secretRef?.name) names.add(from.secretRef.name);
    for (const e of c.env ?? []) if (e.valueFrom?.secretKeyRef?.name) names.add(e.valueFrom.secretKeyRef.name);
  }
  for (const v of pod.volumes ?? []) {
    if (v.secret?.secretName) names.add(v.secret.secretName);
    for (const s of v.projected?.sources ?? []) if (s.secret?.name) names.add(s.secret.name);
  }
  for (const p of pod.imagePullSecrets ?? []) if (p.name) names.add(p.name);
  return [...names];
}

/** Each workload reads only its own Secret; each app Secret holds exactly its keys; no secret in a ConfigMap. */
export function checkSecrets(objects: K8sObject[]): string[] {
  const problems: string[] = [];
  for (const w of workloads(objects)) {
    const app = w.metadata.name;
    const own = APP_SECRETS[app] ? `${app}-secrets` : OTHER_SECRET_OWNERS[app];
    for (const name of secretsReadBy(w)) {
      if (name !== own) problems.push(`${w.kind} ${app} reads Secret ${name}, which is not its own`);
    }
  }
  for (const secret of objects.filter((o) => o.kind === 'Secret')) {
    const app = secret.metadata.name.replace(/-secrets$/, '');
    const keys = Object.keys({ ...secret.data, ...(secret as { stringData?: object }).stringData }).sort();
    if (APP_SECRETS[app] && keys.join() !== [...APP_SECRETS[app]].sort().join()) {
      problems.push(`Secret ${secret.metadata.name} holds ${keys.join(', ')}; the app's secrets are ${APP_SECRETS[app].join(', ')}`);
    }
  }
  for (const cm of objects.filter((o) => o.kind === 'ConfigMap')) {
    for (const key of Object.keys(cm.data ?? {})) {
      if (SECRET_KEYS.has(key)) problems.push(`ConfigMap ${cm.metadata.name} holds the secret ${key}`);
    }
  }
  return problems;
}

/** Where the sandbox pay page shows: its provider setting, its port (3100), its Service or Ingress. */
export function sandboxTraces(objects: K8sObject[]): string[] {
  const traces: string[] = [];
  for (const o of objects) {
    const where = `${o.kind} ${o.metadata.name}`;
    if (o.kind === 'ConfigMap') {
      if (o.data?.PAYMENT_PROVIDER === 'sandbox') traces.push(`${where}: PAYMENT_PROVIDER=sandbox`);
      for (const key of Object.keys(o.data ?? {})) if (key.startsWith('PAYMENT_SANDBOX')) traces.push(`${where}: ${key}`);
    }
    if (/sandbox/.test(o.metadata.name)) traces.push(where);
    if (o.kind === 'Service' && (o.spec?.ports ?? []).some((p: { port: number }) => p.port === 3100)) traces.push(`${where}: port 3100`);
    for (const c of podSpecOf(o).containers ?? []) {
      if ((c.ports ?? []).some((p: { containerPort: number }) => p.containerPort === 3100)) traces.push(`${where}: container port 3100`);
    }
  }
  return traces;
}

/** Only the gateway and the two web apps (plus, in local, the sandbox page) admit the ingress controller. */
export function checkNetworkPolicies(objects: K8sObject[], allowSandbox: boolean): string[] {
  const problems: string[] = [];
  const policies = objects.filter((o) => o.kind === 'NetworkPolicy');
  const denyAll = policies.find((p) => Object.keys(p.spec?.podSelector ?? {}).length === 0 && ['Ingress', 'Egress'].every((t) => p.spec?.policyTypes?.includes(t)) && !p.spec?.ingress && !p.spec?.egress);
  if (!denyAll) problems.push('no default-deny NetworkPolicy (ingress and egress) for the namespace');
  const fromIngressController = (rule: { from?: Array<{ namespaceSelector?: { matchLabels?: Record<string, string> } }> }) =>
    (rule.from ?? []).some((f) => f.namespaceSelector?.matchLabels?.['kubernetes.io/metadata.name'] === 'ingress-nginx');
  for (const p of policies) {
    if (!(p.spec?.ingress ?? []).some(fromIngressController)) continue;
    const selected = p.spec?.podSelector?.matchLabels?.['app.kubernetes.io/name'];
    const ports: number[] = p.spec.ingress.filter(fromIngressController).flatMap((r: { ports?: Array<{ port: number }> }) => (r.ports ?? []).map((x) => x.port));
    const allowed =
      (selected === 'api-gateway' && ports.every((x) => x === 3000)) ||
      (WEB_APPS.includes(selected) && ports.every((x) => x === 8080)) ||
      (allowSandbox && selected === 'payment-service' && ports.every((x) => x === 3100));
    if (!allowed || ports.length === 0) problems.push(`NetworkPolicy ${p.metadata.name} lets the ingress controller reach ${selected ?? 'every pod'} on ${ports.join(', ') || 'any port'}`);
  }
  return problems;
}

/** Both hosts send /api to the gateway. */
export function checkIngress(objects: K8sObject[]): string[] {
  const ingress = find(objects, 'Ingress', 'shop');
  if (!ingress) return ['no Ingress "shop"'];
  const rules: Array<{ host: string; http: { paths: Array<{ path: string; backend: { service: { name: string } } }> } }> = ingress.spec?.rules ?? [];
  if (rules.length !== 2) return [`Ingress shop has ${rules.length} hosts (want the shop and the admin host)`];
  return rules.filter((r) => r.http.paths.find((p) => p.path === '/api')?.backend.service.name !== 'api-gateway').map((r) => `${r.host}: /api does not go to the gateway`);
}

/** The apps' browser security headers, which an Ingress may add to but never remove or replace. */
export const APP_SECURITY_HEADERS = ['Content-Security-Policy', 'X-Content-Type-Options', 'Referrer-Policy', 'Strict-Transport-Security', 'X-Frame-Options'];

/**
 * Every Ingress passes the apps' security headers through: no ingress-nginx annotation hides, clears or
 * overrides one (a snippet with proxy_hide_header / more_clear_headers / more_set_headers / add_header naming it,
 * or hide-headers / custom-headers). HSTS that the controller itself adds on TLS hosts is an addition, allowed.
 */
export function checkIngressKeepsHeaders(objects: K8sObject[]): string[] {
  const problems: string[] = [];
  const named = new RegExp(APP_SECURITY_HEADERS.join('|'), 'i');
  for (const ingress of objects.filter((o) => o.kind === 'Ingress')) {
    for (const [key, value] of Object.entries(ingress.metadata.annotations ?? {})) {
      const text = String(value);
      const removes = /snippet$/.test(key) && /(proxy_hide_header|more_clear_headers|more_set_headers|add_header)/i.test(text) && named.test(text);
      const replaces = /\/(hide-headers|custom-headers)$/.test(key);
      if (removes || replaces) problems.push(`Ingress ${ingress.metadata.name}: ${key} would hide or replace an app's security header`);
    }
  }
  return problems;
}
