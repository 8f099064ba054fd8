#!/usr/bin/env node
'use strict';
/* eslint-disable @typescript-eslint/no-require-imports -- plain CommonJS that node runs as is in the image */
/**
 * Container health check of a NATS microservice (catalog, order, payment, notification).
 *
 * Sends the service's health pattern (`<short>.health`) over NATS in Nest's wire format and exits 0 when a
 * reply says `status: 'up'` (the replica reached Postgres and Redis), else 1. Everything must happen
 * within HEALTHCHECK_TIMEOUT_MS (3 s).
 *
 * Replicas share one NATS queue group, so one request can be answered by any replica. Inside a container
 * the check wants the answer of its own replica: the instance id in the reply is
 * `<service>@<hostname>:<pid>:<hex>`, and a container's hostname is its own. The check keeps asking
 * (at most MAX_ATTEMPTS requests, within the time limit) until its own replica answers; NATS picks a
 * random member of the group for each request. A stuck or disconnected own replica therefore makes the
 * check fail even while other replicas are fine. HEALTHCHECK_REPLICA=any accepts any replica instead
 * (for a check run from another host).
 *
 * Usage: node deploy/healthcheck-service.js [catalog|order|payment|notification]
 *   the short name defaults to APP without "-service" (APP=catalog-service gives catalog).
 * Environment: NATS_URL, NATS_SUBJECT_PREFIX (as the services read them), HEALTHCHECK_TIMEOUT_MS,
 *   HEALTHCHECK_REPLICA (own|any, default own), HEALTHCHECK_VERBOSE=true to print the reply.
 */
const { randomBytes } = require('node:crypto');
const { hostname } = require('node:os');
const { connect, JSONCodec } = require('nats');

const SHORT_NAMES = ['catalog', 'order', 'payment', 'notification'];
const MAX_ATTEMPTS = 50;

function fail(message) {
  console.error(`unhealthy: ${message}`);
  process.exit(1);
}

function shortName() {
  const fromArg = process.argv[2];
  const fromApp = (process.env.APP || '').replace(/-service$/, '');
  const name = fromArg || fromApp;
  if (!SHORT_NAMES.includes(name)) {
    fail(`unknown service "${name}"; give one of ${SHORT_NAMES.join(', ')} (or set APP)`);
  }
  return name;
}

/** The host part of an instance id `<service>@<host>:<pid>:<hex>`, or undefined. */
function hostOf(instance) {
  const match = /@(.+):\d+:[0-9a-f]+$/.exec(String(instance || ''));
  return match ? match[1] : undefined;
}

async function main() {
  const short = shortName();
  const timeoutMs = Number(process.env.HEALTHCHECK_TIMEOUT_MS || 3000);
  const ownOnly = (process.env.HEALTHCHECK_REPLICA || 'own') !== 'any';
  const verbose = process.env.HEALTHCHECK_VERBOSE === 'true';
  const pattern = `${short}.health`;
  const subject = `${process.env.NATS_SUBJECT_PREFIX || ''}${pattern}`;
  const deadline = Date.now() + timeoutMs;
  const remaining = () => Math.max(0, deadline - Date.now());

  // The process must end by the deadline whatever NATS does.
  const guard = setTimeout(() => fail(`no answer from ${ownOnly ? 'this replica' : 'any replica'} within ${timeoutMs} ms`), timeoutMs);
  guard.unref();

  let nc;
  try {
    nc = await connect({
      servers: process.env.NATS_URL || 'nats://127.0.0.1:4222',
      name: `healthcheck-${short}`,
      timeout: Math.max(1, remaining()),
      reconnect: false,
    });
  } catch (err) {
    fail(`cannot connect to NATS: ${err.message}`);
  }

  const codec = JSONCodec();
  const me = hostname();
  let othersUp = 0;
  for (let attempt = 1; attempt <= MAX_ATTEMPTS && remaining() > 0; attempt++) {
    const id = `hc-${randomBytes(6).toString('hex')}`;
    let packet;
    try {
      const msg = await nc.request(subject, codec.encode({ pattern, data: {}, id }), { timeout: Math.max(1, remaining()) });
      packet = codec.decode(msg.data);
    } catch (err) {
      // 503 is NATS's "no responders": nothing subscribes to the subject.
      fail(err && err.code === '503' ? `no ${short} service subscribes to ${subject}` : `request to ${subject}: ${err.message}`);
    }
    if (verbose) console.log(JSON.stringify(packet));
    if (!packet || packet.id !== id) continue; // not the answer to this request
    if (packet.err !== undefined) fail(`${subject} answered an error: ${JSON.stringify(packet.err)}`);
    const health = packet.response || {};
    const host = hostOf(health.instance);
    const mine = host === me;
    if (!ownOnly || mine) {
      if (health.status === 'up') {
        await nc.close();
        console.log(`healthy: ${health.instance} (postgres ${health.postgres}, redis ${health.redis})`);
        process.exit(0);
      }
      fail(`${health.instance || short} is ${health.status} (postgres ${health.postgres}, redis ${health.redis})`);
    }
    if (health.status === 'up') othersUp++;
  }
  fail(`this replica (host ${me}) did not answer; ${othersUp} answer(s) came from other replicas`);
}

main().catch((err) => fail(err && err.message ? err.message : String(err)));
