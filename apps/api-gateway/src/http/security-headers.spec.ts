import type { AddressInfo } from 'node:net';
import express from 'express';
import { apiDocsEnabled, securityHeaders } from './security-headers';

/** The headers a tiny express app with the middleware answers for a path. */
async function headersFor(nodeEnv: 'production' | 'development', path: string): Promise<Headers> {
  const app = express();
  app.use(securityHeaders({ NODE_ENV: nodeEnv }));
  app.use((_req, res) => res.json({ ok: true }));
  const server = app.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  try {
    return (await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`)).headers;
  } finally {
    server.close();
  }
}

describe('gateway security headers', () => {
  it('lets nothing run or frame an API answer, and sends HSTS in production only', async () => {
    const production = await headersFor('production', '/api/products');
    expect(production.get('content-security-policy')).toBe("default-src 'none';frame-ancestors 'none';base-uri 'none';form-action 'none'");
    expect(production.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    expect(production.get('x-content-type-options')).toBe('nosniff');
    expect(production.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect((await headersFor('development', '/api/products')).get('strict-transport-security')).toBeNull();
  });

  it("gives the OpenAPI UI its own scripts and styles, still never framed", async () => {
    const csp = (await headersFor('production', '/api/docs/swagger-ui.css')).get('content-security-policy');
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
  });

  it('serves the docs outside production, and in production only with API_DOCS=true', () => {
    expect(apiDocsEnabled({ NODE_ENV: 'development', API_DOCS: undefined })).toBe(true);
    expect(apiDocsEnabled({ NODE_ENV: 'production', API_DOCS: undefined })).toBe(false);
    expect(apiDocsEnabled({ NODE_ENV: 'production', API_DOCS: true })).toBe(true);
    expect(apiDocsEnabled({ NODE_ENV: 'test', API_DOCS: false })).toBe(false);
  });
});
