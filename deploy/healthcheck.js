#!/usr/bin/env node
'use strict';
/* eslint-disable @typescript-eslint/no-require-imports -- plain CommonJS that node runs as is in the image */
// The HEALTHCHECK of deploy/Dockerfile.service: one image recipe for every server app, so the check is
// picked by APP (set in the image): HTTP for the gateway, a NATS health request for the services.
require(process.env.APP === 'api-gateway' ? './healthcheck-gateway.js' : './healthcheck-service.js');
