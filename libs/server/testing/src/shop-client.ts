import { randomBytes } from 'node:crypto';

/** What the gateway answered: the status, the parsed JSON body (or the text when it is not JSON) and the headers. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read whatever JSON came back
export type Answer = { status: number; body: any; headers: Headers };

/** One line of an order as the checkout sends it. */
export type OrderLine = { product: string; variant?: string; qty: number; confirmedPrice?: number };

/** Whom to log in as. */
export interface Credentials {
  username: string;
  password: string;
}

/** The first admin of a stack started without ADMIN_USERNAME / ADMIN_PASSWORD. */
export const DEFAULT_ADMIN: Credentials = { username: 'admin', password: 'change-me-admin' };

/** A JSON request body with its content type, and any other headers. */
export const json = (body: unknown, headers: Record<string, string> = {}): RequestInit => ({
  headers: { 'content-type': 'application/json', ...headers },
  body: JSON.stringify(body),
});

/** The Authorization header for a token. */
export function bearer(token: string): Record<string, string> {
  return { authorization: `Bearer ${token}` };
}

/** A fresh visitor id ('uid-' + 12 characters). */
export function visitor(): string {
  return `uid-${randomBytes(9).toString('base64url').slice(0, 12)}`;
}

/** Valid checkout fields (spec section 5) for a visitor. */
export function customer(id: string): Record<string, string> {
  return { id, fname: 'Asha', lname: "O'Brien", email: 'asha@example.com', phone: '8685551234', city: 'Port of Spain', street: '12 Frederick St.' };
}

export interface EventuallyOptions {
  /** How long to keep asking (default 15 s). */
  timeoutMs?: number;
  /** The pause between two reads (default 100 ms). */
  intervalMs?: number;
  /** Names what is awaited: when given, a timeout throws an error with this name and the last value instead of answering it. */
  what?: string;
}

/** Polls `read` until `check` holds on its value or the time is up; answers the last value (or throws, given `what`). */
export async function eventually<T>(read: () => T | Promise<T>, check: (value: T) => boolean, options: number | EventuallyOptions = {}): Promise<T> {
  const { timeoutMs = 15_000, intervalMs = 100, what } = typeof options === 'number' ? { timeoutMs: options } : options;
  const deadline = Date.now() + timeoutMs;
  let value = await read();
  while (!check(value)) {
    if (Date.now() > deadline) {
      if (what === undefined) return value;
      const shown = isAnswer(value) ? `${value.status} ${JSON.stringify(value.body)}` : JSON.stringify(value);
      throw new Error(`${what}: not seen in time; last answer ${(shown ?? '').slice(0, 300)}`);
    }
    await new Promise((r) => setTimeout(r, intervalMs));
    value = await read();
  }
  return value;
}

function isAnswer(value: unknown): value is Answer {
  return typeof value === 'object' && value !== null && 'status' in value && 'headers' in value;
}

export interface PlaceOrderOptions {
  /** Pay in person (`/api/orders/inperson`) instead of by card. */
  inPerson?: boolean;
  /** The Idempotency-Key the storefront sends with a checkout. */
  key?: string;
  /** More body fields (a discount code, a delivery area, …), over the customer's. */
  extra?: Record<string, unknown>;
  /** More headers (a request id, a client address, …). */
  headers?: Record<string, string>;
}

/** What the sandbox's hosted page did: its HTML, where it sent the shopper back, and that redirect's parameters. */
export interface SandboxPayment {
  page: string;
  location: URL;
  params: Record<string, string>;
}

/**
 * The shop as its clients see it, for tests and benchmarks: the gateway's routes for a shopper (place, quote, pay on
 * the sandbox, track) and for the owner (log in, then call with the token). Made from a base URL, or from a
 * TestStack with `stack.client` (or `ShopClient.of(stack)`).
 */
export class ShopClient {
  constructor(
    readonly baseUrl: string,
    /** When set, each request without a signal of its own gives up after this long (the benchmarks' load). */
    readonly timeoutMs?: number,
  ) {}

  /** The client of a running stack (anything with a `gatewayUrl`) or of a base URL. */
  static of(target: string | { gatewayUrl: string }, timeoutMs?: number): ShopClient {
    return new ShopClient(typeof target === 'string' ? target : target.gatewayUrl, timeoutMs);
  }

