import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import * as appsV1 from 'kubernetes-models/apps/v1';
import * as autoscalingV2 from 'kubernetes-models/autoscaling/v2';
import * as batchV1 from 'kubernetes-models/batch/v1';
import * as networkingV1 from 'kubernetes-models/networking.k8s.io/v1';
import * as policyV1 from 'kubernetes-models/policy/v1';
import * as coreV1 from 'kubernetes-models/v1';
import { NatsUser } from '@shop/contracts';
import { catalogConfigSchema, configKeys, gatewayConfigSchema, loadConfig, notificationConfigSchema, orderConfigSchema, paymentConfigSchema, REDIS_PASSWORD_ENV, redisUserArgs } from '@shop/server-config';
import { NATS_PASSWORD_ENV, natsAuthorizationConf } from '@shop/server-messaging';
import { parseAllDocuments } from 'yaml';
import {
  ALL_APPS,
  APP_SECRETS,
  checkAvailability,
  checkContainers,
  checkDeployments,
  checkIngress,
  checkIngressKeepsHeaders,
  checkNetworkPolicies,
  checkSecrets,
  type K8sObject,
  sandboxTraces,
} from './k8s-rules';

const K8S = resolve(__dirname, '../../deploy/k8s');
const APP_CONFIG_SCHEMAS = {
  'api-gateway': gatewayConfigSchema,
  'catalog-service': catalogConfigSchema,
  'order-service': orderConfigSchema,
  'payment-service': paymentConfigSchema,
  'notification-service': notificationConfigSchema,
};
const OVERLAYS = ['local', 'production'] as const;

/** The Kubernetes API models (JSON schemas of the API) by apiVersion, then kind. */
const MODELS: Record<string, Record<string, unknown>> = {
  v1: coreV1,
  'apps/v1': appsV1,
  'autoscaling/v2': autoscalingV2,
  'batch/v1': batchV1,
  'networking.k8s.io/v1': networkingV1,
  'policy/v1': policyV1,
};

/** `kubectl kustomize <dir>`, parsed. */
function render(dir: string): K8sObject[] {
  const run = spawnSync('kubectl', ['kustomize', dir], { encoding: 'utf8' });
  if (run.error) throw run.error;
  if (run.status !== 0) throw new Error(`kubectl kustomize ${dir} failed: ${run.stderr}`);
  return parseAllDocuments(run.stdout).map((doc) => {
    if (doc.errors.length > 0) throw new Error(`kubectl kustomize ${dir} printed bad YAML: ${doc.errors[0].message}`);
    return doc.toJS() as K8sObject;
  });
}

/** Validates one object against its API schema; answers the problem, or null when it is valid. */
function schemaProblem(object: K8sObject): string | null {
  const Model = MODELS[object.apiVersion]?.[object.kind] as (new (data: object) => { validate(): void }) | undefined;
  if (!Model) return `${object.apiVersion} ${object.kind} ${object.metadata?.name}: no schema for this kind`;
  // kustomize folds long base64 values of a Secret into lines; the API server's decoder skips the line
  // breaks, the schema's "byte" format does not: join them first.
  const data = object.kind === 'Secret' && object.data ? Object.fromEntries(Object.entries(object.data).map(([k, v]) => [k, v.replace(/\s+/g, '')])) : object.data;
  try {
    new Model({ ...object, data }).validate();
    return null;
  } catch (err) {
    return `${object.kind} ${object.metadata?.name}: ${(err as Error).message}`;
  }
}

const rendered = Object.fromEntries(OVERLAYS.map((overlay) => [overlay, render(resolve(K8S, 'overlays', overlay))])) as Record<(typeof OVERLAYS)[number], K8sObject[]>;
const clone = (objects: K8sObject[]): K8sObject[] => structuredClone(objects);
const byName = (objects: K8sObject[], kind: string, name: string) => objects.find((o) => o.kind === kind && o.metadata.name === name) as K8sObject;

