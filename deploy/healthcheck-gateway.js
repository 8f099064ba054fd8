#!/usr/bin/env node
'use strict';
/* eslint-disable @typescript-eslint/no-require-imports -- plain CommonJS that node runs as is in the image */
/**
 * Container health check of the API gateway: GET http://127.0.0.1:$GATEWAY_PORT/api/health/ with Node
 * itself (the runtime image has no curl or wget). Exit 0 on 200, else 1, within HEALTHCHECK_TIMEOUT_MS.
 * The gateway answers 200 only when every service, Postgres, Redis and NATS are up.
 */
const http = require('node:http');

const port = Number(process.env.GATEWAY_PORT || 3000);
const timeoutMs = Number(process.env.HEALTHCHECK_TIMEOUT_MS || 3000);

function done(code, message) {
  (code === 0 ? console.log : console.error)(message);
  process.exit(code);
}

const req = http.get({ host: '127.0.0.1', port, path: '/api/health/', timeout: timeoutMs, headers: { 'x-request-id': 'healthcheck' } }, (res) => {
  let body = '';
  res.setEncoding('utf8');
  res.on('data', (chunk) => {
    if (body.length < 2000) body += chunk;
  });
  res.on('end', () => done(res.statusCode === 200 ? 0 : 1, `${res.statusCode === 200 ? 'healthy' : 'unhealthy'}: ${res.statusCode} ${body}`));
});
req.on('timeout', () => req.destroy(new Error(`no answer within ${timeoutMs} ms`)));
req.on('error', (err) => done(1, `unhealthy: ${err.message}`));
setTimeout(() => done(1, `unhealthy: no answer within ${timeoutMs} ms`), timeoutMs + 500).unref();
