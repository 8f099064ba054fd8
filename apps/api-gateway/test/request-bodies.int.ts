import { randomUUID } from 'node:crypto';
import { bearer, useShop } from '@shop/server-testing';

// Drill 6 of issue 14 and the body fuzz: every write route of the OpenAPI document (so a new route is
// covered without touching this file) answers a body it cannot read with a 4xx `{ message }`, never a
// 5xx: over the parser's limit 413, bad JSON 400, the wrong content type or a broken multipart form 4xx.

const WRITE_METHODS = ['post', 'put', 'patch', 'delete'] as const;
/** Express's JSON and form parsers accept 100 KB by default; twice that is surely over. */
const OVER_LIMIT_BYTES = 200 * 1024;

interface Route {
  method: (typeof WRITE_METHODS)[number];
  path: string;
}

const shop = useShop({}, { admin: true });
let routes: Route[];

beforeAll(async () => {
  const doc = await shop.stack.request('/api/docs/openapi.json');
  expect(doc.status).toBe(200);
  routes = Object.entries(doc.body.paths as Record<string, Record<string, unknown>>).flatMap(([path, ops]) =>
    WRITE_METHODS.filter((m) => ops[m] !== undefined).map((method) => ({ method, path })),
  );
  // The routes that end the admin's sessions go last, so that the others run as a signed-in admin.
  routes.sort((a, b) => Number(/logout/.test(a.path)) - Number(/logout/.test(b.path)));
});

/** The route's path with every parameter filled by an id that names nothing. */
function urlOf(route: Route): string {
  return route.path.replace(/\{[^}]+\}/g, () => randomUUID());
}

async function send(route: Route, contentType: string, body: string, auth = true): Promise<{ status: number; body: unknown; text: string }> {
  const res = await shop.stack.request(urlOf(route), {
    method: route.method.toUpperCase(),
    headers: { 'content-type': contentType, 'x-visitor-id': 'uid-fuzzfuzzfuzz', ...(auth ? bearer(shop.admin) : {}) },
    body,
  });
  return { ...res, text: typeof res.body === 'string' ? res.body : JSON.stringify(res.body) };
}

function label(route: Route): string {
  return `${route.method.toUpperCase()} ${route.path}`;
}

/** Collects every route whose answer broke the rule, so that one run names them all. */
async function checkAll(check: (route: Route) => Promise<string | null>): Promise<string[]> {
  const failures: string[] = [];
  for (const route of routes) {
    const problem = await check(route);
    if (problem) failures.push(`${label(route)}: ${problem}`);
  }
  return failures;
}

function hasMessage(body: unknown): boolean {
  return typeof body === 'object' && body !== null && typeof (body as { message?: unknown }).message === 'string' && (body as { message: string }).message.length > 0;
}

it('finds the write routes in the OpenAPI document', () => {
  const names = routes.map(label);
  expect(names).toEqual(expect.arrayContaining(['POST /api/products', 'POST /api/users/login', 'POST /api/orders/pay', 'POST /api/orders', 'PUT /api/products/{id}']));
  expect(routes.length).toBeGreaterThan(15);
});

it('answers 413 { message } to a JSON body over the limit on every write route, signed in or not', async () => {
  const big = JSON.stringify({ name: 'x'.repeat(OVER_LIMIT_BYTES), description: 'too long' });
  const failures = await checkAll(async (route) => {
    for (const auth of [false, true]) {
      const res = await send(route, 'application/json', big, auth);
      if (res.status !== 413 || !hasMessage(res.body)) return `${auth ? 'admin' : 'anonymous'} got ${res.status} ${res.text.slice(0, 200)}`;
    }
    return null;
  });
  expect(failures).toEqual([]);
});

it('answers 413 { message } to an urlencoded form over the limit on every write route', async () => {
  const big = `name=${'x'.repeat(OVER_LIMIT_BYTES)}`;
  const failures = await checkAll(async (route) => {
    const res = await send(route, 'application/x-www-form-urlencoded', big);
    return res.status === 413 && hasMessage(res.body) ? null : `got ${res.status} ${res.text.slice(0, 200)}`;
  });
  expect(failures).toEqual([]);
});

it('answers 400 { message } to a body that is not valid JSON on every write route', async () => {
  const failures = await checkAll(async (route) => {
    for (const body of ['{"name": ', '{name: 1}', 'null', '"just a string"', '\u0000\u0001']) {
      const res = await send(route, 'application/json', body);
      if (res.status !== 400 || !hasMessage(res.body)) return `${JSON.stringify(body)} got ${res.status} ${res.text.slice(0, 200)}`;
    }
    return null;
  });
  expect(failures).toEqual([]);
});

it('never answers 5xx to the wrong content type or a broken multipart form, and says why when it refuses', async () => {
  const bodies: Array<[string, string]> = [
    ['text/plain', 'name=Balm&price=12'],
    ['application/xml', '<product><name>Balm</name></product>'],
    ['multipart/form-data; boundary=----shop', '------shop\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\n\r\nnot finished'],
    ['multipart/form-data', 'no boundary at all'],
    ['application/json; charset=klingon', '{"name":"Balm"}'],
  ];
  const failures = await checkAll(async (route) => {
    for (const [type, body] of bodies) {
      const res = await send(route, type, body);
      if (res.status >= 500 || (res.status >= 400 && !hasMessage(res.body))) return `${type} got ${res.status} ${res.text.slice(0, 200)}`;
    }
    return null;
  });
  expect(failures).toEqual([]);
});

/** A small deterministic generator (mulberry32), so that a failure can be run again exactly. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

it('fuzz: odd JSON of every size, from a few bytes to well over the limit, never gets a 5xx', async () => {
  const rnd = random(14);
  const values: unknown[] = [[], [1, 2], {}, { name: null }, { name: 1e308, price: -1, qty: 'many' }, { orderItems: 'x' }, { a: { b: { c: [] } } }];
  const sizes = [10, 1000, 50_000, 99_000, 101 * 1024, 150_000, 1_000_000];
  const failures = await checkAll(async (route) => {
    for (const size of sizes) {
      const value = values[Math.floor(rnd() * values.length)];
      const pad = 'é'.repeat(Math.floor(size / 2));
      const padded = JSON.stringify(Array.isArray(value) ? [...value, pad] : { ...(value as object), pad });
      const res = await send(route, 'application/json', padded);
      const tooBig = Buffer.byteLength(padded) > 100 * 1024;
      if (res.status >= 500 || (res.status >= 400 && !hasMessage(res.body))) return `${size} bytes got ${res.status} ${res.text.slice(0, 200)}`;
      if (tooBig && res.status !== 413) return `${Buffer.byteLength(padded)} bytes got ${res.status}, not 413`;
    }
    return null;
  });
  expect(failures).toEqual([]);
});
