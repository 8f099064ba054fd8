import { METRICS, type Metrics } from '@shop/server-ops';
import type { NextFunction, Request, Response } from 'express';

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/**
 * Counts every answer of the gateway and its latency by route pattern (`/api/products/:id`, never the URL
 * with its ids), method and status. A request the client gave up on before the answer counts as status
 * "aborted".
 */
export function httpMetricsMiddleware(metrics: Metrics) {
  const requests = metrics.counter(METRICS.httpRequests);
  const duration = metrics.histogram(METRICS.httpDuration);
  return (req: Request, res: Response, next: NextFunction): void => {
    const started = performance.now();
    let counted = false;
    const count = (status: string) => {
      if (counted) return;
      counted = true;
      // An answer given before routing (a cached one) carries its route in res.locals.
      const route = typeof res.locals.route === 'string' ? res.locals.route : routeOf(req);
      const labels = { method: METHODS.has(req.method) ? req.method : 'OTHER', route, status };
      requests.inc(labels);
      duration.observe(labels, (performance.now() - started) / 1000);
    };
    res.once('finish', () => count(String(res.statusCode)));
    res.once('close', () => count('aborted'));
    next();
  };
}

/** The route pattern Express matched (known once routing ran), or a fixed name for the few places without one. */
export function routeOf(req: Pick<Request, 'route' | 'baseUrl' | 'originalUrl'>): string {
  const route = req.route as { path?: unknown } | undefined;
  if (route && typeof route.path === 'string') return (req.baseUrl ?? '') + route.path;
  const path = req.originalUrl.split('?')[0];
  // Files (demo images, uploads) are served by static middleware, and the API docs by swagger-ui's.
  if (path.startsWith('/api/files/')) return '/api/files/*';
  if (path === '/api/docs' || path.startsWith('/api/docs/')) return '/api/docs*';
  return '(unmatched)';
}
