/**
 * The admin's browser security headers, on every file of its production build. The one list: vite preview (npm
 * start, the browser tests) sends it from vite.config.ts, and deploy/nginx/web/security-headers.conf (the admin
 * image's nginx) repeats it line for line, which tools/deploy/web-headers.spec.ts checks.
 * Only what the back office loads: its own scripts, styles and fonts; pictures from the shop, an upload's local
 * preview (blob:), and the https pictures the owner may give for banners and photos. Style attributes are
 * allowed (skeleton bars, spacing; they cannot run code). Strict-Transport-Security is ignored by browsers on
 * plain http, so it is sent always.
 */
export const ADMIN_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy': [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "style-src-attr 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "connect-src 'self'",
    "font-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; '),
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'X-Frame-Options': 'DENY',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), usb=()',
  'Strict-Transport-Security': 'max-age=31536000; includeSubDomains',
};
