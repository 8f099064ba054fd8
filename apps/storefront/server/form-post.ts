import { randomInt } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { type ClientRequest, request as httpRequest } from 'node:http';

/**
 * What the storefront's server needs to answer a public form posted without scripts (checkout, contact): the
 * same-origin check that keeps other sites from posting them, the form's fields, the visitor's id, and a JSON call
 * to the gateway's own API on the shopper's behalf.
 */

const VISITOR_ID = /^uid-[A-Za-z0-9_-]{12}$/;
const VISITOR_COOKIE = 'shop_visitor';
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/** A checkout or contact form is a few kilobytes at most (a message is at most 5000 characters). */
const MAX_BODY_BYTES = 32 * 1024;

/**
 * A cross-site request forgery check: the post must come from a page of this shop. Browsers send `Origin` with
 * every form post (and `Sec-Fetch-Site`); a post naming another origin, or a cross-site fetch, is refused.
 */
export function isSameOriginPost(req: IncomingMessage, origin: string): boolean {
  const site = req.headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin' && site !== 'none') return false;
  const from = req.headers.origin;
  if (from === undefined) return site === 'same-origin';
  return from === origin;
}

/** The posted fields (urlencoded), or null when the body is larger than `maxBytes`. */
export async function readFields(req: IncomingMessage, maxBytes: number): Promise<URLSearchParams | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxBytes) return null;
    chunks.push(chunk);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

/** The form's fields (urlencoded), or null when the body is not one or far too large. */
async function readForm(req: IncomingMessage): Promise<URLSearchParams | null> {
  if (!String(req.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded')) return null;
  return readFields(req, MAX_BODY_BYTES);
}

/** Only the named fields, each as text (the last one wins if a name comes twice). */
function fieldsOf(form: URLSearchParams, names: readonly string[]): Record<string, string> {
  return Object.fromEntries(names.filter((name) => form.has(name)).map((name) => [name, form.getAll(name).at(-1) ?? '']));
}

/** A posted form's named fields and its visitor; for a body that is not the form or far too large, answers 413 with `tooLarge` itself and gives null. */
export async function readPostedForm(
  req: IncomingMessage,
  res: ServerResponse,
  names: readonly string[],
  tooLarge: string,
): Promise<{ values: Record<string, string>; visitorId: string; setCookie?: string } | null> {
  const form = await readForm(req);
  if (!form) {
    res.writeHead(413, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' }).end(`${tooLarge}\n`);
    return null;
  }
  return { values: fieldsOf(form, names), ...visitorOf(req) };
}

/** A cookie of the request by name. */
export function cookieValue(req: IncomingMessage, name: string): string | undefined {
  for (const part of String(req.headers.cookie ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return decodeURIComponent(value.join('='));
  }
  return undefined;
}

/** Whether a text is a visitor id as this shop makes them. */
export function isVisitorId(value: string): boolean {
  return VISITOR_ID.test(value);
}

/** The cookie that keeps a visitor's id for a year. */
export function visitorCookie(visitorId: string): string {
  return `${VISITOR_COOKIE}=${visitorId}; Path=/; Max-Age=31536000; SameSite=Lax; HttpOnly`;
}

/** The visitor id this server's cookie holds (set when a form was posted without scripts), if any. */
export function cookieVisitorId(req: IncomingMessage): string | undefined {
  const fromCookie = cookieValue(req, VISITOR_COOKIE) ?? '';
  return VISITOR_ID.test(fromCookie) ? fromCookie : undefined;
}

/** The visitor's id from this server's cookie, else a new one, with the cookie to set when it is new. */
export function visitorOf(req: IncomingMessage): { visitorId: string; setCookie?: string } {
  const fromCookie = cookieVisitorId(req);
  if (fromCookie) return { visitorId: fromCookie };
  const visitorId = `uid-${Array.from({ length: 12 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('')}`;
  return { visitorId, setCookie: visitorCookie(visitorId) };
}

/** The client's address added to the addresses it came through (X-Forwarded-For): the gateway's limits key on it. */
export function forwardedFor(req: IncomingMessage): string {
  return [req.headers['x-forwarded-for'], req.socket.remoteAddress].filter(Boolean).join(', ');
}

/** The gateway's answer: its status (0 when it could not be reached), its JSON body, if any, and the cookies it set. */
export interface GatewayAnswer {
  status: number;
  body: unknown;
  setCookie?: string[];
}

/** A JSON call to the gateway's API as the shopper (their address forwarded: the gateway's limits key on it). */
export function callGateway(gatewayUrl: URL, req: IncomingMessage, method: string, path: string, body: unknown, headers: Record<string, string> = {}): Promise<GatewayAnswer> {
  const payload = JSON.stringify(body);
  const sent = { 'Content-Type': 'application/json', 'Content-Length': String(Buffer.byteLength(payload)), ...headers };
  return requestGateway(gatewayUrl, req, method, path, sent, (call) => call.end(payload));
}

/**
 * The shopper's own request body passed to the gateway as it comes (a file upload: never held whole here), with its
 * type and length; the gateway's checks and limits apply to it.
 */
export function streamToGateway(gatewayUrl: URL, req: IncomingMessage, path: string, headers: Record<string, string>): Promise<GatewayAnswer> {
  const length = req.headers['content-length'];
  const sent = { 'Content-Type': String(req.headers['content-type'] ?? ''), ...(length ? { 'Content-Length': length } : {}), ...headers };
  return requestGateway(gatewayUrl, req, 'POST', path, sent, (call) => req.pipe(call));
}

function requestGateway(gatewayUrl: URL, req: IncomingMessage, method: string, path: string, headers: Record<string, string>, send: (call: ClientRequest) => void): Promise<GatewayAnswer> {
  return new Promise((done) => {
    const call = httpRequest(new URL(path, gatewayUrl), { method, timeout: 15_000, headers: { ...headers, 'X-Forwarded-For': forwardedFor(req) } }, (answer) => {
      const parts: Buffer[] = [];
      answer.on('data', (chunk: Buffer) => parts.push(chunk));
      answer.on('end', () => {
        let parsed: unknown = null;
        try {
          parsed = JSON.parse(Buffer.concat(parts).toString('utf8'));
        } catch {
          /* not JSON: no body */
        }
        done({ status: answer.statusCode ?? 502, body: parsed, setCookie: answer.headers['set-cookie'] });
      });
      answer.on('error', () => done({ status: 0, body: null }));
    });
    call.on('timeout', () => call.destroy(new Error('timed out')));
    // An answer that came first (a refusal before the whole body was sent) stands; `done` keeps the first outcome.
    call.on('error', () => done({ status: 0, body: null }));
    send(call);
  });
}

/** The gateway's message for a refusal (written for shoppers); never a 5xx's text. */
export function refusalOf(answer: GatewayAnswer, fallback: string): string {
  if (answer.status >= 400 && answer.status < 500 && answer.body && typeof answer.body === 'object' && 'message' in answer.body) {
    const { message } = answer.body as { message: unknown };
    if (typeof message === 'string' && message.trim()) return message;
  }
  return fallback;
}
