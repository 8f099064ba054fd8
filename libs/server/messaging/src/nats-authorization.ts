import { CATALOG_CHANGED_SUBJECT, CatalogEvent, HEALTH_PATTERNS, NatsUser, OrderEvent, passwordEnvOf, Pattern, SENDS, ServiceName } from '@shop/contracts';
import { orderEventStream } from './order-event-stream';

/** What one NATS user may publish and subscribe to. */
export interface NatsPermissions {
  publish: string[];
  subscribe: string[];
  /** May answer the requests it receives (publish to their reply subjects, and only those). */
  allowResponses: boolean;
}

/** The environment variable holding each user's password (compose, Kubernetes and npm start set them). */
export const NATS_PASSWORD_ENV: Record<NatsUser, string> = passwordEnvOf('NATS');

/** The events each service publishes on the order events stream (through its outbox). */
const PUBLISHES_EVENTS: Partial<Record<NatsUser, readonly string[]>> = {
  [NatsUser.Order]: Object.values(OrderEvent),
  [NatsUser.Catalog]: Object.values(CatalogEvent),
};
/** The services that consume the order events stream (a durable JetStream consumer). */
const CONSUMES_EVENTS: readonly NatsUser[] = [NatsUser.Notification];

/** Replies to an app's own requests, and JetStream's answers, come to its inbox. */
const INBOX = '_INBOX.>';

/** The service that owns (handles) a pattern: its first segment (`catalog.products.get` is the catalog's). */
function ownerOf(pattern: string): NatsUser {
  const owner = Object.values(ServiceName).find((name) => name === `${pattern.split('.')[0]}-service`);
  if (!owner) throw new Error(`pattern ${pattern} has no owning service`);
  return owner;
}

/**
 * Each user's permissions, generated from the contracts: a service subscribes to its own patterns and may send
 * the patterns SENDS lists for it (with the health patterns of those services, which the client probes); the
 * catalog publishes its change notices, which the gateway hears; services that use JetStream reach its API.
 */
export function natsPermissions(prefix = ''): Record<NatsUser, NatsPermissions> {
  const stream = orderEventStream({ NATS_SUBJECT_PREFIX: prefix });
  const patterns = Object.values(Pattern);
  const entries = Object.values(NatsUser).map((user): [NatsUser, NatsPermissions] => {
    const sends = SENDS[user];
    const probes = [...new Set(sends.map(ownerOf))].map((owner) => HEALTH_PATTERNS[owner.replace('-service', '') as keyof typeof HEALTH_PATTERNS]);
    const publish = [...sends, ...probes].map((p) => prefix + p);
    const subscribe = [INBOX, ...patterns.filter((p) => user !== NatsUser.Gateway && ownerOf(p) === user).map((p) => prefix + p)];
    const events = PUBLISHES_EVENTS[user] ?? [];
    publish.push(...events.map((event) => stream.subjectOf(event)));
    const jetStream = events.length > 0 || CONSUMES_EVENTS.includes(user);
    // The JetStream API (streams, consumers, pulls) and the acknowledgements of consumed events.
    if (jetStream) publish.push('$JS.API.>');
    if (CONSUMES_EVENTS.includes(user)) publish.push('$JS.ACK.>');
    if (user === NatsUser.Catalog) publish.push(prefix + CATALOG_CHANGED_SUBJECT);
    if (user === NatsUser.Gateway) subscribe.push(prefix + CATALOG_CHANGED_SUBJECT);
    return [user, { publish: [...new Set(publish)], subscribe, allowResponses: user !== NatsUser.Gateway }];
  });
  return Object.fromEntries(entries) as Record<NatsUser, NatsPermissions>;
}

const quoted = (subjects: string[]) => subjects.map((s) => `"${s}"`).join(', ');

/**
 * The `authorization` block of nats-server's configuration: one user per app, its password read from the
 * environment (NATS_PASSWORD_ENV; nats-server refuses to start when one is unset), no anonymous client.
 */
export function natsAuthorizationConf(prefix = ''): string {
  const users = Object.entries(natsPermissions(prefix)).map(([user, p]) =>
    [
      '    {',
      `      user: "${user}"`,
      `      password: $${NATS_PASSWORD_ENV[user as NatsUser]}`,
      '      permissions: {',
      `        publish: { allow: [${quoted(p.publish)}] }`,
      `        subscribe: { allow: [${quoted(p.subscribe)}] }`,
      ...(p.allowResponses ? ['        allow_responses: true'] : []),
      '      }',
      '    }',
    ].join('\n'),
  );
  return [
    '# Generated from libs/shared/contracts (Pattern, SENDS) by `npx tsx scripts/nats-auth-conf.ts`: do not edit by hand.',
    '# One user per app, each allowed only its own subjects; the passwords come from the environment.',
    'authorization {',
    '  users: [',
    users.join('\n'),
    '  ]',
    '}',
    '',
  ].join('\n');
}
