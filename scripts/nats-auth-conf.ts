/**
 * Writes the NATS users and their permissions, generated from the contracts, to deploy/k8s/base/nats/nats-auth.conf
 * (docker compose, the Kubernetes manifests and npm start's own nats-server include it). Run after adding a
 * pattern or a call between services; a unit test (tools/deploy/nats-auth.spec.ts) fails while the file is stale.
 *   npx tsx scripts/nats-auth-conf.ts
 */
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { natsAuthorizationConf } from '../libs/server/messaging/src/nats-authorization';

export const NATS_AUTH_CONF = resolve(__dirname, '../deploy/k8s/base/nats/nats-auth.conf');

writeFileSync(NATS_AUTH_CONF, natsAuthorizationConf(''));
console.log(`wrote ${NATS_AUTH_CONF}`);
