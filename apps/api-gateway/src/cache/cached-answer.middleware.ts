import { VISITOR_HEADER } from '@shop/contracts';
import type { NextFunction, Request, Response } from 'express';
import { CACHE_STATUS_HEADER, isPersonal, matches } from './public-cache.interceptor';
import type { ResponseCache } from './response-cache';

/**
 * The cached path without the framework: a GET for a URL the gateway has already answered from its cache (see
 * `ResponseCache.rememberUrl`) is answered here, before Express's router and Nest's guards, interceptors and
 * serialisation, with the stored bytes and the headers `PublicCacheInterceptor` sends (ETag, Cache-Control,
 * X-Cache: HIT; 304 on a matching If-None-Match). Anything else (a first request, an expired entry, a personal
 * request) goes on to the routes as before. A hit costs a map lookup and one write.
 */
export function cachedAnswerMiddleware(cache: ResponseCache, cacheControl: string) {
  return (req: Request, res: Response, next: NextFunction): void => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const known = cache.peekUrl(req.originalUrl);
    if (!known || isPersonal(req, known.visitorSpecific)) return next();
    const { answer } = known;
    // The request metrics name the route that answered this URL first (routing never runs here).
    if (known.route) res.locals.route = known.route;
    if (known.visitorSpecific) res.vary(VISITOR_HEADER);
    res.setHeader('ETag', answer.etag);
    res.setHeader('Cache-Control', cacheControl);
    res.setHeader(CACHE_STATUS_HEADER, 'HIT');
    if (matches(req.headers['if-none-match'], answer.etag)) {
      res.statusCode = 304;
      res.end();
      return;
    }
    res.setHeader('Content-Type', 'application/json; charset=utf-8');
    res.setHeader('Content-Length', answer.bytes.length);
    res.statusCode = 200;
    res.end(req.method === 'HEAD' ? undefined : answer.bytes);
  };
}