  /** A fetch against the gateway that answers status, parsed JSON body (the text when not JSON) and headers. */
  async request(path: string, init: RequestInit = {}): Promise<Answer> {
    const res = await fetch(this.baseUrl + path, { ...init, signal: init.signal ?? this.signal() });
    const text = await res.text();
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      /* not JSON: keep the text */
    }
    return { status: res.status, body, headers: res.headers };
  }

  /** A JSON request (`body` undefined: none) with any headers. */
  send(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer> {
    return this.request(path, body === undefined ? { method, headers } : { method, ...json(body, headers) });
  }

  /** Places an order as the checkout does, for `visitorId` with the test customer's fields. */
  placeOrder(visitorId: string, items: OrderLine[], options: PlaceOrderOptions = {}): Promise<Answer> {
    const headers: Record<string, string> = { 'x-visitor-id': visitorId, ...options.headers };
    if (options.key) headers['idempotency-key'] = options.key;
    return this.request(options.inPerson ? '/api/orders/inperson' : '/api/orders', {
      method: 'POST',
      ...json({ ...customer(visitorId), orderItems: items, ...options.extra }, headers),
    });
  }

  /** What the shop would charge for these lines (`POST /api/orders/quote`), with any more body fields. */
  quote(items: OrderLine[], extra: Record<string, unknown> = {}, headers: Record<string, string> = {}): Promise<Answer> {
    return this.send('POST', '/api/orders/quote', { orderItems: items, ...extra }, headers);
  }

  /** Asks for the payment page of an order (`POST /api/orders/pay`) as the visitor who placed it. */
  payPage(orderId: string, visitorId: string): Promise<Answer> {
    return this.send('POST', '/api/orders/pay', { orderId }, { 'x-visitor-id': visitorId });
  }

  /**
   * The card flow on the sandbox: asks for the payment page, follows the hosted page, presses a button (or enters
   * a test card) and answers where it sent the shopper back. Throws when a step does not answer as it should.
   */
  async pay(orderId: string, visitorId: string, form: Record<string, string> = { action: 'approve' }): Promise<SandboxPayment> {
    const pay = await this.payPage(orderId, visitorId);
    if (pay.status !== 200) throw new Error(`pay failed: ${pay.status} ${JSON.stringify(pay.body)}`);
    const page = await (await fetch(pay.body.url, { signal: this.signal() })).text();
    const res = await this.approveOnSandbox(pay.body.url, form);
    if (res.status !== 303) throw new Error(`sandbox answered ${res.status}: ${await res.text()}`);
    const location = new URL(res.headers.get('location') ?? '');
    return { page, location, params: Object.fromEntries(location.searchParams) };
  }

  /** Submits the sandbox's hosted page (`url` from payPage) with a button or a test card; answers its redirect unfollowed. */
  approveOnSandbox(url: string, form: Record<string, string> = { action: 'approve' }): Promise<Response> {
    return fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form).toString(),
      redirect: 'manual',
      signal: this.signal(),
    });
  }

  /** Hands a payment redirect's parameters on as the shopper's browser does (`null`: without a visitor id). */
  sendPaymentResult(orderId: string, params: Record<string, string>, visitorId: string | null): Promise<Answer> {
    return this.send('PUT', `/api/orders/payment/${orderId}`, params, visitorId ? { 'x-visitor-id': visitorId } : {});
  }

  /** A visitor's orders (`GET /api/orders/tracking/{visitor}`), asked as `asVisitor` (default: the same visitor; `null`: none). */
  track(visitorId: string, asVisitor: string | null = visitorId): Promise<Answer> {
    return this.request(`/api/orders/tracking/${visitorId}`, { headers: asVisitor ? { 'x-visitor-id': asVisitor } : {} });
  }

  /** Logs in with the JSON (script) login and answers the bearer token; `code` is a second-factor code where the account has one. */
  async adminLogin(who: Credentials = DEFAULT_ADMIN, options: { code?: string; headers?: Record<string, string> } = {}): Promise<string> {
    const res = await this.send('POST', '/api/users/login', { ...who, ...(options.code ? { code: options.code } : {}) }, options.headers);
    if (res.status !== 200) throw new Error(`admin login failed: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.token as string;
  }

  private signal(): AbortSignal | undefined {
    return this.timeoutMs ? AbortSignal.timeout(this.timeoutMs) : undefined;
  }

  /** The owner's calls with a bearer token: `(method, path, body?)`, the body sent as JSON. */
  asAdmin(token: string): (method: string, path: string, body?: unknown) => Promise<Answer> {
    return (method, path, body) => this.send(method, path, body, bearer(token));
  }
}
