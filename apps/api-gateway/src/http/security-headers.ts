import type { GatewayConfig } from '@shop/server-config';
import type { NextFunction, Request, Response } from 'express';
import helmet from 'helmet';

/** HSTS for a year on the site and its subdomains (the admin host is one): browsers then never try plain http. */
export const HSTS_MAX_AGE_SECONDS = 31_536_000;

/** True when the OpenAPI document and its UI are served: outside production, or with API_DOCS=true. */
export function apiDocsEnabled(config: Pick<GatewayConfig, 'NODE_ENV' | 'API_DOCS'>): boolean {
  return config.API_DOCS ?? config.NODE_ENV !== 'production';
}

/**
 * The gateway's browser security headers, set by the app itself so that every deployment has them (the edge
 * proxy and the Ingress may add, never remove). Its answers are JSON, files and PDFs: nothing may run or be
 * framed. The OpenAPI UI (when served) gets the one relaxation it needs: its own scripts, styles and images.
 */
export function securityHeaders(config: Pick<GatewayConfig, 'NODE_ENV'>) {
  const production = config.NODE_ENV === 'production';
  const common = {
    // Same-site: the storefront and admin hosts read uploaded pictures through their own /api.
    crossOriginResourcePolicy: { policy: 'same-site' as const },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' as const },
    xFrameOptions: { action: 'deny' as const },
    strictTransportSecurity: production ? { maxAge: HSTS_MAX_AGE_SECONDS, includeSubDomains: true } : false,
  };
  const api = helmet({
    ...common,
    contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"], baseUri: ["'none'"], formAction: ["'none'"] } },
  });
  const docs = helmet({
    ...common,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        frameAncestors: ["'none'"],
        baseUri: ["'none'"],
        objectSrc: ["'none'"],
      },
    },
  });
  return (req: Request, res: Response, next: NextFunction): void => {
    const handler = req.path === '/api/docs' || req.path.startsWith('/api/docs/') ? docs : api;
    handler(req, res, next);
  };
}
