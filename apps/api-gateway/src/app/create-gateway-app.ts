import { resolve } from 'node:path';
import type { INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { type GatewayConfig } from '@shop/server-config';
import { Metrics, PinoNestLogger } from '@shop/server-ops';
import type { Logger } from 'pino';
import { cachedAnswerMiddleware } from '../cache/cached-answer.middleware';
import { publicCacheControl } from '../cache/public-cache.interceptor';
import { ResponseCache } from '../cache/response-cache';
import { HttpExceptionFilter } from '../errors/http-exception.filter';
import { httpMetricsMiddleware } from '../http/http-metrics.middleware';
import { setupOpenApi } from '../http/openapi';
import { requestIdMiddleware } from '../http/request-id.middleware';
import { apiDocsEnabled, securityHeaders } from '../http/security-headers';
import { GatewayModule } from './gateway.module';

const ONE_YEAR_SECONDS = 365 * 24 * 3600;

/**
 * Builds the HTTP gateway: routes under /api, one error shape, request ids, metrics by route, browser security
 * headers, OpenAPI at /api/docs (not in production unless API_DOCS=true).
 * `draining` says when SIGTERM has turned readiness off: answers then ask the client to close the connection.
 */
export async function createGatewayApp(config: GatewayConfig, logger: Logger, draining: () => boolean = () => false): Promise<INestApplication> {
  const app = await NestFactory.create<NestExpressApplication>(GatewayModule.forRoot(config, logger), {
    logger: new PinoNestLogger(logger),
    bodyParser: true,
  });
  app.set('trust proxy', 'loopback, uniquelocal');
  app.disable('x-powered-by');
  // Before anything answers, so that every answer carries them (errors and static files too).
  app.use(securityHeaders(config));
  // First, so that every answer is counted, the static files' and the errors' too.
  app.use(httpMetricsMiddleware(app.get(Metrics)));
  // While draining, no keep-alive: a client's pooled connection would otherwise stay open (and keep the process
  // waiting for its keep-alive timeout at close) or carry a request just as the server closes it.
  app.use((_req: unknown, res: { setHeader(name: string, value: string): void }, next: () => void) => {
    if (draining()) res.setHeader('Connection', 'close');
    next();
  });
  app.use(requestIdMiddleware);
  // Public answers already in the gateway's cache go out before routing (off with API_CACHE=false, the baseline).
  if (config.API_CACHE) app.use(cachedAnswerMiddleware(app.get(ResponseCache), publicCacheControl(config)));
  app.setGlobalPrefix('api');
  app.useGlobalFilters(new HttpExceptionFilter(logger));
  // Demo images ship with the gateway; uploaded files live in UPLOADS_DIR. Both are immutable by name.
  const staticOptions = { maxAge: ONE_YEAR_SECONDS * 1000, immutable: true, index: false, fallthrough: true } as const;
  app.useStaticAssets(resolve('apps/api-gateway/assets/demo'), { prefix: '/api/files/demo/', ...staticOptions });
  app.useStaticAssets(resolve(config.UPLOADS_DIR), { prefix: '/api/files/', ...staticOptions });
  if (apiDocsEnabled(config)) setupOpenApi(app);
  // No enableShutdownHooks(): main.ts handles SIGTERM, turning readiness off before the app closes.
  return app;
}