describe.each(OVERLAYS)('deploy/k8s overlay %s', (overlay) => {
  const objects = rendered[overlay];

  it('renders objects that all match the Kubernetes API schemas', () => {
    expect(objects.length).toBeGreaterThan(30);
    expect(objects.map(schemaProblem).filter(Boolean)).toEqual([]);
  });

  it('gives every app a Deployment with probes, preStop, a grace period past the drain and maxUnavailable 0', () => {
    expect(checkDeployments(objects)).toEqual([]);
  });

  it('runs every container non-root, read-only, with resources set', () => {
    expect(checkContainers(objects)).toEqual([]);
  });

  it('has a PodDisruptionBudget per app and autoscalers for the gateway, catalog and order services', () => {
    expect(checkAvailability(objects)).toEqual([]);
  });

  it("gives each server app a ConfigMap with only keys of its own configuration schema, and a Secret with only its schema's keys", () => {
    for (const [app, schema] of Object.entries(APP_CONFIG_SCHEMAS)) {
      const keys = new Set(configKeys(schema));
      const configMap = objects.find((o) => o.kind === 'ConfigMap' && o.metadata.name.startsWith(`${app}-config`));
      expect(configMap).toBeDefined();
      expect(Object.keys(configMap?.data ?? {}).filter((key) => !keys.has(key))).toEqual([]);
      const secret = objects.find((o) => o.kind === 'Secret' && o.metadata.name.startsWith(`${app}-secrets`));
      expect(Object.keys(secret?.data ?? {}).filter((key) => !keys.has(key))).toEqual([]);
    }
  });

  it('hands each app only its own Secret and keeps secrets out of ConfigMaps', () => {
    expect(checkSecrets(objects)).toEqual([]);
    for (const app of Object.keys(APP_SECRETS)) {
      expect(byName(objects, 'Deployment', app)).toBeDefined();
    }
  });

  it('lets only the gateway and the web apps be reached from the ingress controller, behind a default deny', () => {
    expect(checkNetworkPolicies(objects, overlay === 'local')).toEqual([]);
  });

  it('sends /api on both hosts to the gateway', () => {
    expect(checkIngress(objects)).toEqual([]);
  });

  it("keeps the apps' browser security headers (CSP, nosniff, Referrer-Policy, HSTS): no Ingress hides or replaces one", () => {
    expect(checkIngressKeepsHeaders(objects)).toEqual([]);
    // The headers come from the apps behind it: each host's paths go to the gateway, the storefront or the admin.
    const backends = byName(objects, 'Ingress', 'shop').spec.rules.flatMap((r: { http: { paths: Array<{ backend: { service: { name: string } } }> } }) => r.http.paths.map((p) => p.backend.service.name));
    expect([...new Set(backends)].sort()).toEqual(['admin', 'api-gateway', 'storefront']);
  });
});

describe('what differs between the overlays', () => {
  it('has the sandbox pay page in local only', () => {
    expect(sandboxTraces(rendered.local)).toEqual(
      expect.arrayContaining(['ConfigMap ' + byName(rendered.local, 'Deployment', 'payment-service').spec.template.spec.containers[0].envFrom[0].configMapRef.name + ': PAYMENT_PROVIDER=sandbox', 'Service payment-sandbox', 'Ingress payment-sandbox']),
    );
    expect(sandboxTraces(rendered.production)).toEqual([]);
  });

  it('generates one Secret per app in local (development values) and none in production (a secret manager brings them)', () => {
    const secretNames = (objects: K8sObject[]) => objects.filter((o) => o.kind === 'Secret').map((o) => o.metadata.name);
    expect(secretNames(rendered.local)).toEqual(expect.arrayContaining(Object.keys(APP_SECRETS).map((app) => `${app}-secrets`)));
    expect(secretNames(rendered.production)).toEqual([]);
  });

  it('runs Postgres, a persistent Redis and NATS JetStream in local; only a 3-node NATS cluster in production', () => {
    const statefulSets = (objects: K8sObject[]) => objects.filter((o) => o.kind === 'StatefulSet').map((o) => `${o.metadata.name}x${o.spec.replicas}`);
    expect(statefulSets(rendered.local).sort()).toEqual(['natsx1', 'postgresx1', 'redisx1']);
    expect(byName(rendered.local, 'StatefulSet', 'redis').spec.template.spec.containers[0].args).toEqual(expect.arrayContaining(['--appendonly', 'yes']));
    expect(byName(rendered.local, 'StatefulSet', 'nats').spec.template.spec.containers[0].args).toContain('-js');
    expect(statefulSets(rendered.production)).toEqual(['natsx3']);
    expect(byName(rendered.production, 'ConfigMap', 'nats-config').data?.['nats.conf']).toMatch(/jetstream[\s\S]*cluster/);
  });
});

