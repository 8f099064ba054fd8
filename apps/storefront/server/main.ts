/**
 * The storefront's SSR server (Express): renders the public screens (home,
 * products, product, media, contact) on the server with the same routes and loaders as the browser, sends
 * the shell for the others, serves the built files, sitemap.xml, robots.txt and each product's link-preview
 * picture, and (for `npm start`, the tests and any setup without the edge proxy) passes /api to the gateway.
 *
 * Environment: PORT (4200), HOST (0.0.0.0), GATEWAY_URL (http://localhost:3000), STOREFRONT_URL (the public
 * origin; else taken from the request), STOREFRONT_CLIENT_DIR (the browser build; default ../storefront next to
 * this file), PAGE_CACHE_SECONDS (30: how long the edge proxy may keep a public page; browsers always ask again), S3_PUBLIC_BASE_URL (where
 * uploads are read from when they live in a bucket: the only address besides the gateway's /api/files/ that the
 * link-preview picture is fetched from), OG_IMAGE_MAX_BYTES (5 MB: the largest picture it downloads).
 * NODE_ENV (production adds Strict-Transport-Security). The bucket address is also allowed by the page's
 * Content-Security-Policy. A staging shop's pages carry the test-shop banner (test-shop-banner.ts).
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import express, { type NextFunction, type Request, type Response } from 'express';
import { drawOgImage, OgImageCache } from './og-image';
import { fetchPicture, ownPictureUrl } from './og-source';
import { pageHtml, type RenderModule, type RenderSubmission, shellHtml, withInlineStyles } from './html-template';
import { postCheckout } from './checkout-post';
import { postContact } from './contact-post';
import { cookieVisitorId, isSameOriginPost } from './form-post';
import { inlineStylesOf, storefrontSecurityHeaders } from './security-headers';
import { productIdOfReviewPost } from '../src/features/reviews/review-outcome';
import { postReview } from './review-post';
import { robotsTxt, sitemapXml } from './sitemap';
import { PaymentModeCache, withTestShopBanner } from './test-shop-banner';

const here = fileURLToPath(new URL('.', import.meta.url));
const port = Number(process.env.PORT ?? 4200);
const host = process.env.HOST ?? '0.0.0.0';
const gatewayUrl = new URL(process.env.GATEWAY_URL ?? 'http://localhost:3000');
const apiUrl = new URL('/api', gatewayUrl).toString();
const configuredOrigin = process.env.STOREFRONT_URL ? new URL(process.env.STOREFRONT_URL).origin : undefined;
const clientDir = resolve(process.env.STOREFRONT_CLIENT_DIR ?? join(here, '../storefront'));
const pageCacheSeconds = Number(process.env.PAGE_CACHE_SECONDS ?? 30);
const storageBaseUrl = process.env.S3_PUBLIC_BASE_URL ? new URL(process.env.S3_PUBLIC_BASE_URL) : undefined;
const ogImageMaxBytes = Number(process.env.OG_IMAGE_MAX_BYTES ?? 5 * 1024 * 1024);
if (!Number.isInteger(ogImageMaxBytes) || ogImageMaxBytes < 1024) throw new Error('OG_IMAGE_MAX_BYTES must be a whole number of bytes, at least 1024');

const template = readFileSync(join(clientDir, 'index.html'), 'utf8');
// Server-rendered pages carry the style sheet in the page; the shell (client-drawn screens) keeps the link, which
// the service worker precaches.
const pageTemplate = withInlineStyles(template, (href) => readFileSync(join(clientDir, href.replace(/^\//, '')), 'utf8'));
const securityHeaders = storefrontSecurityHeaders({
  inlineStyles: inlineStylesOf(pageTemplate),
  imageOrigins: process.env.S3_PUBLIC_BASE_URL ? [new URL(process.env.S3_PUBLIC_BASE_URL).origin] : [],
  production: process.env.NODE_ENV === 'production',
});
const { render } = (await import(pathToFileURL(join(here, 'render.mjs')).href)) as RenderModule;

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.map': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.woff2': 'font/woff2',
};
const COMPRESSIBLE = /^(text\/|application\/(json|manifest\+json|xml)|image\/svg)/;

/** A page as sent: the body, compressed once per encoding on first need. */
interface Body {
  type: string;
  raw: Buffer;
  etag: string;
  br?: Buffer;
  gzip?: Buffer;
}

function bodyOf(type: string, content: string | Buffer): Body {
  const raw = typeof content === 'string' ? Buffer.from(content) : content;
  return { type, raw, etag: `"${createHash('sha1').update(raw).digest('base64url')}"` };
}

