#!/usr/bin/env node
'use strict';
/* eslint-disable @typescript-eslint/no-require-imports -- plain CommonJS that node runs as is in the image */
/**
 * The HEALTHCHECK of deploy/Dockerfile.service, for every server app: GET /readyz on the app's ops port, the
 * same readiness Kubernetes probes (Postgres, Redis and NATS reachable, not draining). Node itself makes the
 * request: the runtime image has no curl or wget. Exit 0 on 200, else 1, within HEALTHCHECK_TIMEOUT_MS.
 *
 * The port is OPS_PORT when set, else the app's default from the server apps' table (server-apps-table.json), the table the apps' config
 * schemas read too (so the two cannot disagree). OPS_PORT=0 (a free port, for tests) cannot be checked from
 * outside the process.
 */
const http = require('node:http');
const { existsSync } = require('node:fs');
const { join } = require('node:path');

// The server apps' table: copied beside this file in the image, read from its library in the repository.
const TABLE = [join(__dirname, 'server-apps-table.json'), join(__dirname, '../libs/server/config/src/server-apps-table.json')].find(existsSync);
const { apps } = require(TABLE);

const timeoutMs = Number(process.env.HEALTHCHECK_TIMEOUT_MS || 3000);

function done(code, message) {
  (code === 0 ? console.log : console.error)(message);
  process.exit(code);
}

function opsPort() {
  if (process.env.OPS_PORT) return Number(process.env.OPS_PORT);
  const app = process.env.APP;
  if (!Object.hasOwn(apps, app)) done(1, `unhealthy: APP must be one of ${Object.keys(apps).join(', ')} (got '${app}')`);
  return apps[app].opsPort;
}

const port = opsPort();
if (!port) done(1, 'unhealthy: OPS_PORT=0 (a free port) cannot be checked from outside the process');
const url = `http://127.0.0.1:${port}/readyz`;
const req = http.get(url, { timeout: timeoutMs }, (res) => {
  let body = '';
  res.setEncoding('utf8');
  res.on('data', (chunk) => {
    if (body.length < 2000) body += chunk;
  });
  res.on('end', () => done(res.statusCode === 200 ? 0 : 1, `${res.statusCode === 200 ? 'healthy' : 'unhealthy'}: ${url} ${res.statusCode} ${body}`));
});
req.on('timeout', () => req.destroy(new Error(`no answer within ${timeoutMs} ms`)));
req.on('error', (err) => done(1, `unhealthy: ${url} ${err.message}`));
setTimeout(() => done(1, `unhealthy: ${url} no answer within ${timeoutMs} ms`), timeoutMs + 500).unref();