describe('NATS and Redis users', () => {
  const decoded = (secret: K8sObject) => Object.fromEntries(Object.entries(secret.data ?? {}).map(([k, v]) => [k, Buffer.from(String(v).replace(/\s+/g, ''), 'base64').toString('utf8')]));

  it.each(OVERLAYS)('%s: NATS runs with the users generated from the contracts, their passwords from Secret nats-secrets', (overlay) => {
    const objects = rendered[overlay];
    expect(byName(objects, 'ConfigMap', 'nats-auth').data?.['nats-auth.conf']).toBe(natsAuthorizationConf(''));
    const nats = byName(objects, 'StatefulSet', 'nats').spec.template.spec;
    expect(nats.containers[0].envFrom).toEqual([{ secretRef: { name: 'nats-secrets' } }]);
    const mounted = JSON.stringify(nats.volumes);
    expect(mounted).toContain('"name":"nats-auth"');
    if (overlay === 'production') expect(byName(objects, 'ConfigMap', 'nats-config').data?.['nats.conf']).toContain('include "nats-auth.conf"');
    else expect(nats.containers[0].args).toEqual(expect.arrayContaining(['-c', '/etc/nats/nats-auth.conf']));
  });

  it('local: Redis takes no anonymous client and has one ACL user per app, each password the one its app is given', () => {
    const objects = rendered.local;
    const args: string[] = byName(objects, 'StatefulSet', 'redis').spec.template.spec.containers[0].args;
    const placeholders = Object.fromEntries(Object.values(NatsUser).map((u) => [u, `$(${REDIS_PASSWORD_ENV[u]})`])) as Record<NatsUser, string>;
    expect(args.slice(args.indexOf('--user'))).toEqual(redisUserArgs(placeholders));
    const natsSecrets = decoded(byName(objects, 'Secret', 'nats-secrets'));
    const redisSecrets = decoded(byName(objects, 'Secret', 'redis-secrets'));
    for (const app of Object.values(NatsUser)) {
      const own = decoded(byName(objects, 'Secret', `${app}-secrets`));
      expect([app, own.NATS_PASSWORD, own.REDIS_PASSWORD]).toEqual([app, natsSecrets[NATS_PASSWORD_ENV[app]], redisSecrets[REDIS_PASSWORD_ENV[app]]]);
    }
  });

  it("local: each server app's ConfigMap and Secret pass its configuration's production checks (a staging shop on the sandbox)", () => {
    const objects = rendered.local;
    for (const [app, schema] of Object.entries(APP_CONFIG_SCHEMAS)) {
      const configMap = objects.find((o) => o.kind === 'ConfigMap' && o.metadata.name.startsWith(`${app}-config`)) as K8sObject;
      const env = { ...configMap.data, ...decoded(byName(objects, 'Secret', `${app}-secrets`)) } as Record<string, string>;
      expect(env.NODE_ENV).toBe('production');
      expect(() => loadConfig(schema, env)).not.toThrow();
    }
  });
});

