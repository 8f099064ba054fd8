import {
  applyDecorators,
  type CallHandler,
  type ExecutionContext,
  Inject,
  Injectable,
  type NestInterceptor,
  SetMetadata,
  UseInterceptors,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ValidationError, VISITOR_HEADER } from '@shop/contracts';
import { APP_CONFIG, type GatewayConfig } from '@shop/server-config';
import type { Request, Response } from 'express';
import { from, lastValueFrom, map, type Observable } from 'rxjs';
import { readCookies, SESSION_COOKIE_NAMES } from '../auth/session-cookies';
import { routeOf } from '../http/http-metrics.middleware';
import { ResponseCache } from './response-cache';

const PUBLIC_CACHE = 'shop:public-cache';

export interface PublicCacheOptions {
  /** The answer depends on X-Visitor-Id (a product's reviews marked `mine`): with the header it is the visitor's own. */
  visitorSpecific?: boolean;
  /** The query parameters the answer depends on (each at most once); others are not part of the key. */
  query?: readonly string[];
  /** A change to any product (a review anywhere) may change the answer, not only to the products it shows. */
  everyProduct?: boolean;
}

/**
 * A public GET: answered from the gateway's cache when it can be, with an ETag (304 on a matching
 * If-None-Match) and a public Cache-Control. A request with an admin session (cookie or Authorization)
 * or, on a visitor-specific route, an X-Visitor-Id is never cached anywhere: `private, no-store`.
 */
export function PublicCache(options: PublicCacheOptions = {}): MethodDecorator {
  return applyDecorators(SetMetadata(PUBLIC_CACHE, options), UseInterceptors(PublicCacheInterceptor));
}

/** The header the gateway tells with: HIT or MISS from its cache, BYPASS for a personal answer. */
export const CACHE_STATUS_HEADER = 'X-Cache';

@Injectable()
export class PublicCacheInterceptor implements NestInterceptor {
  private readonly cacheControl: string;

  constructor(
    private readonly cache: ResponseCache,
    private readonly reflector: Reflector,
    @Inject(APP_CONFIG) private readonly config: GatewayConfig,
  ) {
    this.cacheControl = publicCacheControl(config);
  }

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const http = context.switchToHttp();
    const req = http.getRequest<Request>();
    const res = http.getResponse<Response>();
    const options = this.reflector.get<PublicCacheOptions | undefined>(PUBLIC_CACHE, context.getHandler()) ?? {};
    // Checked on every request, cached or not: an absurd query is refused the same way everywhere.
    const key = cacheKey(req, options);
    // Off: today's behaviour, every GET asks the catalog (the benchmark's baseline).
    if (!this.config.API_CACHE) return next.handle();
    if (options.visitorSpecific) res.vary(VISITOR_HEADER);
    const visitorSpecific = options.visitorSpecific === true;
    if (isPersonal(req, visitorSpecific)) {
      res.setHeader('Cache-Control', 'private, no-store');
      res.setHeader(CACHE_STATUS_HEADER, 'BYPASS');
      return next.handle();
    }
    return from(this.cache.load(key, () => lastValueFrom(next.handle()), { everyProduct: options.everyProduct === true })).pipe(
      map(({ answer, outcome }) => {
        // The next request for this very URL is answered before routing (cached-answer.middleware.ts).
        this.cache.rememberUrl(req.originalUrl, { key, visitorSpecific, route: routeOf(req) });
        res.setHeader('Content-Type', 'application/json; charset=utf-8');
        res.setHeader('ETag', answer.etag);
        res.setHeader('Cache-Control', this.cacheControl);
        res.setHeader(CACHE_STATUS_HEADER, outcome);
        // Express's send answers 304 without the body when req.fresh. Its own check also refuses when the request
        // says Cache-Control: no-cache (which fetch adds to any request carrying If-None-Match), a rule for caches,
        // not for the origin: the server decides on If-None-Match alone (RFC 9110, 13.1.2).
        Object.defineProperty(req, 'fresh', { value: matches(req.headers['if-none-match'], answer.etag), configurable: true });
        return answer.body;
      }),
    );
  }
}

/** More query parameters than any page of the shop sends: refused before a parser could silently drop some. */
export const MAX_QUERY_PARAMETERS = 100;

/**
 * The key of a public answer: the path and the query parameters the route reads, in a fixed order, taken from
 * `req.query`, the very object the handler reads (`@Query()`), so that an answer is never stored under inputs other
 * than its own. `?page=3&x=1` and `?page=3` are one answer and one entry, so nobody can fill the cache with copies
 * of a large answer under made-up parameters.
 *
 * Refused (400) first, so that the parsed query can only be the URL's: more than MAX_QUERY_PARAMETERS parameters
 * (Express's parser stops at 1,000 pairs and would read `?a&a&...&q=x` as no `q` at all), a parameter the route
 * reads given twice, or one whose parsed value is not the URL's text.
 */
export function cacheKey(req: Pick<Request, 'path' | 'originalUrl' | 'query'>, options: PublicCacheOptions): string {
  const asked = new URL(req.originalUrl, 'http://gateway').searchParams;
  let count = 0;
  for (const _ of asked.keys()) {
    if (++count > MAX_QUERY_PARAMETERS) throw new ValidationError(`Too many query parameters (at most ${MAX_QUERY_PARAMETERS})`);
  }
  const kept = new URLSearchParams();
  for (const name of options.query ?? []) {
    const sent = asked.getAll(name);
    if (sent.length > 1) throw new ValidationError(`Query parameter ${name} may be given only once`);
    const parsed = req.query[name];
    if (parsed === undefined && sent.length === 0) continue;
    if (typeof parsed !== 'string' || parsed !== sent[0]) throw new ValidationError(`Query parameter ${name} is not valid`);
    kept.set(name, parsed);
  }
  const query = kept.toString();
  return query ? `${req.path}?${query}` : req.path;
}

/** A public answer's Cache-Control: a short max-age, then stale-while-revalidate. */
export function publicCacheControl(config: Pick<GatewayConfig, 'API_CACHE_MAX_AGE_SECONDS' | 'API_CACHE_STALE_SECONDS'>): string {
  return `public, max-age=${config.API_CACHE_MAX_AGE_SECONDS}, stale-while-revalidate=${config.API_CACHE_STALE_SECONDS}`;
}

/** A request whose answer is the caller's own: an admin's (token or session cookie), or a visitor's on a visitor-specific route. */
export function isPersonal(req: Pick<Request, 'headers'>, visitorSpecific: boolean): boolean {
  if (req.headers.authorization !== undefined) return true;
  const cookies = readCookies(req.headers);
  if (SESSION_COOKIE_NAMES.some((name) => cookies[name])) return true;
  return visitorSpecific && req.headers[VISITOR_HEADER] !== undefined;
}

/** If-None-Match against the answer's ETag: `*`, or any listed tag equal to it (weak comparison). */
export function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => opaque(tag) === opaque(etag));
}