/**
 * Sends a body with its ETag; Express answers a HEAD, sets the length, and answers 304 when the browser's copy
 * is current (`res.send` checks `req.fresh`). Compressed once per encoding, at the best level, and kept.
 */
function send(req: Request, res: Response, status: number, body: Body, headers: Record<string, string>): void {
  // setHeader, not res.set: Express would add a charset to the JSON and manifest types.
  res.status(status).setHeader('Content-Type', body.type);
  res.set({ ETag: body.etag, ...headers });
  res.send(req.fresh ? body.raw : encoded(req, res, body));
}

/** The body in the best encoding the browser accepts (br, then gzip), for text types worth compressing. */
function encoded(req: Request, res: Response, body: Body): Buffer {
  if (!COMPRESSIBLE.test(body.type) || body.raw.length <= 512) return body.raw;
  res.vary('Accept-Encoding');
  const accepted = String(req.headers['accept-encoding'] ?? '');
  if (/\bbr\b/.test(accepted)) {
    body.br ??= brotliCompressSync(body.raw, { params: { [zlib.BROTLI_PARAM_QUALITY]: body.raw.length > 200_000 ? 9 : 11 } });
    res.set('Content-Encoding', 'br');
    return body.br;
  }
  if (/\bgzip\b/.test(accepted)) {
    body.gzip ??= gzipSync(body.raw, { level: 9 });
    res.set('Content-Encoding', 'gzip');
    return body.gzip;
  }
  return body.raw;
}

function sendText(req: Request, res: Response, status: number, type: string, text: string, cacheControl: string): void {
  send(req, res, status, bodyOf(type, text), { 'Cache-Control': cacheControl });
}

const UNAVAILABLE = JSON.stringify({ message: 'Service temporarily unavailable, please try again shortly' });

/**
 * Built files, read once (they never change under a running server). Only files found are kept: every page's
 * path (a product, a search text) also asks here first, and keeping those misses would grow without bound.
 */
const files = new Map<string, Body>();

function staticFile(pathname: string): Body | null {
  const kept = files.get(pathname);
  if (kept) return kept;
  const path = normalize(join(clientDir, decodeURIComponent(pathname)));
  if (!path.startsWith(clientDir + sep) || path.includes(`${sep}.vite${sep}`) || path.endsWith('index.html') || !existsSync(path) || !statSync(path).isFile()) return null;
  const found = bodyOf(TYPES[extname(path)] ?? 'application/octet-stream', readFileSync(path));
  files.set(pathname, found);
  return found;
}

function cacheOfFile(pathname: string): string {
  // Hashed names never change content; the service worker and the manifest must be checked on every visit.
  if (pathname.startsWith('/assets/')) return 'public, max-age=31536000, immutable';
  if (pathname === '/sw.js' || pathname.startsWith('/workbox-') || pathname.endsWith('.webmanifest')) return 'no-cache';
  return 'public, max-age=86400';
}

/** The origin links in pages point at: STOREFRONT_URL, else the request's own host. */
function originOf(req: Request): string {
  if (configuredOrigin) return configuredOrigin;
  const proto = String(req.headers['x-forwarded-proto'] ?? 'http').split(',')[0]?.trim() || 'http';
  return `${proto}://${req.headers['x-forwarded-host'] ?? req.headers.host ?? `localhost:${port}`}`;
}

/** Passes /api to the gateway as it is, with the client's address (the gateway's rate limits key on it). */
function proxyToGateway(req: Request, res: Response): void {
  // The whole path: under app.use('/api') Express strips the mount from req.url.
  const target = new URL(req.originalUrl, gatewayUrl);
  const forwardedFor = [req.headers['x-forwarded-for'], req.socket.remoteAddress].filter(Boolean).join(', ');
  const upstream = httpRequest(
    target,
    {
      method: req.method,
      headers: { ...req.headers, host: target.host, 'x-forwarded-for': forwardedFor, 'x-forwarded-host': req.headers.host ?? '', 'x-forwarded-proto': 'http' },
    },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    },
  );
  upstream.on('error', () => {
    if (!res.headersSent) sendText(req, res, 502, 'application/json', UNAVAILABLE, 'no-store');
    else res.destroy();
  });
  req.pipe(upstream);
}

