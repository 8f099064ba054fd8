import { createHash } from 'node:crypto';

/** HSTS for a year, the subdomains too (the admin host is one), as the gateway sends it. */
const HSTS = 'max-age=31536000; includeSubDomains';

export interface StorefrontPolicyOptions {
  /** The `<style>` blocks the server writes into its pages (withInlineStyles): allowed by their hash, nothing else inline. */
  inlineStyles: string[];
  /** Where product pictures may come from besides the shop itself: the storage's public address (S3_PUBLIC_BASE_URL). */
  imageOrigins: string[];
  production: boolean;
}

/** The CSP source of an inline block: its SHA-256, base64 (CSP Level 2). */
export function cspHash(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

/**
 * The storefront's browser security headers, on every answer of its SSR server (the gateway's own go with /api):
 * only what the shop really loads. Scripts, styles, fonts, the manifest and the service worker from the shop
 * itself; pictures from the shop, the storage host (also when it is plain http, e.g. a local MinIO) and any https
 * address: the owner may give banners and media photos as https URLs (settings rules), and /media shows YouTube's
 * thumbnails; YouTube's privacy-enhanced player in a frame there. The page data and JSON-LD blocks are JSON (not
 * run), so they need no script allowance. Style attributes are allowed (the home banner's slide position is one;
 * they cannot run code).
 */
export function storefrontSecurityHeaders(options: StorefrontPolicyOptions): Record<string, string> {
  const csp = [
    "default-src 'self'",
    "script-src 'self'",
    `style-src 'self' ${options.inlineStyles.map(cspHash).join(' ')}`.trim(),
    "style-src-attr 'unsafe-inline'",
    `img-src 'self' data: https: ${options.imageOrigins.join(' ')}`.trim(),
    'frame-src https://www.youtube-nocookie.com',
    "connect-src 'self'",
    "font-src 'self'",
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
  return {
    'Content-Security-Policy': csp,
    'X-Content-Type-Options': 'nosniff',
    // The origin only to other sites; YouTube's player needs a referrer to play.
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'X-Frame-Options': 'DENY',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), usb=()',
    ...(options.production ? { 'Strict-Transport-Security': HSTS } : {}),
  };
}

/** The text of each `<style>` block of a page template. */
export function inlineStylesOf(html: string): string[] {
  return [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => m[1] ?? '');
}