// The checks above pass on the real manifests; these show each one refuses a broken manifest.
describe('the checks refuse broken manifests', () => {
  const local = () => clone(rendered.local);
  const containerOf = (objects: K8sObject[], app: string) => byName(objects, 'Deployment', app).spec.template.spec.containers[0];

  it('refuses an object that breaks its schema, and a kind it has no schema for', () => {
    const objects = local();
    containerOf(objects, 'order-service').ports[0].containerPort = 'ops';
    expect(schemaProblem(byName(objects, 'Deployment', 'order-service'))).toMatch(/containerPort must be integer/);
    expect(schemaProblem({ apiVersion: 'example.com/v1', kind: 'Thing', metadata: { name: 'x' } })).toMatch(/no schema/);
  });

  it('refuses a container without a readiness probe, a probe off the ops port, and maxUnavailable 1', () => {
    const objects = local();
    delete containerOf(objects, 'catalog-service').readinessProbe;
    containerOf(objects, 'payment-service').livenessProbe.httpGet.port = 9999;
    byName(objects, 'Deployment', 'admin').spec.strategy.rollingUpdate.maxUnavailable = 1;
    expect(checkDeployments(objects)).toEqual([
      'catalog-service/catalog-service: no readinessProbe',
      'catalog-service/catalog-service: readiness is not GET /readyz on ops port 9401',
      'payment-service/payment-service: liveness is not GET /livez on ops port 9403',
      'admin: strategy is not RollingUpdate with maxUnavailable 0',
    ]);
  });

  it("refuses a server container whose Node settings differ from libs/server/config/src/server-apps-table.json's", () => {
    const objects = local();
    const env = containerOf(objects, 'order-service').env as { name: string; value?: string }[];
    env.find((e) => e.name === 'NODE_OPTIONS')!.value = '--max-old-space-size=512';
    expect(checkDeployments(objects)).toEqual([
      'order-service/order-service: NODE_OPTIONS is "--max-old-space-size=512", not libs/server/config/src/server-apps-table.json\'s "--max-semi-space-size=2 --max-old-space-size=96"',
    ]);
  });

  it('refuses a root container, a writable root filesystem and missing resources', () => {
    const objects = local();
    byName(objects, 'Deployment', 'storefront').spec.template.spec.securityContext.runAsUser = 0;
    containerOf(objects, 'order-service').securityContext.readOnlyRootFilesystem = false;
    delete containerOf(objects, 'api-gateway').resources.limits;
    expect(checkContainers(objects)).toEqual([
      'Deployment api-gateway/api-gateway: resources (cpu/memory requests, memory limit) not set',
      'Deployment order-service/order-service: root filesystem is writable',
      'Deployment storefront/storefront: not runAsNonRoot',
    ]);
  });

  it('refuses an app without a PodDisruptionBudget and the gateway without an autoscaler', () => {
    const objects = local().filter((o) => !(o.kind === 'PodDisruptionBudget' && o.metadata.name === 'notification-service') && !(o.kind === 'HorizontalPodAutoscaler' && o.metadata.name === 'api-gateway'));
    expect(checkAvailability(objects)).toEqual(['notification-service: 0 PodDisruptionBudgets select its pods (want 1)', 'api-gateway: no HorizontalPodAutoscaler']);
  });

  it("refuses an app that reads another app's Secret, a Secret with a foreign key, and a secret in a ConfigMap", () => {
    const objects = local();
    containerOf(objects, 'notification-service').env.push({ name: 'JWT_SECRET', valueFrom: { secretKeyRef: { name: 'api-gateway-secrets', key: 'JWT_SECRET' } } });
    const catalogSecret = byName(objects, 'Secret', 'catalog-service-secrets');
    catalogSecret.data = { ...catalogSecret.data, WIPAY_API_KEY: 'MTIz' };
    const storefrontConfig = objects.find((o) => o.kind === 'ConfigMap' && o.metadata.name.startsWith('storefront-config')) as K8sObject;
    storefrontConfig.data = { ...storefrontConfig.data, ADMIN_PASSWORD: 'x' };
    expect(checkSecrets(objects)).toEqual([
      'Deployment notification-service reads Secret api-gateway-secrets, which is not its own',
      "Secret catalog-service-secrets holds DATABASE_URL, NATS_PASSWORD, REDIS_PASSWORD, WIPAY_API_KEY; the app's secrets are DATABASE_URL, NATS_PASSWORD, REDIS_PASSWORD",
      `ConfigMap ${storefrontConfig.metadata.name} holds the secret ADMIN_PASSWORD`,
    ]);
  });

  it('refuses an Ingress annotation that hides or replaces a security header', () => {
    const objects = local();
    const ingress = byName(objects, 'Ingress', 'shop');
    ingress.metadata.annotations = {
      ...ingress.metadata.annotations,
      'nginx.ingress.kubernetes.io/configuration-snippet': 'proxy_hide_header Content-Security-Policy;',
      'nginx.ingress.kubernetes.io/custom-headers': 'shop/headers',
    };
    expect(checkIngressKeepsHeaders(objects)).toEqual([
      "Ingress shop: nginx.ingress.kubernetes.io/configuration-snippet would hide or replace an app's security header",
      "Ingress shop: nginx.ingress.kubernetes.io/custom-headers would hide or replace an app's security header",
    ]);
  });

  it('refuses a policy that opens a service to the ingress controller, and the sandbox in production', () => {
    const objects = local();
    const policy = byName(objects, 'NetworkPolicy', 'api-gateway');
    const opened = { ...structuredClone(policy), metadata: { name: 'open-order' }, spec: { ...structuredClone(policy.spec), podSelector: { matchLabels: { 'app.kubernetes.io/name': 'order-service' } } } };
    expect(checkNetworkPolicies([...objects, opened], true)).toEqual(['NetworkPolicy open-order lets the ingress controller reach order-service on 3000']);
    expect(checkNetworkPolicies(objects, false)).toEqual(['NetworkPolicy payment-sandbox lets the ingress controller reach payment-service on 3100']);
    expect(ALL_APPS).toHaveLength(7);
  });
});