/** A call to the gateway (the only host this is used for: pictures go through og-source.ts). */
async function fetchBuffer(url: URL): Promise<{ status: number; body: Buffer }> {
  return new Promise((done, fail) => {
    const get = url.protocol === 'https:' ? httpsRequest : httpRequest;
    const call = get(url, { timeout: 10_000 }, (answer) => {
      const chunks: Buffer[] = [];
      answer.on('data', (chunk: Buffer) => chunks.push(chunk));
      answer.on('end', () => done({ status: answer.statusCode ?? 0, body: Buffer.concat(chunks) }));
      answer.on('error', fail);
    });
    call.on('timeout', () => call.destroy(new Error(`${url} timed out`)));
    call.on('error', fail);
    call.end();
  });
}

const ogImages = new OgImageCache();

async function ogImage(req: Request, res: Response, id: string): Promise<void> {
  const product = await fetchBuffer(new URL(`/api/products/${encodeURIComponent(id)}`, gatewayUrl));
  if (product.status !== 200) {
    sendText(req, res, product.status === 404 || product.status === 400 ? 404 : 503, 'application/json', JSON.stringify({ message: 'Product not found' }), 'no-store');
    return;
  }
  const { image } = JSON.parse(product.body.toString('utf8')) as { image: unknown };
  const drawn = await ogPicture(typeof image === 'string' ? image : '');
  send(req, res, 200, bodyOf('image/jpeg', drawn), { 'Cache-Control': 'public, max-age=3600' });
}

/** The shop's default picture, drawn for previews whose product picture is not the shop's own or cannot be read. */
const DEFAULT_PICTURE = '/icons/icon-512.png';

/**
 * A product picture drawn for link previews, fetched only from the shop's own storage (og-source.ts); anything else,
 * or a picture that cannot be fetched or drawn, gives the default picture.
 */
async function ogPicture(image: string): Promise<Buffer> {
  const kept = ogImages.get(image);
  if (kept) return kept;
  const source = ownPictureUrl(image, { gatewayUrl, storageBaseUrl });
  const picture = source ? await fetchPicture(source, ogImageMaxBytes) : null;
  const drawn = picture ? await drawOgImage(picture).catch(() => null) : null;
  if (!drawn) {
    if (source) console.warn(`storefront-ssr: the picture ${source.href} could not be used for a link preview; the default one is shown`);
    return defaultOgPicture();
  }
  ogImages.set(image, drawn);
  return drawn;
}

let defaultDrawn: Promise<Buffer> | undefined;
function defaultOgPicture(): Promise<Buffer> {
  defaultDrawn ??= drawOgImage(readFileSync(join(clientDir, DEFAULT_PICTURE)));
  return defaultDrawn;
}

async function sitemap(req: Request, res: Response): Promise<void> {
  const answer = await fetchBuffer(new URL('/api/products', gatewayUrl));
  if (answer.status !== 200) throw new Error(`GET /api/products answered ${answer.status}`);
  const products = JSON.parse(answer.body.toString('utf8')) as { _id: string }[];
  sendText(req, res, 200, 'application/xml; charset=utf-8', sitemapXml(originOf(req), products), `public, max-age=${pageCacheSeconds * 10}`);
}

const shell = bodyOf('text/html; charset=utf-8', shellHtml(template));
const stagingShell = bodyOf('text/html; charset=utf-8', withTestShopBanner(shellHtml(template)));

const paymentMode = new PaymentModeCache(async () => {
  const answer = await fetchBuffer(new URL('/api/payments/mode', gatewayUrl));
  if (answer.status !== 200) throw new Error(`GET /api/payments/mode answered ${answer.status}`);
  return (JSON.parse(answer.body.toString('utf8')) as { testPayments?: unknown }).testPayments === true;
});

/** The shell, with the banner in a staging shop. */
async function shellFor(): Promise<Body> {
  return (await paymentMode.testPayments()) ? stagingShell : shell;
}

/** What a page is drawn with besides its URL: the visitor (from the cookie) and a form posted to it, to show again. */
interface PageContext {
  visitorId?: string;
  submission?: RenderSubmission;
}

