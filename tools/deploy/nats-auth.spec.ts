import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { NatsUser, Pattern, SENDS } from '@shop/contracts';
import { natsAuthorizationConf, natsPermissions } from '@shop/server-messaging';

const ROOT = resolve(__dirname, '../..');
const NATS_AUTH_CONF = join(ROOT, 'deploy/k8s/base/nats/nats-auth.conf');

/** Every .ts file under a folder, specs left out. */
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return name.endsWith('.ts') && !name.endsWith('.spec.ts') ? [path] : [];
  });
}

const PATTERN_BY_KEY = Pattern as Record<string, string>;
const ownPrefix = (user: NatsUser) => `${user.replace('-service', '')}.`;

describe('NATS users and permissions', () => {
  it('keeps deploy/k8s/base/nats/nats-auth.conf as generated from the contracts (npx tsx scripts/nats-auth-conf.ts)', () => {
    expect(readFileSync(NATS_AUTH_CONF, 'utf8')).toBe(natsAuthorizationConf(''));
  });

  it("lists in SENDS every other service's pattern an app's code names", () => {
    for (const user of Object.values(NatsUser)) {
      const named = new Set(sources(join(ROOT, 'apps', user, 'src')).flatMap((file) => [...readFileSync(file, 'utf8').matchAll(/\bPattern\.([A-Za-z]+)\b/g)].map((m) => PATTERN_BY_KEY[m[1]])));
      const foreign = [...named].filter((p) => p !== undefined && (user === NatsUser.Gateway || !p.startsWith(ownPrefix(user))));
      expect([user, foreign.filter((p) => !SENDS[user].includes(p as Pattern))]).toEqual([user, []]);
    }
  });

  it("lets the catalog send only the order service's reservation check, verified-buyer question and order numbers, never its admin patterns", () => {
    const catalog = natsPermissions('')[NatsUser.Catalog];
    expect(catalog.publish.filter((s) => s.startsWith('order.'))).toEqual([Pattern.OrdersSettleReservations, Pattern.OrdersDeliveredTo, Pattern.OrdersNumbers, Pattern.OrderHealth]);
    expect(catalog.subscribe.every((s) => s === '_INBOX.>' || s.startsWith('catalog.'))).toBe(true);
    // With a subject prefix every subject carries it, the reply inboxes and JetStream's API excepted.
    const prefixed = natsPermissions('t1.')[NatsUser.Order];
    expect(prefixed.publish.filter((s) => !s.startsWith('$JS.')).every((s) => s.startsWith('t1.'))).toBe(true);
    expect(prefixed.subscribe).toContain('t1.order.orders.cancel');
  });
});