async function page(req: Request, res: Response, url: URL, context?: PageContext, extraHeaders: Record<string, string> = {}): Promise<void> {
  const origin = originOf(req);
  const result = await render(new Request(new URL(url.pathname + url.search, origin), { method: 'GET' }), { apiUrl, origin, context });
  if (result.kind === 'redirect') {
    res.status(result.status).set({ ...extraHeaders, Location: result.location, 'Cache-Control': 'no-store' }).end();
    return;
  }
  if (result.kind === 'shell') {
    // The shopper's own screens: drawn in the browser, never kept by a shared cache.
    send(req, res, 200, await shellFor(), { 'Cache-Control': 'no-cache' });
    return;
  }
  const rendered = pageHtml(pageTemplate, result);
  const html = (await paymentMode.testPayments()) ? withTestShopBanner(rendered) : rendered;
  // Public pages: the browser asks again every time (`no-cache`, answered 304 by ETag when nothing changed) and never
  // shows a copy it kept, not even while it asks (a `stale-while-revalidate` meant for the edge let browsers show
  // the page as it was before a review, a price change or a deletion). The edge proxy (nginx) may keep the page
  // briefly: X-Accel-Expires is its own header, which it takes over Cache-Control and does not pass on.
  // A shopper's own page (a checkout, a form posted back with what they typed) is never kept anywhere.
  const headers: Record<string, string> =
    result.status === 200 && !result.personal ? { 'Cache-Control': 'public, no-cache', 'X-Accel-Expires': String(pageCacheSeconds) } : { 'Cache-Control': 'no-store' };
  send(req, res, result.status, bodyOf('text/html; charset=utf-8', html), { ...headers, ...extraHeaders });
}

/** The public forms this server answers without scripts, by path. */
const FORM_POSTS: Record<string, typeof postCheckout> = { '/checkout': postCheckout, '/contact': postContact };

const app = express();
app.disable('x-powered-by');
// Each body carries the ETag of its uncompressed bytes (`send`), the same whatever the encoding.
app.set('etag', false);

app.use('/api', proxyToGateway);
// Every answer of this server from here on; /api answers carry the gateway's own instead.
app.use((_req, res, next) => {
  res.set(securityHeaders);
  next();
});

app.post(/^\/product\/[^/]+\/review$/, (req, res) => postReview(req, res, gatewayUrl, productIdOfReviewPost(req.path) ?? ''));
for (const [path, posted] of Object.entries(FORM_POSTS)) {
  app.post(path, (req, res) => {
    // Only a page of this shop may post these forms (they place orders and send mail as the shopper).
    if (!isSameOriginPost(req, originOf(req))) return sendText(req, res, 403, 'text/plain; charset=utf-8', "This form can only be sent from the shop's own page.\n", 'no-store');
    return posted(req, res, gatewayUrl, (to, context, headers) => page(req, res, new URL(to, 'http://localhost'), context, headers));
  });
}
app.use((req, res, next) => {
  if (req.method === 'GET' || req.method === 'HEAD') return next();
  sendText(req, res, 405, 'application/json', JSON.stringify({ message: 'Method not allowed' }), 'no-store');
});

app.get('/healthz', (req, res) => sendText(req, res, 200, 'text/plain; charset=utf-8', 'ok\n', 'no-store'));
app.get('/robots.txt', (req, res) => sendText(req, res, 200, 'text/plain; charset=utf-8', robotsTxt(originOf(req)), 'public, max-age=3600'));
app.get('/sitemap.xml', (req, res) => sitemap(req, res));
app.get('/og/product/:id.jpg', (req, res) => ogImage(req, res, String(req.params.id)));
// The shell by its own name: the service worker precaches it for the screens drawn in the browser.
app.get('/index.html', async (req, res) => send(req, res, 200, await shellFor(), { 'Cache-Control': 'no-cache' }));
app.use((req, res, next) => {
  const file = staticFile(req.path);
  if (file) return send(req, res, 200, file, { 'Cache-Control': cacheOfFile(req.path) });
  // A missing file (an old chunk after a release): a plain 404, never the page shell in its place.
  if (extname(req.path) && req.path !== '/') return sendText(req, res, 404, 'text/plain; charset=utf-8', 'Not found\n', 'no-store');
  next();
});
app.use((req, res) => page(req, res, new URL(req.originalUrl, 'http://localhost'), { visitorId: cookieVisitorId(req) }));

app.use((error: unknown, req: Request, res: Response, _next: NextFunction) => {
  console.error(`storefront-ssr: ${req.method} ${req.originalUrl} failed:`, error);
  if (res.headersSent) res.destroy();
  // A page that could not be rendered (e.g. the gateway is down): the shell lets the browser try by itself.
  // (Without the banner: the gateway may be what failed.)
  else if (req.headers.accept?.includes('text/html')) send(req, res, 200, shell, { 'Cache-Control': 'no-store' });
  else sendText(req, res, 503, 'application/json', UNAVAILABLE, 'no-store');
});

const server = app.listen(port, host, () => console.log(`storefront-ssr listening on http://${host}:${port} (gateway ${gatewayUrl.origin})`));
server.keepAliveTimeout = 65_000;

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    server.close(() => process.exit(0));
    setTimeout(() => process.exit(0), 5_000).unref();
  });
}
